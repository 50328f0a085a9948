/**
 * One reader of the change log per process: it follows the log by id
 * (a single cursor, polled while anyone listens, and at once after this
 * process's own writes) and hands each change to the streams that may see
 * it. Other processes on the same file append to the same log, so their
 * writes reach these streams within one poll.
 */
import type { Query } from './db.js';

export interface ChangeRow {
  id: number;
  board_id: number;
  card_id: number | null;
  kind: string;
  by_email: string;
}

export interface Listener {
  /** Whether this stream may see a change of this board. */
  sees(boardId: number): boolean;
  send(row: ChangeRow): void;
  /** Sent every heartbeat, so proxies keep an idle stream open. */
  beat(): void;
  end(): void;
}

interface Subscription {
  listener: Listener;
  /** The last id this stream has had (or skipped as not its own). */
  after: number;
}

export interface FeedOptions {
  pollMs?: number;
  heartbeatMs?: number;
  /** Called before each delivery: access rules may have changed since the last request. */
  beforeDelivery?: () => void;
}

/** Most rows one poll reads; a longer backlog is read over the next polls. */
const BATCH = 1000;

const COLUMNS = 'id, board_id, card_id, kind, by_email';

export class ChangeFeed {
  private readonly subs = new Set<Subscription>();
  private cursor = 0;
  private poller: NodeJS.Timeout | undefined;
  private heart: NodeJS.Timeout | undefined;
  private soon = false;
  private closed = false;

  constructor(
    private readonly q: Query,
    private readonly opts: FeedOptions = {},
  ) {}

  /** The newest id ever given, kept by SQLite even when the rows were purged. */
  private head(): number {
    const seq = this.q("SELECT seq FROM sqlite_sequence WHERE name = 'changes'").pluck().get() as number | undefined;
    return seq ?? 0;
  }

  /**
   * Starts a stream. With `lastId` the changes after it are replayed first;
   * 'reload' when some of them are no longer kept (or the id was never
   * given here), and the stream then starts from now.
   */
  subscribe(listener: Listener, lastId: number | undefined): { sub: Subscription; missed: ChangeRow[] | 'reload' } {
    const head = this.head();
    if (this.subs.size === 0) this.cursor = head;
    let missed: ChangeRow[] | 'reload' = [];
    if (lastId !== undefined && lastId !== head) {
      const oldest = this.q('SELECT MIN(id) FROM changes').pluck().get() as number | null;
      const kept = lastId < head && oldest !== null && oldest <= lastId + 1;
      if (kept) {
        const rows = this.q(`SELECT ${COLUMNS} FROM changes WHERE id > ? AND id <= ? ORDER BY id`).all(
          lastId,
          head,
        ) as ChangeRow[];
        this.opts.beforeDelivery?.();
        missed = rows.filter((r) => listener.sees(r.board_id));
      } else missed = 'reload';
    }
    const sub: Subscription = { listener, after: head };
    this.subs.add(sub);
    this.start();
    return { sub, missed };
  }

  unsubscribe(sub: Subscription): void {
    this.subs.delete(sub);
    if (this.subs.size === 0) this.stop();
  }

  /** After a write of this process: deliver without waiting for the next poll. */
  nudge(): void {
    if (this.subs.size === 0 || this.soon || this.closed) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      this.poll();
    });
  }

  /** Ends every stream (server shutdown) and stops reading. */
  close(): void {
    this.closed = true;
    this.stop();
    for (const s of this.subs) s.listener.end();
    this.subs.clear();
  }

  private start(): void {
    if (this.poller !== undefined || this.closed) return;
    this.poller = setInterval(() => this.poll(), this.opts.pollMs ?? 200);
    this.heart = setInterval(() => {
      for (const s of this.subs) s.listener.beat();
    }, this.opts.heartbeatMs ?? 15_000);
    // A listening stream keeps the server up, not these timers.
    this.poller.unref();
    this.heart.unref();
  }

  private stop(): void {
    clearInterval(this.poller);
    clearInterval(this.heart);
    this.poller = undefined;
    this.heart = undefined;
  }

  private poll(): void {
    if (this.subs.size === 0 || this.closed) return;
    const rows = this.q(`SELECT ${COLUMNS} FROM changes WHERE id > ? ORDER BY id LIMIT ${BATCH}`).all(
      this.cursor,
    ) as ChangeRow[];
    if (rows.length === 0) return;
    this.opts.beforeDelivery?.();
    for (const row of rows) {
      for (const s of this.subs) {
        if (row.id <= s.after) continue;
        s.after = row.id;
        if (s.listener.sees(row.board_id)) s.listener.send(row);
      }
    }
    this.cursor = rows[rows.length - 1]?.id ?? this.cursor;
    if (rows.length === BATCH) this.nudge();
  }
}
