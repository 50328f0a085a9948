/** Tags of a board: /v2/tag (BoardId/TagId in the query string or a JSON body). */
import type { FastifyInstance } from 'fastify';
import { CreateTagBody, type DeletedTagData, DeleteTagParams, ListTagsParams } from '../../api/schema.js';
import { isoNow } from '../db.js';
import { boardFor, ownedBoard, params, principal, write, type Ctx } from '../context.js';
import { bumpCards } from '../versions.js';
import { notFound, okEnvelope, parse } from '../errors.js';
import { tagOut, type TagRow } from '../serialise.js';

export function tagRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/tag', async (req) => {
    const { BoardId } = parse(ListTagsParams, params(req), 'query');
    await boardFor(ctx, principal(req), BoardId);
    const rows = await ctx.sql.all<TagRow>(
      'SELECT id, board_id, name, color FROM tags WHERE board_id = ? ORDER BY id',
      [BoardId],
    );
    return okEnvelope(rows.map(tagOut));
  });

  app.post('/v2/tag', async (req, reply) => {
    const body = parse(CreateTagBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      await ownedBoard(ctx, p, body.BoardId, 'create tags');
      changed(body.BoardId, null, 'tags');
      const row = await ctx.sql.get<{ id: number }>(
        'INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        [body.BoardId, body.Name, body.Color, p.userId, isoNow(ctx.now())],
      );
      const id = (row as { id: number }).id;
      return okEnvelope(
        {
          Id: id,
          Name: body.Name,
          Color: String(body.Color),
          Description: null,
          BoardId: body.BoardId,
          UserId: p.userId,
        },
        'Tag created',
      );
    });
  });

  app.delete('/v2/tag', async (req, reply) => {
    const { BoardId, TagId } = parse(DeleteTagParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      await ownedBoard(ctx, p, BoardId, 'delete tags');
      changed(BoardId, null, 'tags');
      // Which cards had it, so a client can put it back (a new tag, re-applied): undo where the service can.
      const had = await ctx.sql.all<{ card_id: number }>(
        'SELECT ct.card_id FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE t.id = ? AND t.board_id = ? ORDER BY ct.card_id',
        [TagId, BoardId],
      );
      // Removing the tag also removes it from every card (ON DELETE CASCADE).
      const removed = await ctx.sql.run('DELETE FROM tags WHERE id = ? AND board_id = ?', [TagId, BoardId]);
      if (removed === 0) throw notFound(`Tag ${TagId} not found on board ${BoardId}`);
      const cardIds = had.map((r) => r.card_id);
      await bumpCards(ctx, cardIds);
      for (const id of cardIds) changed(BoardId, id, 'tags');
      return okEnvelope({ Id: TagId, CardIds: cardIds.map(String) } satisfies DeletedTagData, 'Tag deleted');
    });
  });
}
