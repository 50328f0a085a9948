/** The change log's reader (one per process): heartbeats, resuming, and what it says once changes are purged. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeFeed, type ChangeRow, type Listener } from '../../src/server/changes-feed.js';
import { openSqlite, type SqliteDatabase } from '../../src/server/sql/sqlite.js';

let dir: string;
let db: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-feed-'));
  db = openSqlite(join(dir, 'f.db'));
});
afterEach(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

const add = (boardId: number, cardId: number) =>
  db.run(
    "INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (?, ?, 'card-moved', 1, 'a@x.io', 0)",
    [boardId, cardId],
  );

function listener(
  boards: number[],
): Listener & { got: ChangeRow[]; beats: number; ended: boolean; next: Promise<void> } {
  let wake = () => {};
  const l = {
    got: [] as ChangeRow[],
    beats: 0,
    ended: false,
    next: Promise.resolve(),
    sees: async (b: number) => boards.includes(b),
    userId: 1,
    async send(row: ChangeRow) {
      l.got.push(row);
      wake();
    },
    async beat() {
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
    const feed = new ChangeFeed(db, { heartbeatMs: 5 });
    const l = listener([1]);
    await feed.subscribe(l, undefined);
    await l.next;
    expect(l.beats).toBeGreaterThan(0);
    feed.close();
    expect(l.ended).toBe(true);
  });

  it('replays after Last-Event-ID only the boards a stream sees; "reload" once those changes are purged', async () => {
    const feed = new ChangeFeed(db);
    await add(1, 10);
    await add(2, 20);
    await add(1, 11);
    const { sub, missed } = await feed.subscribe(listener([1]), 0);
    expect(missed === 'reload' ? missed : missed.map((r) => r.card_id)).toEqual([10, 11]);
    feed.unsubscribe(sub);
    await db.run('DELETE FROM changes WHERE id <= 2');
    expect((await feed.subscribe(listener([1]), 1)).missed).toBe('reload');
    // Resuming from the newest kept id still works: nothing was lost after it.
    expect((await feed.subscribe(listener([1]), 3)).missed).toEqual([]);
    feed.close();
  });

  it('one reader hands a change to every stream that sees it', async () => {
    const feed = new ChangeFeed(db, { pollMs: 5 });
    const a = listener([1]);
    const b = listener([1, 2]);
    await feed.subscribe(a, undefined);
    await feed.subscribe(b, undefined);
    await db.tx(async (sql) => {
      await sql.run(
        "INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (2, 20, 'card-moved', 1, 'a@x.io', 0)",
      );
      await sql.run(
        "INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (1, 10, 'card-moved', 1, 'a@x.io', 0)",
      );
    });
    await a.next;
    await new Promise<void>((r) => setTimeout(r, 20));
    expect(a.got.map((r) => r.card_id)).toEqual([10]);
    expect(b.got.map((r) => r.card_id)).toEqual([20, 10]);
    feed.close();
  });
});
