/**
 * The storage interface's contract, the same cases on both engines: a
 * SQLite file in a temp dir, and a fresh database on the run's PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/sql/open.js';
import type { Database, Engine, Sql } from '../../../src/server/sql/sql.js';
import { freshPostgresUrl } from '../../support/postgres.js';

interface Target {
  engine: Engine;
  /** Where a database lives; opening it twice gives two connections to one store. */
  make(): Promise<{ target: string; done(): void }>;
}

const targets: Target[] = [
  {
    engine: 'sqlite',
    make: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'inboard-sql-'));
      return { target: join(dir, 'db.sqlite'), done: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  { engine: 'postgres', make: async () => ({ target: await freshPostgresUrl(), done: () => {} }) },
];

const NOW = '2026-01-01T00:00:00.000Z';

const addUser = async (sql: Sql, email: string): Promise<number> => {
  const row = await sql.get<{ id: number }>(
    "INSERT INTO users (email, name, plan, created_at) VALUES (?, ?, 'pro', ?) RETURNING id",
    [email, email, NOW],
  );
  if (row === undefined) throw new Error('no id returned');
  return row.id;
};

const count = async (sql: Sql, table = 'users'): Promise<number> =>
  (await sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))?.n ?? -1;

describe.each(targets)('the $engine engine', ({ engine, make }) => {
  let db: Database;
  let target: string;
  let done: () => void;
  const others: Database[] = [];
  /** Another connection to the same database (another process or instance, as far as the engine knows). */
  const other = async (): Promise<Database> => {
    const d = await openDatabase(target);
    others.push(d);
    return d;
  };

  beforeEach(async () => {
    ({ target, done } = await make());
    db = await openDatabase(target);
  });
  afterEach(async () => {
    for (const d of others.splice(0)) await d.close();
    await db.close();
    done();
  });

  it('is the engine its target names', () => {
    expect(db.engine).toBe(engine);
  });

  it('get, all and run: first row, every row, rows changed', async () => {
    const ids = [await addUser(db, 'a@x.io'), await addUser(db, 'b@x.io'), await addUser(db, 'c@x.io')];
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(ids[1]).toBeGreaterThan(ids[0] ?? Infinity);
    expect(await db.get('SELECT email FROM users WHERE id = ?', [ids[1] ?? 0])).toEqual({ email: 'b@x.io' });
    expect(await db.get('SELECT email FROM users WHERE id = ?', [-1])).toBeUndefined();
    const all = await db.all<{ email: string }>('SELECT email FROM users ORDER BY id');
    expect(all.map((r) => r.email)).toEqual(['a@x.io', 'b@x.io', 'c@x.io']);
    expect(await db.run("UPDATE users SET plan = 'free' WHERE email <> ?", ['a@x.io'])).toBe(2);
    expect(await db.run('DELETE FROM users WHERE id = ?', [-1])).toBe(0);
  });

  it('upserts: ON CONFLICT DO NOTHING changes nothing, DO UPDATE takes the new value', async () => {
    const upsert = 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';
    expect(await db.run(upsert, ['k', 'one'])).toBe(1);
    expect(await db.run(upsert, ['k', 'two'])).toBe(1);
    expect(await db.get('SELECT value FROM meta WHERE key = ?', ['k'])).toEqual({ value: 'two' });
    const keep = 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING';
    expect(await db.run(keep, ['k', 'three'])).toBe(0);
    expect(await db.get('SELECT value FROM meta WHERE key = ?', ['k'])).toEqual({ value: 'two' });
  });

  it('emails: equal and unique whatever their case', async () => {
    const id = await addUser(db, 'Ann@Example.com');
    expect(await db.get('SELECT id FROM users WHERE email = ?', ['ann@EXAMPLE.COM'])).toEqual({ id });
    await expect(addUser(db, 'ANN@example.com')).rejects.toThrow(/unique/i);
    const taken = "INSERT INTO users (email, name, plan, created_at) VALUES (?, 'x', 'pro', ?) ON CONFLICT DO NOTHING";
    expect(await db.run(taken, ['ann@example.COM', NOW])).toBe(0);
  });

  it('board members list in the order they were added (ORDER BY rowid)', async () => {
    const owner = await addUser(db, 'o@x.io');
    const board = await db.get<{ id: number }>(
      'INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?) RETURNING id',
      ['B', owner, NOW],
    );
    for (const email of ['zed@x.io', 'amy@x.io', 'Mo@x.io']) {
      await db.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [board?.id ?? 0, email]);
    }
    await expect(
      db.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [board?.id ?? 0, 'AMY@x.io']),
    ).rejects.toThrow();
    const rows = await db.all<{ email: string }>('SELECT email FROM board_members WHERE board_id = ? ORDER BY rowid', [
      board?.id ?? 0,
    ]);
    expect(rows.map((r) => r.email)).toEqual(['zed@x.io', 'amy@x.io', 'Mo@x.io']);
  });

  it('64-bit integers arrive as exact numbers', async () => {
    const big = Number.MAX_SAFE_INTEGER;
    await db.run(
      "INSERT INTO idempotency (key_id, idem_key, request_hash, status, body, created_ms) VALUES (?, 'i', 'h', 200, '{}', ?)",
      [big, big - 1],
    );
    const row = await db.get<{ key_id: unknown; created_ms: unknown; n: unknown }>(
      'SELECT key_id, created_ms, (SELECT COUNT(*) FROM idempotency) AS n FROM idempotency',
    );
    expect(row).toEqual({ key_id: big, created_ms: big - 1, n: 1 });
  });

  it('comparisons and EXISTS answer 1 or 0', async () => {
    await addUser(db, 'one@x.io');
    const row = await db.get(
      "SELECT (1 = 1) AS yes, (1 = 2) AS no, EXISTS (SELECT 1 FROM users WHERE email = 'nobody@x.io') AS found",
    );
    expect(row).toEqual({ yes: 1, no: 0, found: 0 });
  });

  it('bytes round-trip as a Buffer', async () => {
    const user = await addUser(db, 'k@x.io');
    const hash = Buffer.from([0, 1, 2, 0xfe, 0xff, 0, 0x27, 0x3f]);
    await db.run("INSERT INTO api_keys (user_id, prefix, hash, created_at) VALUES (?, 'p', ?, ?)", [user, hash, NOW]);
    const row = await db.get<{ hash: unknown }>('SELECT hash FROM api_keys WHERE hash = ?', [hash]);
    expect(Buffer.isBuffer(row?.hash)).toBe(true);
    expect((row?.hash as Buffer).equals(hash)).toBe(true);
  });

  it('a transaction that throws leaves nothing behind, and its error reaches the caller', async () => {
    await expect(
      db.tx(async (sql) => {
        await addUser(sql, 'gone@x.io');
        expect(await count(sql)).toBe(1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count(db)).toBe(0);
    expect(await db.tx(async (sql) => addUser(sql, 'kept@x.io'))).toBeTypeOf('number');
    expect(await count(db)).toBe(1);
  });

  it('a nested transaction joins the outer one: it commits or rolls back with it', async () => {
    await expect(
      db.tx(async (sql) => {
        await addUser(sql, 'outer@x.io');
        await sql.tx(async (inner) => addUser(inner, 'inner@x.io'));
        expect(await count(sql)).toBe(2);
        throw new Error('undo both');
      }),
    ).rejects.toThrow('undo both');
    expect(await count(db)).toBe(0);
    await db.tx(async (sql) => {
      await sql.tx(async (inner) => addUser(inner, 'inner@x.io'));
    });
    expect(await count(db)).toBe(1);
  });

  it('write transactions under one lock() key count every increment, run at once', async () => {
    // Two PostgreSQL connections really run at once. Two SQLite connections in one
    // process cannot: the second's BEGIN IMMEDIATE blocks the thread the first needs
    // to commit, so there the writers share one connection (processes are apart).
    const second = engine === 'postgres' ? await other() : db;
    await db.run("INSERT INTO meta (key, value) VALUES ('n', '0')");
    const increment = (d: Database): Promise<void> =>
      d.tx(async (sql) => {
        await sql.lock('counter');
        const row = await sql.get<{ value: string }>("SELECT value FROM meta WHERE key = 'n'");
        await sql.run("UPDATE meta SET value = ? WHERE key = 'n'", [String(Number(row?.value) + 1)]);
      });
    await Promise.all([db, second, db, second, db, second].map(increment));
    expect(await db.get("SELECT value FROM meta WHERE key = 'n'")).toEqual({ value: '6' });
  });

  it("a read transaction sees one snapshot: another connection's commit shows only after it", async () => {
    const second = await other();
    await addUser(db, 'first@x.io');
    const seen = await db.tx(async (sql) => {
      const before = await count(sql);
      await addUser(second, 'second@x.io');
      return [before, await count(sql)];
    }, 'read');
    expect(seen).toEqual([1, 1]);
    expect(await count(db)).toBe(2);
  });

  it("version() changes after another connection's commit, and not without one", async () => {
    const second = await other();
    const v1 = await db.version();
    expect(await db.version()).toBe(v1);
    await addUser(second, 'w@x.io');
    const v2 = await db.version();
    expect(v2).not.toBe(v1);
    await second.tx(async (sql) => {
      await addUser(sql, 'w2@x.io');
    });
    expect(await db.version()).not.toBe(v2);
  });

  it("listen() wakes on another connection's signalled commit; a rolled-back one does not (PostgreSQL)", async () => {
    const second = await other();
    let wakes = 0;
    let woken: () => void = () => {};
    const stop = await db.listen('inboard_test', () => {
      wakes++;
      woken();
    });
    try {
      const next = () => new Promise<void>((r) => (woken = r));
      const before = wakes;
      const seen = next();
      await second.tx(async (sql) => {
        await addUser(sql, 'signal@x.io');
        await sql.signal('inboard_test');
      });
      await seen;
      expect(wakes).toBeGreaterThan(before);
      if (engine === 'postgres') {
        // Rolled back: no notification. Then a committed one, which must be the next wake.
        await expect(
          second.tx(async (sql) => {
            await sql.signal('inboard_test');
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        const after = wakes;
        const seen2 = next();
        await second.tx(async (sql) => {
          await addUser(sql, 'signal2@x.io');
          await sql.signal('inboard_test');
        });
        await seen2;
        expect(wakes).toBe(after + 1);
      }
    } finally {
      await stop();
    }
  });
});
