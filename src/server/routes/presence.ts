/**
 * Presence (an extension): who has which card open, and who is writing a
 * reply on it. Each TUI says so with `PUT /v2/presence` when it changes and
 * every few seconds while it lasts; a presence not renewed lapses by itself
 * after PRESENCE_TTL_MS (a TUI quit, crashed or lost its network). A change
 * (not a renewal) is a `presence` event on the card's board, so teammates'
 * screens hear it within a second, on any instance; a key sees presence only
 * on boards it can see.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoardPath } from '../../api/schema.js';
import { PRESENCE_TTL_MS, PresenceBody, type Presence } from '../../api/schema-events.js';
import { boardFor, cardFor, params, principal, write, type Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { okEnvelope, parse } from '../errors.js';

const NoParams = z.strictObject({});

interface Row {
  session: string;
  user_id: number;
  email: string;
  board_id: number;
  card_id: number;
  writing: number;
  until_ms: number;
}

export function presenceRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.put('/v2/presence', async (req, reply) => {
    const body = parse(PresenceBody, req.body ?? {});
    const p = principal(req);
    // Refused before anything is written: a card the key can't see is no place to be.
    const card = body.CardId === null ? null : await cardFor(ctx, p, body.CardId, false);
    const writing = body.Writing === true ? 1 : 0;
    return write(ctx, req, reply, async (_p, changed, ctx) => {
      const was = await ctx.sql.get<Row>('SELECT * FROM presence WHERE session = ?', [body.Session]);
      if (was !== undefined && was.user_id !== p.userId) {
        // Another user's session id: this key starts its own.
        return okEnvelope(null, 'Session belongs to someone else: choose another');
      }
      const now = ctx.now();
      if (card === null) {
        await ctx.sql.run('DELETE FROM presence WHERE session = ?', [body.Session]);
      } else if (was === undefined) {
        await ctx.sql.run(
          'INSERT INTO presence (session, user_id, email, board_id, card_id, writing, until_ms) VALUES (?, ?, ?, ?, ?, ?, ?)',
          [body.Session, p.userId, p.email, card.board_id, card.id, writing, now + PRESENCE_TTL_MS],
        );
      } else {
        await ctx.sql.run(
          'UPDATE presence SET board_id = ?, card_id = ?, writing = ?, until_ms = ? WHERE session = ?',
          [card.board_id, card.id, writing, now + PRESENCE_TTL_MS, body.Session],
        );
      }
      // Only a change is news; a renewal (or a lapsed one coming back) is said too, so no screen misses it.
      const lapsed = was !== undefined && was.until_ms <= now;
      if (was !== undefined && (card?.id !== was.card_id || writing !== was.writing || lapsed))
        changed(was.board_id, was.card_id, 'presence');
      if (card !== null && (was === undefined || card.id !== was.card_id || writing !== was.writing || lapsed))
        changed(card.board_id, card.id, 'presence');
      return okEnvelope(null, card === null ? 'Left' : writing === 1 ? 'Writing' : 'Viewing');
    });
  });

  app.get('/v2/board/:boardId/presence', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    const rows = await ctx.sql.all<Row>(
      'SELECT * FROM presence WHERE board_id = ? AND until_ms > ? ORDER BY card_id, email',
      [board.id, ctx.now()],
    );
    return okEnvelope(
      rows.map((r): Presence => ({
        Session: r.session,
        Email: r.email,
        CardId: String(r.card_id),
        Writing: r.writing === 1,
        Until: isoNow(r.until_ms),
      })),
    );
  });
}
