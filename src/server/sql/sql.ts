/**
 * The one storage interface the service's routes use, with two engines
 * behind it: SQLite (sqlite.ts, the embedded default) and PostgreSQL
 * (postgres.ts, for a team's server with many instances).
 *
 * Statements are written once, in the SQL both engines read:
 * - `?` placeholders (PostgreSQL's are numbered for it); never a `?` in a literal;
 * - new ids by `INSERT … RETURNING id`; upserts by `ON CONFLICT … DO …`;
 * - emails compare case-insensitively by their column's type (NOCASE / citext);
 * - list order by an explicit column (`rowid` is a real column on PostgreSQL).
 * What only one engine has (pragmas, sequences, snapshots) stays in its file.
 */

export type Engine = 'sqlite' | 'postgres';

/**
 * A statement that begins with this is planned for its values on every call
 * (PostgreSQL: never a named, prepared statement). A search's best plan
 * depends on its words: a plan kept from earlier calls, made for no word in
 * particular, walked the whole id index back for a rare word (150 ms against
 * 22 ms). A comment, so SQLite reads it as nothing.
 */
export const PLAN_PER_CALL = '/* planned per call */ ';
export type Value = string | number | bigint | Buffer | null;

export interface Sql {
  readonly engine: Engine;
  /** The first row, or undefined. */
  get<T>(text: string, params?: readonly Value[]): Promise<T | undefined>;
  all<T>(text: string, params?: readonly Value[]): Promise<T[]>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(text: string, params?: readonly Value[]): Promise<number>;
  /**
   * Runs `fn` in one transaction: 'write' serialises with every other
   * writer of the same rows (IMMEDIATE on SQLite; row and advisory locks on
   * PostgreSQL), 'read' is one consistent snapshot. Inside, use only the
   * `Sql` handed to `fn`. Nested calls join the outer transaction.
   */
  tx<T>(fn: (sql: Sql) => Promise<T>, how?: 'write' | 'read'): Promise<T>;
  /**
   * Inside a write transaction: waits until no other transaction holds
   * `key`, and holds it until this one ends (a no-op on SQLite, whose
   * writers are serial already).
   */
  lock(key: string): Promise<void>;
  /**
   * Inside a write transaction: when it commits, wakes whoever listens on
   * `channel` (Database.listen) in other instances — PostgreSQL's NOTIFY; a
   * no-op on SQLite, whose other processes watch the file instead.
   */
  signal(channel: string): Promise<void>;
}

export interface Database extends Sql {
  /**
   * Changes whenever any transaction on the database (from any process or
   * instance) has committed since the last call: the read cache's check.
   */
  version(): Promise<string>;
  /**
   * Whether an error means the database is away or busy (a dropped
   * connection, PostgreSQL restarting, SQLite's lock held past its timeout),
   * not that the statement was wrong: the service answers 503, and the next
   * request tries again.
   */
  isUnavailable(err: unknown): boolean;
  /**
   * Calls `wake` soon after another instance or process commits a write that
   * signalled `channel` (and sometimes more often: a hint, never the news
   * itself — read the database to learn what changed). Resolves to a stop
   * function. PostgreSQL: LISTEN on a connection of its own; SQLite: the
   * file's write-ahead log watched for changes.
   */
  listen(channel: string, wake: () => void): Promise<() => Promise<void>>;
  /** Where it is, for messages: a file path, or the URL without its password. */
  readonly where: string;
  /** The connection pool's counts (metrics); absent on SQLite, whose one connection is no pool. */
  pool?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** `?` list for an IN (…) of n values. */
/** A piece of SQL with its parameters, in order. */
export interface Fragment {
  text: string;
  params: Value[];
}

/** Conditions joined by AND (true when there are none), their parameters in order. */
export const and = (...parts: Fragment[]): Fragment => ({
  text: parts.length === 0 ? '1 = 1' : parts.map((x) => `(${x.text})`).join(' AND '),
  params: parts.flatMap((x) => x.params),
});

export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
