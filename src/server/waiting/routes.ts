/**
 * The waiting extensions' routes: snoozing a card, a board's snoozed cards,
 * and a board's response targets (schema-waiting.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoardPath, CardPath } from '../../api/schema.js';
import { BoardTargetsBody, SnoozeBody, type SnoozedCard } from '../../api/schema-waiting.js';
import { checkTimeZone, parseBusinessHours } from '../../text/business-hours.js';
import { boardFor, cardFor, ownedBoard, params, principal, write, type CardRow, type Ctx } from '../context.js';
import { badRequest, okEnvelope, parse } from '../errors.js';
import { cardsOut } from '../serialise.js';
import { snooze, unsnooze } from './snooze.js';
import { targetsOf, targetsOut } from './targets.js';

const NoParams = z.strictObject({});

export function waitingRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/v2/card/:cardId/snooze', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(SnoozeBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      const untilMs = body.Until == null ? null : Date.parse(body.Until);
      await snooze(ctx, card, { untilMs, untilReply: body.UntilReply === true }, p.email, changed);
      const [out] = await cardsOut(ctx, [await reread(ctx, card.id)], p.userId);
      return okEnvelope(out, 'Card snoozed');
    });
  });

  app.delete('/v2/card/:cardId/snooze', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const card = await cardFor(ctx, p, cardId, true);
      await unsnooze(ctx, card, changed);
      const [out] = await cardsOut(ctx, [await reread(ctx, card.id)], p.userId);
      return okEnvelope(out, 'Card back from snooze');
    });
  });

  app.get('/v2/board/:boardId/snoozed', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const p = principal(req);
    const board = await boardFor(ctx, p, Number(boardId));
    // Soonest to wake first; those waiting only for an answer last.
    const rows = await ctx.sql.all<CardRow & { column_name: string }>(
      `SELECT c.*, col.name AS column_name FROM cards c JOIN columns col ON col.id = c.column_id
       WHERE c.board_id = ? AND c.snoozed = 1 AND c.archived = 0
       ORDER BY c.snooze_until_ms IS NULL, c.snooze_until_ms, c.id`,
      [board.id],
    );
    const listed = await cardsOut(ctx, rows, p.userId);
    return okEnvelope(listed.map((c, i): SnoozedCard => ({ ...c, ColumnName: rows[i]?.column_name ?? '' })));
  });

  app.get('/v2/board/:boardId/targets', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    return okEnvelope(targetsOut(board.id, await targetsOf(ctx.sql, board.id)));
  });

  app.put('/v2/board/:boardId/targets', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(BoardTargetsBody, req.body ?? {});
    let hours: string | null = null;
    if (body.Hours != null) {
      const parsed = parseBusinessHours(body.Hours);
      if (!parsed.ok) throw badRequest(`Hours: ${parsed.error}`);
      hours = parsed.text;
    }
    const zone = checkTimeZone(body.Zone ?? 'UTC');
    if (!zone.ok) throw badRequest(`Zone: ${zone.error}`);
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), 'set its response targets');
      await ctx.sql.run(
        `INSERT INTO board_targets (board_id, first_response_s, next_response_s, hours, zone) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (board_id) DO UPDATE SET first_response_s = excluded.first_response_s,
           next_response_s = excluded.next_response_s, hours = excluded.hours, zone = excluded.zone`,
        [board.id, body.FirstResponseSeconds ?? null, body.NextResponseSeconds ?? null, hours, zone.zone],
      );
      changed(board.id, null, 'board');
      return okEnvelope(targetsOut(board.id, await targetsOf(ctx.sql, board.id)), 'Response targets set');
    });
  });

  app.delete('/v2/board/:boardId/targets', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), 'clear its response targets');
      await ctx.sql.run('DELETE FROM board_targets WHERE board_id = ?', [board.id]);
      changed(board.id, null, 'board');
      return okEnvelope(targetsOut(board.id, undefined), 'Response targets cleared');
    });
  });
}

async function reread(ctx: Ctx, cardId: number): Promise<CardRow> {
  return (await ctx.sql.get<CardRow>('SELECT * FROM cards WHERE id = ?', [cardId])) as CardRow;
}
