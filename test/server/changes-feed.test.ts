/** The change log's reader (one per process): heartbeats, resuming, and what it says once changes are purged. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed, type ChangeRow, type Listener } from '../../src/server/changes-feed.js';
import { openDb, statementCache, type DB } from '../../src/server/db.js';

let dir: string;
let db: DB;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-feed-'));
  db = openDb(join(dir, 'f.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const add = (boardId: number, cardId: number) =>
  db
    .prepare(
      "INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (?, ?, 'card-moved', 1, 'a@x.io', 0)",
    )
    .run(boardId, cardId);

function listener(
  boards: number[],
): Listener & { got: ChangeRow[]; beats: number; ended: boolean; next: Promise<void> } {
  let wake = () => {};
  const l = {
    got: [] as ChangeRow[],
    beats: 0,
    ended: false,
    next: Promise.resolve(),
    sees: (b: number) => boards.includes(b),
    send(row: ChangeRow) {
      l.got.push(row);
      wake();
    },
    beat() {
      l.beats++;
      wake();
    },
    end() {
      l.ended = true;
    },
  };
  l.next = new Promise<void>((r) => (wake = r));
  return l;
}

describe('ChangeFeed', () => {
  it('sends heartbeats to an idle stream, and ends every stream on close', async () => {
    const feed = new ChangeFeed(statementCache(db), { heartbeatMs: 5 });
    const l = listener([1]);
    feed.subscribe(l, undefined);
    await l.next;
    expect(l.beats).toBeGreaterThan(0);
    feed.close();
    expect(l.ended).toBe(true);
  });

  it('replays after Last-Event-ID only the boards a stream sees; "reload" once those changes are purged', async () => {
    const feed = new ChangeFeed(statementCache(db));
    add(1, 10);
    add(2, 20);
    add(1, 11);
    const { sub, missed } = feed.subscribe(listener([1]), 0);
    expect(missed === 'reload' ? missed : missed.map((r) => r.card_id)).toEqual([10, 11]);
    feed.unsubscribe(sub);
    db.prepare('DELETE FROM changes WHERE id <= 2').run();
    expect(feed.subscribe(listener([1]), 1).missed).toBe('reload');
    // Resuming from the newest kept id still works: nothing was lost after it.
    expect(feed.subscribe(listener([1]), 3).missed).toEqual([]);
    feed.close();
  });

  it('one reader hands a change to every stream that sees it', async () => {
    const feed = new ChangeFeed(statementCache(db), { pollMs: 5 });
    const a = listener([1]);
    const b = listener([1, 2]);
    feed.subscribe(a, undefined);
    feed.subscribe(b, undefined);
    add(2, 20);
    add(1, 10);
    await a.next;
    await new Promise<void>((r) => setImmediate(r));
    expect(a.got.map((r) => r.card_id)).toEqual([10]);
    expect(b.got.map((r) => r.card_id)).toEqual([20, 10]);
    feed.close();
  });
});
