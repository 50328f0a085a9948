/**
 * The local service's extensions to cards, beyond the reference: a due date,
 * the read state after creation, ticking a sub-task, a board's archived
 * cards and restoring one. Each is documented in docs/api.md › Extensions;
 * a client detects them (a server without one answers 404).
 */
import type { FastifyInstance } from 'fastify';
import { BoardPath, CardPath, LIMITS, SubTaskPath } from '../../api/schema.js';
import {
  ArchivedCardsParams,
  type ArchivedCardListed,
  RestoreCardBody,
  type RestoreCardData,
  SetDueDateBody,
  type SetDueDateData,
  SetReadStatusBody,
  type SetReadStatusData,
  TickSubTaskBody,
  type TickSubTaskData,
} from '../../api/schema-cards.js';
import { boardFor, cardFor, columnOn, params, principal, write, type CardRow, type Ctx } from '../context.js';
import { HttpError, notFound, okEnvelope, parse } from '../errors.js';
import { positionAt } from '../positions.js';
import { cardsOut } from '../serialise.js';
import { touchCard } from '../versions.js';

/** A date-time as stored: UTC ISO with milliseconds; a plain date stays a plain date. */
const storedDue = (v: string | null): string | null =>
  v === null || v.length === 10 ? v : new Date(Date.parse(v)).toISOString();

export function cardExtensionRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.put('/v2/card/:cardId/due-date', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SetDueDateBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      await touchCard(ctx, card.id);
      changed(card.board_id, card.id, 'card-changed');
      const due = storedDue(body.DueDate);
      await ctx.sql.run('UPDATE cards SET due_date = ? WHERE id = ?', [due, card.id]);
      return okEnvelope(
        { CardId: String(card.id), DueDate: due } satisfies SetDueDateData,
        due === null ? 'Due date cleared' : 'Due date set',
      );
    });
  });

  app.put('/v2/card/:cardId/read-status', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SetReadStatusBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      // The asker's own mark: a teammate's state is theirs, and the card's
      // version stays (no one else sees a change), though If-Match is honoured.
      await touchCard(ctx, card.id, false);
      changed(card.board_id, card.id, 'card-changed');
      await ctx.sql.run(
        `INSERT INTO card_reads (card_id, user_id, read_status) VALUES (?, ?, ?)
         ON CONFLICT (card_id, user_id) DO UPDATE SET read_status = excluded.read_status`,
        [card.id, p.userId, body.ReadStatus],
      );
      // Read by someone: no longer news that it came back from a snooze.
      if (body.ReadStatus === 1 && Number(card.back_from_snooze) === 1)
        await ctx.sql.run('UPDATE cards SET back_from_snooze = 0 WHERE id = ?', [card.id]);
      return okEnvelope(
        { CardId: String(card.id), ReadStatus: body.ReadStatus } satisfies SetReadStatusData,
        body.ReadStatus === 1 ? 'Marked read' : 'Marked unread',
      );
    });
  });

  app.put('/v2/card/:cardId/sub-task/:subTaskId', async (req, reply) => {
    const { cardId, subTaskId } = parse(SubTaskPath, req.params, 'path');
    const body = parse(TickSubTaskBody, req.body ?? {});
    return write(ctx, req, reply, async (p, record, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      await touchCard(ctx, card.id);
      record(card.board_id, card.id, 'sub-task');
      const changed = await ctx.sql.run('UPDATE subtasks SET done = ? WHERE id = ? AND card_id = ?', [
        body.Done ? 1 : 0,
        Number(subTaskId),
        card.id,
      ]);
      if (changed === 0) throw notFound(`Sub-task ${subTaskId} not found on card ${card.id}`);
      return okEnvelope(
        { CardId: String(card.id), SubTaskId: Number(subTaskId), Done: body.Done } satisfies TickSubTaskData,
        body.Done ? 'Sub-task ticked' : 'Sub-task unticked',
      );
    });
  });

  app.get('/v2/board/:boardId/archived-cards', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const { page, limit = LIMITS.pageSizeDefault } = parse(ArchivedCardsParams, params(req), 'query');
    const p = principal(req);
    const board = await boardFor(ctx, p, Number(boardId));
    // Newest archived first (NULLs, archived before times were kept, sort last);
    // the index cards_archived serves this order, id included.
    const rows = await ctx.sql.all<CardRow>(
      `SELECT * FROM cards WHERE board_id = ? AND archived = 1
       ORDER BY archived_at DESC NULLS LAST, id DESC LIMIT ? OFFSET ?`,
      [board.id, limit, (page - 1) * limit],
    );
    const listed = await cardsOut(ctx, rows, p.userId);
    return okEnvelope(listed.map((c, i): ArchivedCardListed => ({ ...c, ArchivedAt: rows[i]?.archived_at ?? null })));
  });

  app.post('/v2/card/:cardId/restore', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(RestoreCardBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, false);
      await touchCard(ctx, card.id);
      changed(card.board_id, card.id, 'card-restored');
      if (card.archived === 0) throw new HttpError(409, `Card ${card.id} is not archived`);
      // Without a ColumnId, back where it was archived from (archiving keeps column_id).
      const col = await columnOn(ctx, card.board_id, body.ColumnId ?? card.column_id, 'ColumnId');
      const position = await positionAt(ctx.sql, col.id, body.Position ?? 0, card.id);
      await ctx.sql.run('UPDATE cards SET archived = 0, archived_at = NULL, column_id = ?, position = ? WHERE id = ?', [
        col.id,
        position,
        card.id,
      ]);
      // The place it took: a Position past the end is the last place.
      const index = await ctx.sql.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM cards WHERE column_id = ? AND archived = 0 AND snoozed = 0 AND id <> ?
         AND (position < ? OR (position = ? AND id < ?))`,
        [col.id, card.id, position, position, card.id],
      );
      const data: RestoreCardData = { CardId: String(card.id), ColumnId: col.id, Position: index?.n ?? 0 };
      return okEnvelope(data, 'Card restored');
    });
  });
}
