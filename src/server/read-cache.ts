/**
 * Cache of serialised card pages (as bytes). The TUI re-reads column pages far more
 * often than anything changes, and a page costs ~50 row reads plus JSON
 * serialisation. Any commit — by this process (bump) or another one on the
 * same file (PRAGMA data_version) — empties it, so it never serves a page
 * older than the last write it could have seen.
 */
import type Database from 'better-sqlite3';
import type { DB } from './db.js';

export class ReadCache {
  private readonly entries = new Map<string, Buffer>();
  /** Small lookups every request repeats (key → principal, board access, column). */
  private readonly lookups = new Map<string, unknown>();
  private readonly dataVersion: Database.Statement;
  private local = 0;
  private tag = '';

  constructor(
    private readonly db: DB,
    private readonly max = 512,
  ) {
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
  }

  /** Call after every write transaction of this process. */
  bump(): void {
    this.local++;
  }

  /**
   * Drops everything if the database changed since the last call: a commit
   * of this process (bump) or of another one on the file (data_version).
   * Called once as each request starts, so a request sees the cache as of
   * its arrival and the check costs one PRAGMA per request, not per lookup.
   */
  sync(): void {
    const tag = `${String(this.dataVersion.get())}:${this.local}`;
    if (tag !== this.tag) {
      this.entries.clear();
      this.lookups.clear();
      this.tag = tag;
    }
  }

  /** A lookup's cached result; `compute` runs on a miss (a throw is not cached). */
  memo<T>(key: string, compute: () => T): T {
    if (this.lookups.has(key)) return this.lookups.get(key) as T;
    const value = compute();
    if (this.lookups.size >= this.max * 4) this.lookups.clear();
    this.lookups.set(key, value);
    return value;
  }

  /** The cached value, or `compute()` run in one read snapshot and cached. */
  read(key: string, compute: () => string): Buffer {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    // One snapshot for all the page's queries. A commit landing after the
    // request's sync changes data_version, so the next request drops this entry.
    // Kept as UTF-8 bytes: encoding a large page on every send costs more than the lookup.
    const value = Buffer.from(this.db.transaction(compute).deferred(), 'utf8');
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    return value;
  }
}
