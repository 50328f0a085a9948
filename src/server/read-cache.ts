/**
 * Cache of serialised card pages (as bytes). The TUI re-reads column pages far more
 * often than anything changes, and a page costs ~50 row reads plus JSON
 * serialisation. Any commit — by this process (bump) or another process or
 * instance on the same database (Database.version) — empties it, so it
 * never serves a page older than the last write it could have seen.
 */
import { constants, gzipSync } from 'node:zlib';
import type { Database, Sql } from './sql/sql.js';

export class ReadCache {
  private readonly entries = new Map<string, Buffer>();
  /**
   * Whole answers by who asked and the exact URL: a repeated request (the
   * TUI's refresh, a teammate's screen) skips even the parameters' parsing.
   */
  private readonly answers = new Map<string, Buffer>();
  /** Small lookups every request repeats (key → principal, board access, column). */
  private readonly lookups = new Map<string, unknown>();
  private local = 0;
  private tag = '';
  /** This turn of the event loop's check (sync), shared by the requests read in it. */
  private round: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly max = 512,
  ) {}

  /** Call after every write transaction of this process. */
  bump(): void {
    this.local++;
    this.round = null;
  }

  /**
   * Drops everything if the database changed: a commit of this process
   * (bump) or of another one (version). Called as each request starts, so a
   * request sees the cache as of its arrival. One check serves every request
   * read in the same turn of the event loop: each was sent before that turn's
   * poll returned, so before the check began, and a write its sender saw
   * acknowledged (on any instance) had committed before that — the check
   * sees it.
   */
  sync(): Promise<void> {
    if (this.round === null) {
      const round = this.check();
      this.round = round;
      setImmediate(() => {
        if (this.round === round) this.round = null;
      });
    }
    return this.round;
  }

  private async check(): Promise<void> {
    const tag = `${await this.db.version()}:${this.local}`;
    if (tag !== this.tag) {
      this.entries.clear();
      this.answers.clear();
      this.lookups.clear();
      this.tag = tag;
    }
  }

  /** Each kept answer gzipped, made once on first asking: lives as long as the answer does. */
  private readonly gzipped = new WeakMap<Buffer, Buffer>();

  /**
   * An answer as gzip, for a client that accepts it: a page of cards is
   * ~15 KB of JSON that compresses ~8×, and sending fewer bytes costs the
   * server less than compressing a cached page once.
   */
  gzip(body: Buffer): Buffer {
    let z = this.gzipped.get(body);
    if (z === undefined) {
      z = gzipSync(body, { level: constants.Z_BEST_SPEED });
      this.gzipped.set(body, z);
    }
    return z;
  }

  /** The answer given to this exact request since the last commit, if any. */
  answered(key: string): Buffer | undefined {
    return this.answers.get(key);
  }

  /** What the cache is as of now: a value computed from here on may be kept only while this holds (`fresh`). */
  stamp(): string {
    return `${this.tag}#${this.local}`;
  }

  /**
   * Whether nothing can have changed since `stamp`: no sync dropped the cache
   * (another request saw a commit) and no write of this process landed. A
   * value computed before such a change, kept after it, would outlive it.
   */
  private fresh(stamp: string): boolean {
    return stamp === this.stamp();
  }

  /** Keeps an answer for `answered`, if nothing changed since `stamp` (taken before it was computed). */
  keepAnswer(key: string, body: Buffer, stamp: string): void {
    if (!this.fresh(stamp)) return;
    if (this.answers.size >= this.max) this.answers.clear();
    this.answers.set(key, body);
  }

  /** A lookup's cached result; `compute` runs on a miss (a throw is not cached). */
  async memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.lookups.has(key)) return this.lookups.get(key) as T;
    const stamp = this.stamp();
    const value = await compute();
    if (!this.fresh(stamp)) return value;
    if (this.lookups.size >= this.max * 4) this.lookups.clear();
    this.lookups.set(key, value);
    return value;
  }

  /** The cached value, or `compute()` run in one read snapshot and cached. */
  async read(key: string, compute: (sql: Sql) => Promise<string>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const stamp = this.stamp();
    // One snapshot for all the page's queries. A commit landing after the
    // request's sync changes the version, so the next request drops this entry.
    // Kept as UTF-8 bytes: encoding a large page on every send costs more than the lookup.
    const value = Buffer.from(await this.db.tx(compute, 'read'), 'utf8');
    if (!this.fresh(stamp)) return value;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    return value;
  }
}
