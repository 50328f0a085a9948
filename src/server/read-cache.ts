/**
 * Cache of serialised card pages (as bytes). The TUI re-reads column pages far more
 * often than anything changes, and a page costs ~50 row reads plus JSON
 * serialisation. Any commit — by this process (bump) or another process or
 * instance on the same database (Database.version) — empties it, so it
 * never serves a page older than the last write it could have seen.
 */
import type { Database, Sql } from './sql/sql.js';

export class ReadCache {
  private readonly entries = new Map<string, Buffer>();
  /** Small lookups every request repeats (key → principal, board access, column). */
  private readonly lookups = new Map<string, unknown>();
  private local = 0;
  private tag = '';

  constructor(
    private readonly db: Database,
    private readonly max = 512,
  ) {}

  /** Call after every write transaction of this process. */
  bump(): void {
    this.local++;
  }

  /**
   * Drops everything if the database changed since the last call: a commit
   * of this process (bump) or of another one (version). Called once as each
   * request starts, so a request sees the cache as of its arrival and the
   * check costs one statement per request, not per lookup.
   */
  async sync(): Promise<void> {
    const tag = `${await this.db.version()}:${this.local}`;
    if (tag !== this.tag) {
      this.entries.clear();
      this.lookups.clear();
      this.tag = tag;
    }
  }

  /** A lookup's cached result; `compute` runs on a miss (a throw is not cached). */
  async memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.lookups.has(key)) return this.lookups.get(key) as T;
    const local = this.local;
    const value = await compute();
    // A write of this process landed while computing: the value may be older than it.
    if (local !== this.local) return value;
    if (this.lookups.size >= this.max * 4) this.lookups.clear();
    this.lookups.set(key, value);
    return value;
  }

  /** The cached value, or `compute()` run in one read snapshot and cached. */
  async read(key: string, compute: (sql: Sql) => Promise<string>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const local = this.local;
    // One snapshot for all the page's queries. A commit landing after the
    // request's sync changes the version, so the next request drops this entry.
    // Kept as UTF-8 bytes: encoding a large page on every send costs more than the lookup.
    const value = Buffer.from(await this.db.tx(compute, 'read'), 'utf8');
    if (local !== this.local) return value;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    return value;
  }
}
