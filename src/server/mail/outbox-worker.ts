/**
 * Sends the outbox's replies, forwards and new mail when their time comes, from every instance:
 * each looks every second (and when the clock of a test says so, `tick`),
 * claims each due reply (outbox.ts `claim`: one instance wins it), sends it
 * through send-reply.ts and records it. A relay that refuses leaves the
 * reply `failed` with its words, for its writer to read; it is never sent
 * again by itself. A claim this instance held when it stopped runs out and
 * another instance takes the reply over — resent with the same Message-ID.
 */
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth.js';
import type { Ctx } from '../context.js';
import { HttpError } from '../errors.js';
import { PeriodicLook } from '../periodic.js';
import { claim, dueRows, markFailed, unclaim } from './outbox.js';
import { recordSent, transmit, type ReplyMail } from './send-reply.js';

export interface OutboxWorkerOptions {
  ctx: Ctx;
  mail: ReplyMail;
  /** How often the outbox is read (ms); default 1000. 0: only when `tick` is called (tests). */
  tickMs?: number;
}

/** The writer, as the change log names who made a change. */
const writerOf = (row: { user_id: number; by_email: string }): Principal => ({
  keyId: 0,
  userId: row.user_id,
  email: row.by_email,
  plan: 'pro',
  trialStartedAt: null,
});

export class OutboxWorker extends PeriodicLook<void> {
  readonly instance = `outbox-${randomUUID()}`;

  constructor(private readonly opts: OutboxWorkerOptions) {
    // A failed look claimed nothing, or its claim runs out: the next tries again.
    super('outbox', opts.tickMs ?? 1000, undefined, opts.mail.log);
  }

  protected async look(): Promise<void> {
    const { ctx } = this.opts;
    for (const row of await dueRows(ctx, ctx.now())) {
      if (this.stopped) return;
      if (!(await claim(ctx, row.id, this.instance, ctx.now()))) continue;
      await this.send(row);
    }
  }

  private async send(row: Awaited<ReturnType<typeof dueRows>>[number]): Promise<void> {
    const { ctx, mail } = this.opts;
    let sent;
    try {
      sent = await transmit(ctx, mail, row);
    } catch (e) {
      if (e instanceof HttpError) {
        await markFailed(ctx, row.id, this.instance, e.message);
        // Its writer's screen reads the card again and learns it.
        await ctx.db.tx(async (sql) => {
          const changes = ctx.changes.recorder(sql, writerOf(row), ctx.now());
          changes.record(row.board_id, row.card_id, 'message', row.by_email);
          // Its writer is told wherever they are: the relay, not they, stopped it.
          changes.notify({
            userId: row.user_id,
            kind: 'reply-failed',
            source: `failed:${row.id}`,
            boardId: row.board_id,
            cardId: row.card_id,
            by: '',
            words: e.message,
          });
          await changes.flush();
        });
        ctx.feed.nudge();
        mail.log?.(`outbox: reply ${row.id} on card ${row.card_id} not sent: ${e.message}`);
        return;
      }
      // Not the relay's refusal (the network, the database): tried again at the next look.
      await unclaim(ctx, row.id, this.instance).catch(() => undefined);
      throw e;
    }
    const t = sent;
    if (t.refused.length > 0)
      mail.log?.(
        `outbox: ${row.kind} ${row.id} on card ${row.card_id} sent, but the relay refused ${t.refused.join(', ')}`,
      );
    await ctx.db.tx(async (sql) => {
      const inTx: Ctx = { ...ctx, sql, ifMatch: undefined, touched: new Map() };
      const changes = ctx.changes.recorder(sql, writerOf(row), ctx.now());
      await recordSent(inTx, changes.record, row, t);
      await changes.flush();
    });
    ctx.pages.bump();
    ctx.feed.nudge();
  }
}
