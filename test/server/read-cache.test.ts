/**
 * The read cache never keeps a value computed before a change it learnt of
 * meanwhile: a commit seen by another request's sync, or a write of this
 * process, while the value was being computed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/server/read-cache.js';
import { openSqlite, type SqliteDatabase } from '../../src/server/sql/sqlite.js';

let dir: string;
let db: SqliteDatabase;
let other: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-cache-'));
  db = openSqlite(join(dir, 'c.db'));
  other = openSqlite(join(dir, 'c.db'));
});
afterEach(async () => {
  await db.close();
  await other.close();
  rmSync(dir, { recursive: true, force: true });
});

const commitElsewhere = (n: number) => other.run("INSERT INTO meta (key, value) VALUES (?, 'x')", [`k${n}`]);
/** A request read in a later turn of the event loop (one check serves all those read in one turn). */
const nextRequest = (cache: ReadCache) => new Promise((r) => setImmediate(r)).then(() => cache.sync());

describe('ReadCache', () => {
  it('answers a repeated request until a commit elsewhere, then forgets it', async () => {
    const cache = new ReadCache(db);
    await cache.sync();
    cache.keepAnswer('u1 /v2/x', Buffer.from('first'), cache.stamp());
    await nextRequest(cache);
    expect(cache.answered('u1 /v2/x')?.toString()).toBe('first');
    await commitElsewhere(1);
    await nextRequest(cache);
    expect(cache.answered('u1 /v2/x')).toBeUndefined();
  });

  it('does not keep an answer computed before another request saw a commit', async () => {
    const cache = new ReadCache(db);
    await cache.sync();
    const stamp = cache.stamp();
    // Meanwhile: a commit elsewhere, and the next request's sync drops the cache.
    await commitElsewhere(2);
    await nextRequest(cache);
    cache.keepAnswer('u1 /v2/x', Buffer.from('older than the commit'), stamp);
    await nextRequest(cache);
    expect(cache.answered('u1 /v2/x')).toBeUndefined();
  });

  it('one check serves the requests read in one turn; a write of this process ends it', async () => {
    const cache = new ReadCache(db);
    await cache.sync();
    cache.keepAnswer('k', Buffer.from('v'), cache.stamp());
    cache.bump();
    // Same turn, but after a write of this process: checked again, and dropped.
    await cache.sync();
    expect(cache.answered('k')).toBeUndefined();
  });

  it('does not keep a page or a lookup whose computing a write of this process overtook', async () => {
    const cache = new ReadCache(db);
    await cache.sync();
    const page = await cache.read('page', async () => {
      cache.bump();
      return 'computed before the write';
    });
    expect(page.toString()).toBe('computed before the write');
    let computed = 0;
    await cache.memo('lookup', async () => {
      computed++;
      cache.bump();
      return 1;
    });
    await cache.memo('lookup', async () => ++computed);
    expect(computed).toBe(2);
    await nextRequest(cache);
    const again = await cache.read('page', async () => 'read again');
    expect(again.toString()).toBe('read again');
  });
});
