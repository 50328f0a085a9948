/**
 * Every mailbox of the database watched by exactly one instance: each
 * instance looks at the mailboxes table every few seconds (and at once when
 * one is added: `inboard mailbox add` signals MAILBOXES_CHANNEL), takes or
 * renews the lease of each it can, and runs a watcher for each lease it
 * holds. An instance that dies stops renewing; another takes its mailboxes
 * over when the lease runs out. Two briefly overlapping cannot import a
 * message twice (import.ts knows each by its bytes, in the transaction).
 */
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../context.js';
import type { SecretBox } from '../../secrets.js';
import { allMailboxes, dropLease, takeLease } from './mailbox-store.js';
import { MailboxWatcher, type WatchOptions } from './watcher.js';

/** What `inboard mailbox add/remove` signals, so every instance looks at once. */
export const MAILBOXES_CHANNEL = 'inboard_mailboxes';

export interface SupervisorOptions {
  ctx: Ctx;
  secrets: SecretBox | undefined;
  log?: ((line: string) => void) | undefined;
  /** How long a lease lasts without renewal (ms); another instance takes over after it. */
  leaseMs?: number;
  /** How often leases are renewed and the table read (ms); a quarter of the lease unless given. */
  tickMs?: number;
  watch?: Pick<WatchOptions, 'pollMs' | 'backoff'>;
}

export class MailboxSupervisor {
  readonly instance = randomUUID();
  private readonly watchers = new Map<number, MailboxWatcher>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly leaseMs: number;
  private readonly tickMs: number;

  constructor(private readonly opts: SupervisorOptions) {
    this.leaseMs = opts.leaseMs ?? 20_000;
    this.tickMs = opts.tickMs ?? this.leaseMs / 4;
  }

  async start(): Promise<void> {
    // A wake only looks for mailboxes added or removed: renewing every lease on
    // each wake would write, and on SQLite every write wakes every listener.
    this.unlisten = await this.opts.ctx.db.listen(MAILBOXES_CHANNEL, () => void this.tick(false));
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
    await this.tick();
  }

  /** The mailboxes this instance watches now. */
  watching(): number[] {
    return [...this.watchers.keys()];
  }

  watcher(id: number): MailboxWatcher | undefined {
    return this.watchers.get(id);
  }

  /**
   * Reads the table again and takes what it can: every lease (`renew`, the
   * timer's look), or only mailboxes this instance doesn't watch yet (a
   * wake). One look at a time; looks asked for meanwhile become one.
   */
  tick(renew = true): Promise<void> {
    if (this.queued !== null) {
      this.queued.renew ||= renew;
      return this.ticking;
    }
    const next = { renew };
    this.queued = next;
    this.ticking = this.ticking
      .then(() => {
        this.queued = null;
        return this.look(next.renew);
      })
      .catch((err: unknown) => {
        // The database away: leases lapse; the next look tries again.
        this.opts.log?.(`mailboxes: ${err instanceof Error ? err.message : String(err)}`);
      });
    return this.ticking;
  }

  private queued: { renew: boolean } | null = null;

  private async look(renew: boolean): Promise<void> {
    if (this.stopped) return;
    const { db } = this.opts.ctx;
    const rows = await allMailboxes(db);
    const present = new Set(rows.map((r) => r.id));
    for (const [id, w] of this.watchers) {
      if (!present.has(id)) {
        this.watchers.delete(id);
        await w.stop();
      }
    }
    for (const row of rows) {
      if (this.stopped) return;
      if (!renew && this.watchers.has(row.id)) continue;
      const held = await takeLease(db, row.id, this.instance, this.opts.ctx.now(), this.leaseMs);
      const w = this.watchers.get(row.id);
      if (held && w === undefined) {
        this.watchers.set(
          row.id,
          new MailboxWatcher(row.id, {
            ctx: this.opts.ctx,
            secrets: this.opts.secrets,
            log: this.opts.log,
            ...this.opts.watch,
          }),
        );
      } else if (!held && w !== undefined) {
        // Someone else holds it now (this instance stalled past its lease): theirs alone.
        this.watchers.delete(row.id);
        await w.stop();
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    await this.unlisten?.();
    const all = [...this.watchers];
    this.watchers.clear();
    await Promise.all(all.map(([, w]) => w.stop()));
    // Handed back at once, and the others told: one of them takes each over now, not when the lease runs out.
    if (all.length === 0) return;
    await this.opts.ctx.db
      .tx(async (sql) => {
        for (const [id] of all) await dropLease(sql, id, this.instance);
        await sql.signal(MAILBOXES_CHANNEL);
      })
      .catch(() => undefined);
  }
}
