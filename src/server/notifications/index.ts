/**
 * Notifications on one instance: the routes, and a look every few seconds
 * (and when a test's clock says so, `tick`) for cards past their response
 * target and, with `--notify-email`, for what stayed unread long enough to
 * mail. What a write tells is written by the write itself (derive.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth.js';
import type { Ctx } from '../context.js';
import type { ReplyMail } from '../mail/send-reply.js';
import { PeriodicLook } from '../periodic.js';
import { mailUnread } from './email.js';
import { overdueNotifications } from './overdue.js';
import { notificationRoutes } from './routes.js';

/** The service itself, as the change log names who made a change ('': no person). */
const SERVICE: Principal = { keyId: 0, userId: 0, email: '', plan: 'pro', trialStartedAt: null };

export interface NotifierOptions {
  ctx: Ctx;
  mail: ReplyMail;
  /** Mail what stayed unread this long (ms); absent: never. */
  emailAfterMs?: number | undefined;
  /** How often to look (ms); default 5000. 0: only when `tick` is called (tests). */
  tickMs?: number | undefined;
}

export class Notifier extends PeriodicLook<void> {
  constructor(private readonly opts: NotifierOptions) {
    super('notifications', opts.tickMs ?? 5000, undefined, opts.mail.log);
  }

  protected async look(): Promise<void> {
    const { ctx, emailAfterMs } = this.opts;
    if (this.stopped) return;
    const now = ctx.now();
    const overdue = await overdueNotifications(ctx, now);
    if (overdue.length > 0) {
      await ctx.db.tx(async (sql) => {
        const changes = ctx.changes.recorder(sql, SERVICE, now);
        for (const n of overdue) changes.notify(n);
        await changes.flush();
      });
      ctx.feed.nudge();
    }
    if (emailAfterMs !== undefined && !this.stopped) await mailUnread(ctx, this.opts.mail, emailAfterMs);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's notifier: `tick()` looks for targets passed and mail due now. */
    notifier: Notifier;
  }
}

/** The routes and this instance's notifier, stopped with the server. */
export function notifications(app: FastifyInstance, opts: NotifierOptions): void {
  notificationRoutes(app, opts.ctx);
  const notifier = new Notifier(opts);
  app.decorate('notifier', notifier);
  app.addHook('onReady', () => notifier.start());
  app.addHook('preClose', () => notifier.stop());
}
