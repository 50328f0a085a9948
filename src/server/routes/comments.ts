/** Comments: /v2/comment… — anyone on the board may read; only the author may change. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CommentPath, CreateCommentBody, UpdateCommentBody } from '../../api/schema.js';
import type { Principal } from '../auth.js';
import { isoNow } from '../db.js';
import { cardFor, params, principal, write, type Ctx } from '../context.js';
import { forbidden, notFound, okEnvelope, parse } from '../errors.js';
import { commentOut, type CommentRow } from '../serialise.js';
import { touchCard } from '../versions.js';
import { mentionsOf, saveMentions } from '../mentions/mentions.js';

const NoParams = z.strictObject({});

async function commentFor(ctx: Ctx, p: Principal, commentId: number, author: boolean): Promise<CommentRow> {
  const row = await ctx.sql.get<CommentRow>(
    'SELECT c.id, c.card_id, c.body, c.user_id, c.created_at, u.email FROM comments c JOIN users u ON u.id = c.user_id WHERE c.id = ?',
    [commentId],
  );
  if (row === undefined) throw notFound(`Comment ${commentId} not found`);
  await cardFor(ctx, p, row.card_id, author);
  if (author && row.user_id !== p.userId) throw forbidden(`Only the author may change comment ${commentId}`);
  return row;
}

export function commentRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/v2/comment', async (req, reply) => {
    const body = parse(CreateCommentBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, body.CardId, true);
      await touchCard(ctx, card.id);
      changed(card.board_id, card.id, 'comment');
      const now = isoNow(ctx.now());
      const row = await ctx.sql.get<{ id: number }>(
        'INSERT INTO comments (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?) RETURNING id',
        [card.id, p.userId, body.Body, now],
      );
      const id = (row as { id: number }).id;
      const named = await saveMentions(ctx, card.board_id, id, body.Body);
      return okEnvelope(
        {
          Error: false,
          Success: `Comment added${named.words}`,
          CommentDetails: {
            CommentId: id,
            UserId: p.userId,
            Comment: body.Body,
            EntityId: String(card.id),
            CreatedAt: now,
            // The reference's shape stays as it was for a comment that names no one.
            ...(named.mentions.length > 0 ? { Mentions: named.mentions } : {}),
          },
        },
        `Comment added${named.words}`,
      );
    });
  });

  app.get('/v2/comment/:commentId', async (req) => {
    const { commentId } = parse(CommentPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const row = await commentFor(ctx, principal(req), Number(commentId), false);
    return okEnvelope(commentOut(row, (await mentionsOf(ctx, [row.id])).get(row.id)));
  });

  app.put('/v2/comment/:commentId', async (req, reply) => {
    const { commentId } = parse(CommentPath, req.params, 'path');
    const body = parse(UpdateCommentBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const row = await commentFor(ctx, p, Number(commentId), true);
      await touchCard(ctx, row.card_id);
      const card = await cardFor(ctx, p, row.card_id, false);
      changed(card.board_id, row.card_id, 'comment');
      await ctx.sql.run('UPDATE comments SET body = ? WHERE id = ?', [body.Body, row.id]);
      const named = await saveMentions(ctx, card.board_id, row.id, body.Body);
      // The reference's update answer carries no UserId.
      return okEnvelope(
        {
          Error: false,
          Success: `Comment updated${named.words}`,
          CommentDetails: {
            CommentId: row.id,
            Comment: body.Body,
            EntityId: String(row.card_id),
            CreatedAt: row.created_at,
            ...(named.mentions.length > 0 ? { Mentions: named.mentions } : {}),
          },
        },
        `Comment updated${named.words}`,
      );
    });
  });

  app.delete('/v2/comment/:commentId', async (req, reply) => {
    const { commentId } = parse(CommentPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const row = await commentFor(ctx, p, Number(commentId), true);
      await touchCard(ctx, row.card_id);
      changed((await cardFor(ctx, p, row.card_id, false)).board_id, row.card_id, 'comment');
      await ctx.sql.run('DELETE FROM comments WHERE id = ?', [row.id]);
      return okEnvelope({ CommentId: row.id }, 'Comment deleted');
    });
  });
}
