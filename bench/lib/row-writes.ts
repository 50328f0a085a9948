/**
 * Rows written per table, on either engine, to show what one operation
 * writes. PostgreSQL counts them itself (pg_stat_user_tables: inserted,
 * updated, deleted tuples), flushed by each backend within about a second of
 * going idle. SQLite has no such counter across connections, so the bench
 * adds triggers to its own database that count every row inserted, updated
 * or deleted per table; they cost time, so they are added only for this
 * count, after the timed runs.
 */
import pg from 'pg';
import { openDb } from '../../src/server/db.js';

/** "table op" (op: ins, upd, del) → rows. */
export type Writes = Map<string, number>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pgWrites(url: string): Promise<Writes> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ relname: string; ins: string; upd: string; del: string }>(
      'SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del FROM pg_stat_user_tables',
    );
    return new Map(
      r.rows.flatMap((x) => [
        [`${x.relname} ins`, Number(x.ins)],
        [`${x.relname} upd`, Number(x.upd)],
        [`${x.relname} del`, Number(x.del)],
      ]),
    );
  } finally {
    await c.end();
  }
}

const same = (a: Writes, b: Writes) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/**
 * The counters once every backend has flushed. A backend that flushed less
 * than a second before going idle waits for its idle timeout (10 s) to
 * flush again, so the first read comes 11 s after the work; then until two
 * reads 1.5 s apart agree.
 */
async function pgSettled(url: string): Promise<Writes> {
  await sleep(11_000);
  let prev = await pgWrites(url);
  for (let i = 0; i < 10; i++) {
    await sleep(1500);
    const next = await pgWrites(url);
    if (same(prev, next)) return next;
    prev = next;
  }
  return prev;
}

/** Adds the counting triggers to a SQLite file (idempotent). */
function sqliteInstall(file: string): void {
  const db = openDb(file);
  try {
    db.exec(
      'CREATE TABLE IF NOT EXISTS bench_writes (tbl TEXT NOT NULL, op TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (tbl, op))',
    );
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'bench_writes'",
      )
      .pluck()
      .all() as string[];
    for (const t of tables) {
      for (const [op, short] of [
        ['INSERT', 'ins'],
        ['UPDATE', 'upd'],
        ['DELETE', 'del'],
      ] as const) {
        db.prepare('INSERT OR IGNORE INTO bench_writes (tbl, op, n) VALUES (?, ?, 0)').run(t, short);
        db.exec(
          `CREATE TRIGGER IF NOT EXISTS bench_${short}_${t} AFTER ${op} ON "${t}" FOR EACH ROW
           BEGIN UPDATE bench_writes SET n = n + 1 WHERE tbl = '${t}' AND op = '${short}'; END`,
        );
      }
    }
  } finally {
    db.close();
  }
}

function sqliteWrites(file: string): Writes {
  const db = openDb(file);
  try {
    const rows = db.prepare('SELECT tbl, op, n FROM bench_writes').all() as { tbl: string; op: string; n: number }[];
    return new Map(rows.map((r) => [`${r.tbl} ${r.op}`, r.n]));
  } finally {
    db.close();
  }
}

/** Counts the rows `work` writes, per table, on the database at `db` (a file or a postgres:// URL). */
export async function countWrites(db: string, work: () => Promise<void>): Promise<Writes> {
  const isPg = db.startsWith('postgres');
  if (!isPg) sqliteInstall(db);
  const before = isPg ? await pgSettled(db) : sqliteWrites(db);
  await work();
  const after = isPg ? await pgSettled(db) : sqliteWrites(db);
  const diff: Writes = new Map();
  for (const [t, n] of after) {
    const d = n - (before.get(t) ?? 0);
    if (d !== 0) diff.set(t, d);
  }
  return diff;
}
