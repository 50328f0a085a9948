/**
 * `GET /v2/notifications` (the key's member's, paged, newest first),
 * `POST /v2/notifications/:id/read` and `POST /v2/notifications/read-all`.
 * A key sees and marks only its own member's: another's is "not found".
 * Marking read tells the member's other screens (a change for them alone).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../api/schema.js';
import { NOTIFICATION_LIMITS, NotificationsQuery } from '../../api/schema-notifications.js';
import { CHANGES_CHANNEL } from '../changes.js';
import { params, principal, write, type Ctx } from '../context.js';
import { notFound, okEnvelope, parse } from '../errors.js';
import { notificationPage, unreadCount } from './read.js';
import { announce } from './store.js';

const NotificationPath = z.strictObject({ id: IdParam });
const NoBody = z.strictObject({});

export function notificationRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/notifications', async (req) => {
    const q = parse(NotificationsQuery, params(req), 'query');
    const page = await notificationPage(ctx.sql, principal(req), {
      unread: q.unread === 'true',
      limit: q.limit ?? NOTIFICATION_LIMITS.pageSizeDefault,
      before: q.before,
    });
    return okEnvelope(page);
  });

  app.post('/v2/notifications/:id/read', async (req, reply) => {
    const { id } = parse(NotificationPath, req.params, 'path');
    parse(NoBody, req.body ?? {});
    return write(ctx, req, reply, async (p, _changed, ctx) => {
      const row = await ctx.sql.get<{ board_id: number | string; card_id: number | string | null }>(
        'SELECT board_id, card_id FROM notifications WHERE id = ? AND user_id = ?',
        [id, p.userId],
      );
      if (row === undefined) throw notFound(`Notification ${id} not found`);
      const marked = await ctx.sql.run('UPDATE notifications SET read_ms = ? WHERE id = ? AND read_ms IS NULL', [
        ctx.now(),
        id,
      ]);
      if (marked > 0)
        await told(ctx, p.userId, Number(row.board_id), row.card_id === null ? null : Number(row.card_id));
      const unread = await unreadCount(ctx.sql, p.userId);
      return okEnvelope({ Marked: marked, Unread: unread }, marked > 0 ? 'Marked read' : 'Already read');
    });
  });

  app.post('/v2/notifications/read-all', async (req, reply) => {
    parse(NoBody, req.body ?? {});
    return write(ctx, req, reply, async (p, _changed, ctx) => {
      const marked = await ctx.sql.run('UPDATE notifications SET read_ms = ? WHERE user_id = ? AND read_ms IS NULL', [
        ctx.now(),
        p.userId,
      ]);
      if (marked > 0) await told(ctx, p.userId, 0, null);
      return okEnvelope({ Marked: marked, Unread: 0 }, `Marked ${marked} read`);
    });
  });
}

/** The member's other screens hear their count changed. */
async function told(ctx: Ctx, userId: number, boardId: number, cardId: number | null): Promise<void> {
  await ctx.sql.lock('changes');
  await announce(ctx.sql, userId, boardId, cardId, '', ctx.now());
  await ctx.sql.signal(CHANGES_CHANNEL);
}
