/**
 * What only the PostgreSQL engine has: worded errors for a database it can't
 * reach or log in to, connection failures told from statement failures,
 * recovery, retried deadlocks, advisory locks, migrations raced by two
 * instances, and the placeholder rewrite.
 */
import { createServer } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUrl, openDatabase } from '../../../src/server/sql/open.js';
import {
  isUnavailable,
  numberPlaceholders,
  openPostgres,
  type PostgresDatabase,
} from '../../../src/server/sql/postgres.js';
import { PG_SCHEMA_VERSION } from '../../../src/server/sql/postgres-schema.js';
import type { Sql } from '../../../src/server/sql/sql.js';
import { createDatabase, freshPostgresUrl, PASSWORD_ROLE_GROUP, startPostgres } from '../../support/postgres.js';

const opened: PostgresDatabase[] = [];
const open = async (url?: string): Promise<PostgresDatabase> => {
  const db = await openPostgres(url ?? (await freshPostgresUrl()));
  opened.push(db);
  return db;
};
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
});

/** A loopback port nothing listens on. */
const deadPort = (): Promise<number> =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr !== null ? addr.port : 1));
    });
  });

const withUrl = (url: string, change: (u: URL) => void): string => {
  const u = new URL(url);
  change(u);
  return u.toString();
};

describe('opening a database it cannot use', () => {
  it('names host:port/database and "connection refused" when nothing listens', async () => {
    const port = await deadPort();
    const url = `postgres://postgres:secret@127.0.0.1:${port}/inboard`;
    const err = await openPostgres(url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      new RegExp(`^PostgreSQL at 127\\.0\\.0\\.1:${port}/inboard: connection refused`),
    );
    expect((err as Error).message).not.toContain('secret');
    expect(isUnavailable(err)).toBe(true);
  });

  it("names a role that doesn't exist, in PostgreSQL's words", async () => {
    const url = withUrl(await freshPostgresUrl(), (u) => (u.username = 'nobody_here'));
    const u = new URL(url);
    await expect(openPostgres(url)).rejects.toThrow(
      `PostgreSQL at 127.0.0.1:${u.port}${u.pathname}: role "nobody_here" does not exist`,
    );
  });

  it('says the password was refused, without repeating it', async () => {
    const base = await freshPostgresUrl();
    const role = `pw_${process.pid}_${Date.now() % 100000}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'right-one' IN ROLE ${PASSWORD_ROLE_GROUP}`);
    // Its own database, as a team's would be (createdb -O): it may create the schema there.
    await admin.query(`ALTER DATABASE ${new URL(base).pathname.slice(1)} OWNER TO ${role}`);
    await admin.end();
    const wrong = withUrl(base, (u) => {
      u.username = role;
      u.password = 'wrong-one';
    });
    const err = await openPostgres(wrong).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((err as Error).message).toMatch(
      /^PostgreSQL at 127\.0\.0\.1:\d+\/inboard_\w+: password authentication failed/,
    );
    expect((err as Error).message).not.toContain('wrong-one');
    expect(isUnavailable(err)).toBe(false);
    // The right password gets in (the refusal above was the password's, not the role's).
    const right = withUrl(wrong, (u) => (u.password = 'right-one'));
    const db = await open(right);
    expect(db.where).not.toContain('right-one');
    expect(db.where).toBe(withUrl(right, (u) => (u.password = '')));
  });

  it('names a database that does not exist', async () => {
    const url = withUrl(await freshPostgresUrl(), (u) => (u.pathname = '/no_such_db'));
    await expect(openPostgres(url)).rejects.toThrow(
      /^PostgreSQL at 127\.0\.0\.1:\d+\/no_such_db: database "no_such_db" does not exist/,
    );
  });
});

describe('while running', () => {
  it('tells a lost connection (unavailable) from a bad statement, and recovers', async () => {
    const db = await open();
    const admin = await open(db.where);
    const failed = await db
      .tx(async (sql) => {
        const me = await sql.get<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.run('SELECT pg_terminate_backend(?)', [me?.pid ?? 0]);
        await sql.get('SELECT 1');
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUnavailable(failed)).toBe(true);
    const syntax = await db.get('SELEC 1').catch((e: unknown) => e);
    expect(isUnavailable(syntax)).toBe(false);
    expect(isUnavailable(new Error('plain'))).toBe(false);
    // The pool dropped the dead client: the next statements and transactions work.
    expect(await db.get('SELECT 1 AS one')).toEqual({ one: 1 });
    expect(await db.tx(async (sql) => sql.get('SELECT 2 AS two'))).toEqual({ two: 2 });
  });

  it('while the server is down: unavailable errors, then work again once it is back', async () => {
    const cluster = await startPostgres();
    try {
      const db = await open(await createDatabase(cluster.url));
      await db.run("INSERT INTO meta (key, value) VALUES ('k', 'before')");
      cluster.pause();
      const read = await db.get('SELECT 1').catch((e: unknown) => e);
      expect(isUnavailable(read)).toBe(true);
      const write = await db.tx((sql) => sql.run("UPDATE meta SET value = 'during'")).catch((e: unknown) => e);
      expect(isUnavailable(write)).toBe(true);
      cluster.resume();
      expect(await db.get('SELECT value FROM meta')).toEqual({ value: 'before' });
      await db.tx((sql) => sql.run("UPDATE meta SET value = 'after'"));
      expect(await db.get('SELECT value FROM meta')).toEqual({ value: 'after' });
    } finally {
      await cluster.stop();
    }
  });

  it('refuses an int8 beyond the exact range of a JS number rather than round it', async () => {
    const db = await open();
    expect(await db.get("SELECT '9007199254740991'::bigint AS n")).toEqual({ n: 9007199254740991 });
    await expect(db.get("SELECT '9007199254740993'::bigint AS n")).rejects.toThrow(/9007199254740993/);
  });

  it('retries a transaction a deadlock chose as its victim', async () => {
    const db = await open();
    await db.run("INSERT INTO meta (key, value) VALUES ('a', '0'), ('b', '0')");
    let attempts = 0;
    let bothHoldOne: () => void = () => {};
    const held = new Promise<void>((r) => (bothHoldOne = r));
    let holding = 0;
    const crossed = (first: string, second: string) =>
      db.tx(async (sql) => {
        attempts++;
        await sql.run("UPDATE meta SET value = value || 'x' WHERE key = ?", [first]);
        if (++holding === 2) bothHoldOne();
        await held;
        await sql.run("UPDATE meta SET value = value || 'y' WHERE key = ?", [second]);
      });
    await Promise.all([crossed('a', 'b'), crossed('b', 'a')]);
    // At least one was rolled back and run again (once, on a quiet machine; a run beside other
    // work saw four attempts), and each committed once: each row has both changes once.
    expect(attempts).toBeGreaterThanOrEqual(3);
    const rows = await db.all<{ value: string }>("SELECT value FROM meta WHERE key IN ('a', 'b') ORDER BY key");
    expect(rows.map((r) => r.value.length)).toEqual([3, 3]);
  });

  it('lock(key) makes a second writer wait until the first commits', async () => {
    const db = await open();
    await db.run("INSERT INTO meta (key, value) VALUES ('n', '0')");
    const waiting = async (): Promise<number> =>
      (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))
        ?.n ?? 0;
    const bump = async (sql: Sql): Promise<void> => {
      const row = await sql.get<{ value: string }>("SELECT value FROM meta WHERE key = 'n'");
      await sql.run("UPDATE meta SET value = ? WHERE key = 'n'", [String(Number(row?.value) + 1)]);
    };
    let second: Promise<void> | undefined;
    await db.tx(async (sql) => {
      await sql.lock('n');
      const row = await sql.get<{ value: string }>("SELECT value FROM meta WHERE key = 'n'");
      second = db.tx(async (other) => {
        await other.lock('n');
        await bump(other);
      });
      // The second writer is queued on the lock before the first writes.
      while ((await waiting()) === 0) await new Promise((r) => setImmediate(r));
      await sql.run("UPDATE meta SET value = ? WHERE key = 'n'", [String(Number(row?.value) + 1)]);
    });
    await second;
    expect(await db.get("SELECT value FROM meta WHERE key = 'n'")).toEqual({ value: '2' });
  });

  it('two instances opening one fresh database at once migrate it once', async () => {
    const url = await freshPostgresUrl();
    const [a, b] = await Promise.all([open(url), open(url)]);
    expect(await a.get('SELECT version FROM schema_version')).toEqual({ version: PG_SCHEMA_VERSION });
    expect(await b.get('SELECT COUNT(*) AS n FROM schema_version')).toEqual({ n: 1 });
    expect(await b.get('SELECT COUNT(*) AS n FROM users')).toEqual({ n: 0 });
  });
});

describe('choosing and speaking to the engine', () => {
  it('takes postgres:// and postgresql:// URLs as PostgreSQL, anything else as a SQLite path', async () => {
    expect(isDatabaseUrl('postgres://u@h/db')).toBe(true);
    expect(isDatabaseUrl('POSTGRESQL://u@h:5432/db?sslmode=require')).toBe(true);
    expect(isDatabaseUrl('postgres:')).toBe(false);
    expect(isDatabaseUrl('./data/inboard.db')).toBe(false);
    const db = await openDatabase(await freshPostgresUrl());
    try {
      expect(db.engine).toBe('postgres');
    } finally {
      await db.close();
    }
  });

  it('numbers ? placeholders, leaving quoted text, quoted names and comments alone', () => {
    expect(numberPlaceholders('SELECT a FROM t WHERE b = ? AND c IN (?, ?)')).toBe(
      'SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)',
    );
    expect(numberPlaceholders(`SELECT '?', 'it''s ?', "q?" FROM t -- why?\nWHERE x = ? /* ? */ AND y = ?`)).toBe(
      `SELECT '?', 'it''s ?', "q?" FROM t -- why?\nWHERE x = $1 /* ? */ AND y = $2`,
    );
  });
});
