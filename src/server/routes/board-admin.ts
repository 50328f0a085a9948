/**
 * Running a board, the local service's extensions: rename it and replace
 * its members, archive it, rename and delete its columns. Only the board's
 * owner may (members work cards); each records its change for the events.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ColumnPath, IdPath } from '../../api/schema.js';
import {
  type ArchivedBoardData,
  DeleteColumnParams,
  type DeletedColumnData,
  UpdateBoardBody,
  UpdateColumnBody,
} from '../../api/schema-teams.js';
import { isoNow } from '../db.js';
import { columnOn, ownedBoard, params, write } from '../context.js';
import type { Ctx } from '../context.js';
import { HttpError, badRequest, okEnvelope, parse } from '../errors.js';
import { topPosition } from '../positions.js';
import { boardOut, columnOut } from '../serialise.js';
import { bumpCards } from '../versions.js';

const NoParams = z.strictObject({});
const columnNumber = (ref: string) => Number(ref.startsWith('Label_') ? ref.slice(6) : ref);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function boardAdminRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.put('/v2/board/:id', async (req, reply) => {
    const { id } = parse(IdPath, req.params, 'path');
    const body = parse(UpdateBoardBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(id), body.Users === undefined ? 'rename it' : 'change its members');
      if (body.Name !== undefined) await ctx.sql.run('UPDATE boards SET name = ? WHERE id = ?', [body.Name, board.id]);
      if (body.Users !== undefined) {
        // The owner is a member by owning the board: listing them adds no row.
        const owner = board.owner_email.toLowerCase();
        await ctx.sql.run('DELETE FROM board_members WHERE board_id = ?', [board.id]);
        for (const email of new Set(body.Users.map((e) => e.toLowerCase()))) {
          if (email !== owner)
            await ctx.sql.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [board.id, email]);
        }
      }
      changed(board.id, null, 'board');
      const out = await boardOut(ctx, { ...board, name: body.Name ?? board.name });
      return okEnvelope(out, 'Board updated');
    });
  });

  app.delete('/v2/board/:id', async (req, reply) => {
    const { id } = parse(IdPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(id), 'archive it');
      // Archived, not deleted: its cards, mail and history stay in the database.
      const at = isoNow(ctx.now());
      await ctx.sql.run('UPDATE boards SET archived_at = ? WHERE id = ?', [at, board.id]);
      changed(board.id, null, 'board-archived');
      return okEnvelope({ Id: board.id, ArchivedAt: at } satisfies ArchivedBoardData, 'Board archived');
    });
  });

  app.put('/v2/board/:boardId/column/:id', async (req, reply) => {
    const path = parse(ColumnPath, req.params, 'path');
    const body = parse(UpdateColumnBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(path.boardId), 'rename columns');
      const col = await columnOn(ctx, board.id, columnNumber(path.id));
      await ctx.sql.run('UPDATE columns SET name = ? WHERE id = ?', [body.Name, col.id]);
      changed(board.id, null, 'column');
      return okEnvelope(columnOut({ id: col.id, name: body.Name }), 'Column renamed');
    });
  });

  app.delete('/v2/board/:boardId/column/:id', async (req, reply) => {
    const path = parse(ColumnPath, req.params, 'path');
    const { MoveCardsTo } = parse(DeleteColumnParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(path.boardId), 'delete columns');
      const col = await columnOn(ctx, board.id, columnNumber(path.id));
      await ctx.sql.lock(`columns-of:${board.id}`);
      const others = await ctx.sql.all<{ id: number }>(
        'SELECT id FROM columns WHERE board_id = ? AND id <> ? ORDER BY position, id',
        [board.id, col.id],
      );
      const first = others[0];
      if (first === undefined) {
        throw new HttpError(409, `Column '${col.name}' is the only column of board ${board.id}: a board keeps one`);
      }
      let target: number | undefined;
      if (MoveCardsTo !== undefined) {
        if (MoveCardsTo === col.id) throw badRequest('MoveCardsTo: must be another column than the one deleted');
        target = (await columnOn(ctx, board.id, MoveCardsTo, 'MoveCardsTo')).id;
      }
      const cards = await ctx.sql.all<{ id: number }>(
        'SELECT id FROM cards WHERE column_id = ? AND archived = 0 AND snoozed = 0 ORDER BY position, id',
        [col.id],
      );
      if (cards.length > 0 && target === undefined) {
        throw new HttpError(
          409,
          `Column '${col.name}' has ${plural(cards.length, 'card')}: give MoveCardsTo (the id of another column on board ${board.id}) to move them there first`,
        );
      }
      if (target !== undefined) {
        // On top of the target, in their order: the last placed goes first.
        for (const card of [...cards].reverse()) {
          const position = await topPosition(ctx.sql, target, card.id);
          await ctx.sql.run('UPDATE cards SET column_id = ?, position = ? WHERE id = ?', [target, position, card.id]);
          changed(board.id, card.id, 'card-moved');
        }
        await bumpCards(
          ctx,
          cards.map((c) => c.id),
        );
      }
      // Archived and snoozed cards keep a column to come back to: where the others went, else the first left.
      await ctx.sql.run('UPDATE cards SET column_id = ? WHERE column_id = ? AND (archived = 1 OR snoozed = 1)', [
        target ?? first.id,
        col.id,
      ]);
      await ctx.sql.run('DELETE FROM columns WHERE id = ?', [col.id]);
      changed(board.id, null, 'column');
      const data: DeletedColumnData = {
        ColumnId: col.id,
        MovedCards: cards.length,
        MovedTo: cards.length > 0 ? (target ?? null) : null,
      };
      return okEnvelope(data, 'Column deleted');
    });
  });
}
