/**
 * The SQLite engine: one better-sqlite3 connection per process. Its calls
 * are synchronous, so a transaction spanning `await`s holds a lock of this
 * process (other requests' statements wait for it) as well as SQLite's own
 * (other processes on the file wait in busy_timeout).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { watch } from 'node:fs';
import { openDb, type DB, type Durability } from '../db.js';
import type { Database, Sql, Value } from './sql.js';

type Statement = BetterSqlite3.Statement;

class Statements {
  private readonly cache = new Map<string, Statement>();
  constructor(readonly raw: DB) {}
  get(text: string): Statement {
    let stmt = this.cache.get(text);
    if (stmt === undefined) {
      stmt = this.raw.prepare(text);
      this.cache.set(text, stmt);
    }
    return stmt;
  }
}

/** Statements run at once: inside the transaction that holds the process's lock. */
class InTransaction implements Sql {
  readonly engine = 'sqlite';
  constructor(private readonly stmts: Statements) {}
  async get<T>(text: string, params: readonly Value[] = []): Promise<T | undefined> {
    return this.stmts.get(text).get(...params) as T | undefined;
  }
  async all<T>(text: string, params: readonly Value[] = []): Promise<T[]> {
    return this.stmts.get(text).all(...params) as T[];
  }
  async run(text: string, params: readonly Value[] = []): Promise<number> {
    return this.stmts.get(text).run(...params).changes;
  }
  tx<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async lock(): Promise<void> {}
  async signal(): Promise<void> {}
}

export class SqliteDatabase implements Database {
  readonly engine = 'sqlite';
  private readonly stmts: Statements;
  private readonly inTx: InTransaction;
  /** Settles when the transaction in progress ends; null when none is. */
  private busy: Promise<void> | null = null;
  private readonly dataVersion: Statement;

  constructor(
    readonly raw: DB,
    readonly where: string,
  ) {
    this.stmts = new Statements(raw);
    this.inTx = new InTransaction(this.stmts);
    this.dataVersion = raw.prepare('PRAGMA data_version').pluck();
  }

  async get<T>(text: string, params: readonly Value[] = []): Promise<T | undefined> {
    while (this.busy !== null) await this.busy;
    return this.inTx.get<T>(text, params);
  }
  async all<T>(text: string, params: readonly Value[] = []): Promise<T[]> {
    while (this.busy !== null) await this.busy;
    return this.inTx.all<T>(text, params);
  }
  async run(text: string, params: readonly Value[] = []): Promise<number> {
    while (this.busy !== null) await this.busy;
    return this.inTx.run(text, params);
  }

  async tx<T>(fn: (sql: Sql) => Promise<T>, how: 'write' | 'read' = 'write'): Promise<T> {
    // Checked and claimed in one turn: an await between them lets two waiters both begin.
    while (this.busy !== null) await this.busy;
    let release = (): void => {};
    this.busy = new Promise<void>((r) => (release = r));
    try {
      // IMMEDIATE takes the file's write lock now: read-then-write is safe across processes.
      this.raw.exec(how === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN');
      const out = await fn(this.inTx);
      this.raw.exec('COMMIT');
      return out;
    } catch (err) {
      if (this.raw.inTransaction) this.raw.exec('ROLLBACK');
      throw err;
    } finally {
      this.busy = null;
      release();
    }
  }

  async lock(): Promise<void> {}
  async signal(): Promise<void> {}

  async listen(_channel: string, wake: () => void): Promise<() => Promise<void>> {
    // Another process's commit appends to the write-ahead log; so do ours (a
    // harmless extra wake). Without a file (":memory:") there is nobody else.
    if (this.where === ':memory:') return async () => {};
    // The log is written before the commit is marked (in the shared-memory
    // index, which no watch sees): wake again a moment later, once it is.
    let later: NodeJS.Timeout | undefined;
    const changed = (): void => {
      wake();
      later ??= setTimeout(() => {
        later = undefined;
        wake();
      }, 15).unref();
    };
    try {
      const watcher = watch(`${this.where}-wal`, { persistent: false }, changed);
      watcher.on('error', () => watcher.close());
      return async () => {
        clearTimeout(later);
        watcher.close();
      };
    } catch {
      return async () => {};
    }
  }

  async version(): Promise<string> {
    while (this.busy !== null) await this.busy;
    return String(this.dataVersion.get());
  }

  isUnavailable(err: unknown): boolean {
    // busy_timeout ran out while another process held the write lock.
    const code = (err as { code?: unknown } | null)?.code;
    return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
  }

  async close(): Promise<void> {
    while (this.busy !== null) await this.busy;
    this.raw.close();
  }
}

export function openSqlite(path: string, durability?: Durability): SqliteDatabase {
  return new SqliteDatabase(openDb(path, durability), path);
}
