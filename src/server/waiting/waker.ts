/**
 * Wakes snoozed cards when their time comes, from every instance: each looks
 * every second (and when a test's clock says so, `tick`), and at its start —
 * so a time that passed while the service was down wakes at once. Of several
 * instances looking at once, one wakes each card: the wake is a conditional
 * update (snooze.ts `wake`) in its own transaction with its change.
 */
import type { Principal } from '../auth.js';
import type { Ctx } from '../context.js';
import { PeriodicLook } from '../periodic.js';
import { wake } from './snooze.js';

/** The service itself, as the change log names who woke a card ('': no person). */
const SERVICE: Principal = { keyId: 0, userId: 0, email: '', plan: 'pro', trialStartedAt: null };

export interface WakerOptions {
  ctx: Ctx;
  /** How often to look (ms); default 1000. 0: only when `tick` is called (tests). */
  tickMs?: number;
  log?: ((line: string) => void) | undefined;
}

export class SnoozeWaker extends PeriodicLook<number> {
  constructor(private readonly opts: WakerOptions) {
    // A failed look woke nothing; nothing was half-done, the next tries again.
    super('snooze', opts.tickMs ?? 1000, 0, opts.log);
  }

  /** Looks at once (a time that passed while the service was down), then every `tickMs`. */
  override start(): void {
    super.start(true);
  }

  /** Wakes what is due now; resolves to how many cards this instance woke (`tick` resolves to it). */
  protected async look(): Promise<number> {
    const { ctx } = this.opts;
    const now = ctx.now();
    const due = await ctx.sql.all<{ id: number; board_id: number; column_id: number }>(
      `SELECT id, board_id, column_id FROM cards WHERE snoozed = 1 AND snooze_until_ms <= ?
       ORDER BY snooze_until_ms, id LIMIT 200`,
      [now],
    );
    let woken = 0;
    for (const card of due) {
      if (this.stopped) break;
      const woke = await ctx.db.tx(async (sql) => {
        const inTx: Ctx = { ...ctx, sql, ifMatch: undefined, touched: new Map() };
        const changes = ctx.changes.recorder(sql, SERVICE, now);
        const done = await wake(inTx, card, 'snooze_until_ms <= ?', [now], changes.record);
        await changes.flush();
        return done;
      });
      if (woke) woken++;
    }
    if (woken > 0) {
      ctx.pages.bump();
      ctx.feed.nudge();
    }
    return woken;
  }
}
