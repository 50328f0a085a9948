/**
 * One reader of the change log per process: it follows the log by id
 * (a single cursor, polled while anyone listens, and at once after this
 * process's own writes) and hands each change to the streams that may see
 * it. Other processes and instances on the same database append to the
 * same log, so their writes reach these streams within one poll.
 */
import type { Sql } from './sql/sql.js';

export interface ChangeRow {
  id: number;
  board_id: number;
  card_id: number | null;
  kind: string;
  by_email: string;
  /** Set on a change only one member's streams carry (their notifications); null for the board's. */
  for_user_id: number | string | null;
}

export interface Listener {
  /** Whether this stream may see a change of this board. */
  sees(boardId: number): Promise<boolean>;
  /** Whose stream it is: a change meant for one member goes to theirs only. */
  userId: number;
  send(row: ChangeRow): Promise<void>;
  /** Sent every heartbeat, so proxies keep an idle stream open. */
  beat(): Promise<void>;
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
  beforeDelivery?: () => Promise<void>;
  /**
   * Wakes the feed when another instance or process commits changes
   * (Database.listen): read at once rather than at the next poll. The poll
   * stays, as the floor.
   */
  listen?: (wake: () => void) => Promise<() => Promise<void>>;
}

/** Most rows one poll reads; a longer backlog is read over the next polls. */
const BATCH = 1000;

const COLUMNS = 'id, board_id, card_id, kind, by_email, for_user_id';

/** Whether a stream gets the row: a member's own change by whose it is, a board's by who may see the board. */
async function reaches(listener: Listener, row: ChangeRow): Promise<boolean> {
  if (row.for_user_id !== null) return Number(row.for_user_id) === listener.userId;
  return listener.sees(row.board_id);
}

export class ChangeFeed {
  private readonly subs = new Set<Subscription>();
  private cursor = 0;
  private poller: NodeJS.Timeout | undefined;
  private heart: NodeJS.Timeout | undefined;
  private soon = false;
  private closed = false;
  /** The poll in progress: polls never overlap, so rows go out once and in order. */
  private polling: Promise<void> | null = null;
  private again = false;
  /** Stops listening for other instances' changes; set while anyone subscribes. */
  private unlisten: Promise<() => Promise<void>> | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly opts: FeedOptions = {},
  ) {}

  /** The newest id given (ChangeLog's purge always keeps the newest row). */
  private async head(): Promise<number> {
    const row = await this.sql.get<{ head: number | null }>('SELECT MAX(id) AS head FROM changes');
    return row?.head ?? 0;
  }

  /**
   * Starts a stream. With `lastId` the changes after it are replayed first;
   * 'reload' when some of them are no longer kept (or the id was never
   * given here), and the stream then starts from now.
   */
  async subscribe(
    listener: Listener,
    lastId: number | undefined,
  ): Promise<{ sub: Subscription; missed: ChangeRow[] | 'reload' }> {
    // The cursor moves only in polls: wait out one in progress.
    while (this.polling !== null) await this.polling;
    const head = await this.head();
    if (this.subs.size === 0) this.cursor = head;
    let missed: ChangeRow[] | 'reload' = [];
    if (lastId !== undefined && lastId !== head) {
      const oldest = await this.sql.get<{ oldest: number | null }>('SELECT MIN(id) AS oldest FROM changes');
      const kept = lastId < head && oldest?.oldest != null && oldest.oldest <= lastId + 1;
      if (kept) {
        const rows = await this.sql.all<ChangeRow>(
          `SELECT ${COLUMNS} FROM changes WHERE id > ? AND id <= ? ORDER BY id`,
          [lastId, head],
        );
        await this.opts.beforeDelivery?.();
        missed = [];
        for (const r of rows) if (await reaches(listener, r)) missed.push(r);
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
      void this.poll();
    });
  }

  /** How many streams are open now (metrics). */
  get open(): number {
    return this.subs.size;
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
    this.poller = setInterval(() => void this.poll(), this.opts.pollMs ?? 200);
    this.heart = setInterval(() => {
      for (const s of this.subs) void s.listener.beat().catch(() => s.listener.end());
    }, this.opts.heartbeatMs ?? 15_000);
    // A listening stream keeps the server up, not these timers.
    this.poller.unref();
    this.heart.unref();
    if (this.opts.listen !== undefined) {
      this.unlisten = this.opts.listen(() => this.nudge()).catch(() => async () => {});
    }
  }

  private stop(): void {
    clearInterval(this.poller);
    clearInterval(this.heart);
    this.poller = undefined;
    this.heart = undefined;
    const unlisten = this.unlisten;
    this.unlisten = null;
    void unlisten?.then((stop) => stop());
  }

  private async poll(): Promise<void> {
    if (this.polling !== null) {
      // One more round after this one: the write that asked may have landed after its read.
      this.again = true;
      return;
    }
    do {
      this.again = false;
      this.polling = this.deliver();
      try {
        await this.polling;
      } catch {
        // The database is away (PostgreSQL restarting): the next poll tries again.
      } finally {
        this.polling = null;
      }
    } while (this.again && !this.closed);
  }

  private async deliver(): Promise<void> {
    if (this.subs.size === 0 || this.closed) return;
    const rows = await this.sql.all<ChangeRow>(
      `SELECT ${COLUMNS} FROM changes WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
      [this.cursor],
    );
    if (rows.length === 0) return;
    await this.opts.beforeDelivery?.();
    for (const row of rows) {
      for (const s of this.subs) {
        if (row.id <= s.after) continue;
        s.after = row.id;
        if (await reaches(s.listener, row)) await s.listener.send(row);
      }
    }
    this.cursor = rows[rows.length - 1]?.id ?? this.cursor;
    if (rows.length === BATCH) this.nudge();
  }
}
