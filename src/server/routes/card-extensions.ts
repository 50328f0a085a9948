/**
 * The local service's extensions to cards, beyond the reference: a due date,
 * the read state after creation, ticking a sub-task, a board's archived
 * cards and restoring one. Each is documented in README › Extensions and
 * docs/api.md; a client detects them (a server without one answers 404).
 */
import type { FastifyInstance } from 'fastify';
import {
  ArchivedCardsParams,
  BoardPath,
  CardPath,
  LIMITS,
  RestoreCardBody,
  SetDueDateBody,
  SetReadStatusBody,
  SubTaskPath,
  TickSubTaskBody,
} from '../../api/schema.js';
import { boardFor, cardFor, columnOn, params, principal, write, type CardRow, type Ctx } from '../context.js';
import { HttpError, notFound, okEnvelope, parse } from '../errors.js';
import { positionAt } from '../positions.js';
import { cardsOut } from '../serialise.js';

/** A date-time as stored: UTC ISO with milliseconds; a plain date stays a plain date. */
const storedDue = (v: string | null): string | null =>
  v === null || v.length === 10 ? v : new Date(Date.parse(v)).toISOString();

export function cardExtensionRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.put('/v2/card/:cardId/due-date', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SetDueDateBody, req.body ?? {});
    return write(ctx, req, reply, (p) => {
      const card = cardFor(ctx, p, cardId, true);
      const due = storedDue(body.DueDate);
      ctx.q('UPDATE cards SET due_date = ? WHERE id = ?').run(due, card.id);
      return okEnvelope({ CardId: String(card.id), DueDate: due }, due === null ? 'Due date cleared' : 'Due date set');
    });
  });

  app.put('/v2/card/:cardId/read-status', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SetReadStatusBody, req.body ?? {});
    return write(ctx, req, reply, (p) => {
      const card = cardFor(ctx, p, cardId, true);
      ctx.q('UPDATE cards SET read_status = ? WHERE id = ?').run(body.ReadStatus, card.id);
      return okEnvelope(
        { CardId: String(card.id), ReadStatus: body.ReadStatus },
        body.ReadStatus === 1 ? 'Marked read' : 'Marked unread',
      );
    });
  });

  app.put('/v2/card/:cardId/sub-task/:subTaskId', async (req, reply) => {
    const { cardId, subTaskId } = parse(SubTaskPath, req.params, 'path');
    const body = parse(TickSubTaskBody, req.body ?? {});
    return write(ctx, req, reply, (p) => {
      const card = cardFor(ctx, p, cardId, true);
      const changed = ctx
        .q('UPDATE subtasks SET done = ? WHERE id = ? AND card_id = ?')
        .run(body.Done ? 1 : 0, Number(subTaskId), card.id).changes;
      if (changed === 0) throw notFound(`Sub-task ${subTaskId} not found on card ${card.id}`);
      return okEnvelope(
        { CardId: String(card.id), SubTaskId: Number(subTaskId), Done: body.Done },
        body.Done ? 'Sub-task ticked' : 'Sub-task unticked',
      );
    });
  });

  app.get('/v2/board/:boardId/archived-cards', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const { page = 1, limit = LIMITS.pageSizeDefault } = parse(ArchivedCardsParams, params(req), 'query');
    const board = boardFor(ctx, principal(req), Number(boardId));
    // Newest archived first; cards archived before times were kept come last, newest id first.
    const rows = ctx
      .q(
        `SELECT * FROM cards WHERE board_id = ? AND archived = 1
         ORDER BY archived_at IS NULL, archived_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(board.id, limit, (page - 1) * limit) as (CardRow & { archived_at: string | null })[];
    const listed = cardsOut(ctx, rows);
    return okEnvelope(listed.map((c, i) => ({ ...c, ArchivedAt: rows[i]?.archived_at ?? null })));
  });

  app.post('/v2/card/:cardId/restore', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(RestoreCardBody, req.body ?? {});
    return write(ctx, req, reply, (p) => {
      const card = cardFor(ctx, p, cardId, false);
      if (card.archived === 0) throw new HttpError(409, `Card ${card.id} is not archived`);
      const col =
        body.ColumnId === undefined
          ? columnOn(ctx, card.board_id, card.column_id, 'ColumnId')
          : columnOn(ctx, card.board_id, body.ColumnId, 'ColumnId');
      const position = positionAt(ctx.q, col.id, body.Position ?? 0, card.id);
      ctx
        .q('UPDATE cards SET archived = 0, archived_at = NULL, column_id = ?, position = ? WHERE id = ?')
        .run(col.id, position, card.id);
      return okEnvelope({ CardId: String(card.id), ColumnId: col.id, Position: body.Position ?? 0 }, 'Card restored');
    });
  });
}
