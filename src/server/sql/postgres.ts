/**
 * The PostgreSQL engine: a pool of connections, for a team's server with
 * several instances on one database. Transactions hold one pooled client
 * from BEGIN to COMMIT; writers that must not interleave take row locks or
 * `lock(key)` (a transaction-scoped advisory lock).
 */
import pg from 'pg';
import { isUnavailable, reason, redactUrl, target, type PgError } from './postgres-errors.js';
import { migratePostgres } from './postgres-schema.js';
import { PLAN_PER_CALL, type Database, type Sql, type Value } from './sql.js';

const BOOL = 16;
const INT8 = 20;
const NUMERIC = 1700;

/** int8 (and numeric) as a JS number, as SQLite gives it; never a silently rounded integer. */
function parseNumber(text: string): number {
  const n = Number(text);
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    throw new RangeError(`PostgreSQL returned ${text}, beyond the integers a JS number holds exactly`);
  }
  return n;
}

/** Where the quoted text, quoted name or comment starting at i ends (exclusive), or -1 if none starts there. */
function skip(text: string, i: number): number {
  const c = text[i];
  const close =
    c === "'" || c === '"' ? c : c === '-' && text[i + 1] === '-' ? '\n' : c === '/' && text[i + 1] === '*' ? '*/' : '';
  if (close === '') return -1;
  const at = text.indexOf(close, i + (close.length === 2 ? 2 : 1));
  return at < 0 ? text.length : at + close.length;
}

/** `?` → `$1…$n`, skipping quoted text, quoted names and comments. */
export function numberPlaceholders(text: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < text.length;) {
    const end = skip(text, i);
    if (end >= 0) {
      out += text.slice(i, end);
      i = end;
    } else {
      out += text[i] === '?' ? `$${++n}` : text[i];
      i++;
    }
  }
  return out;
}

const MAX_NAMED = 2000;
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 4;

/** Statement texts rewritten once, and named so each connection prepares them once. */
class Statements {
  private readonly cache = new Map<string, { name: string; text: string }>();
  config(text: string, params: readonly Value[]): pg.QueryConfig {
    if (text.startsWith(PLAN_PER_CALL)) return { text: numberPlaceholders(text), values: params as Value[] };
    let st = this.cache.get(text);
    if (st === undefined) {
      st = { name: `s${this.cache.size + 1}`, text: numberPlaceholders(text) };
      // Texts built per call (IN lists of every length) must not grow every connection without end.
      if (this.cache.size >= MAX_NAMED) return { text: st.text, values: params as Value[] };
      this.cache.set(text, st);
    }
    return { name: st.name, text: st.text, values: params as Value[] };
  }
}

type Queryable = Pick<pg.ClientBase, 'query'>;

abstract class Statementer {
  readonly engine = 'postgres';
  protected abstract readonly on: Queryable;
  constructor(protected readonly stmts: Statements) {}
  private query(text: string, params: readonly Value[]): Promise<pg.QueryResult> {
    return this.on.query(this.stmts.config(text, params));
  }
  async get<T>(text: string, params: readonly Value[] = []): Promise<T | undefined> {
    return (await this.query(text, params)).rows[0] as T | undefined;
  }
  async all<T>(text: string, params: readonly Value[] = []): Promise<T[]> {
    return (await this.query(text, params)).rows as T[];
  }
  async run(text: string, params: readonly Value[] = []): Promise<number> {
    return (await this.query(text, params)).rowCount ?? 0;
  }
}

/** Statements on the one client of a transaction in progress. */
class InTransaction extends Statementer implements Sql {
  constructor(
    stmts: Statements,
    protected readonly on: pg.PoolClient,
  ) {
    super(stmts);
  }
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async lock(key: string): Promise<void> {
    await this.on.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  }
  async signal(channel: string): Promise<void> {
    // Delivered at commit, once per channel however often signalled; dropped on rollback.
    await this.on.query('SELECT pg_notify($1, $2)', [channel, '']);
  }
}

export class PostgresDatabase extends Statementer implements Database {
  constructor(
    protected readonly on: pg.Pool,
    readonly where: string,
    /** What the pool connects with, for the listening connection. */
    private readonly connection: pg.ClientConfig = {},
  ) {
    super(new Statements());
  }

  async tx<T>(fn: (sql: Sql) => Promise<T>, how: 'write' | 'read' = 'write'): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.on.connect();
      // A checked-out client has no listener of the pool's: its end must not crash the process.
      let lost: Error | undefined;
      const onError = (err: Error): void => void (lost ??= err);
      client.on('error', onError);
      let broken: Error | undefined;
      try {
        await client.query(
          how === 'read' ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN ISOLATION LEVEL READ COMMITTED',
        );
        const out = await fn(new InTransaction(this.stmts, client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        broken = lost ?? (isUnavailable(err) ? (err as Error) : undefined);
        if (broken === undefined) {
          try {
            await client.query('ROLLBACK');
          } catch (rollbackErr) {
            broken = rollbackErr as Error;
          }
        }
        if (attempt < ATTEMPTS && RETRYABLE.has((err as PgError).code ?? '')) continue;
        throw err;
      } finally {
        client.off('error', onError);
        // With an error, the pool destroys the client instead of reusing it.
        client.release(broken ?? lost);
      }
    }
  }

  /** Only inside a transaction: at the top level there is nothing to hold it. */
  async lock(): Promise<void> {
    throw new Error('lock() is for the Sql of a write transaction');
  }
  async signal(): Promise<void> {
    throw new Error('signal() is for the Sql of a write transaction');
  }

  /**
   * LISTEN on a connection of its own (a pooled one would be handed to
   * others between statements). A lost connection is made again after a
   * pause; meanwhile the caller's own polling still finds what changed.
   */
  async listen(channel: string, wake: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      if (stopped) return;
      const c = new pg.Client(this.connection);
      c.on('notification', (n) => {
        if (n.channel === channel) wake();
      });
      c.on('error', () => {
        void c.end().catch(() => {});
        if (client === c) client = null;
        if (!stopped) retry = setTimeout(() => void connect(), 1000).unref();
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        client = c;
        if (stopped) await c.end();
        // What was signalled while no connection listened: looked at once.
        else wake();
      } catch {
        await c.end().catch(() => {});
        if (!stopped) retry = setTimeout(() => void connect(), 1000).unref();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    };
  }

  async version(): Promise<string> {
    const row = await this.on.query<{ v: string }>('SELECT pg_current_snapshot()::text AS v');
    return row.rows[0]?.v ?? '';
  }

  isUnavailable(err: unknown): boolean {
    return isUnavailable(err);
  }

  pool(): { total: number; idle: number; waiting: number } {
    return { total: this.on.totalCount, idle: this.on.idleCount, waiting: this.on.waitingCount };
  }

  async close(): Promise<void> {
    await this.on.end();
  }
}

export { isUnavailable, redactUrl } from './postgres-errors.js';

export interface PostgresOptions {
  /** Connections per instance (default 10). */
  max?: number;
}

/** Connects, migrates, and returns the database; a worded Error when it can't. */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresDatabase> {
  const types = new pg.TypeOverrides();
  types.setTypeParser(INT8, parseNumber);
  // SUM over BIGINT is NUMERIC: a number too, as on SQLite.
  types.setTypeParser(NUMERIC, parseNumber);
  // A comparison or EXISTS is 1 or 0, as on SQLite (whose flags the code compares with numbers).
  types.setTypeParser(BOOL, (text: string) => (text === 't' ? 1 : 0));
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: options.max ?? 10,
    // Requests fail (503) rather than queue forever while the database is away.
    connectionTimeoutMillis: 10_000,
    application_name: 'inboard',
  });
  // An idle client whose server went away: the pool drops it and connects anew when asked.
  pool.on('error', () => {});
  const db = new PostgresDatabase(pool, redactUrl(url), { connectionString: url, types, application_name: 'inboard' });
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw new Error(`PostgreSQL at ${target(url)}: ${reason(err)}`, { cause: err });
  }
  return db;
}
