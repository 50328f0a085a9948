/**
 * Saved replies' routes: a board's list (`GET /v2/board/:boardId/saved-replies`),
 * adding one (`POST`, any member), changing or removing one (`PATCH`/`DELETE
 * …/saved-replies/:replyId`, its author or the board's owner), and a card's
 * view of them, each filled for that card and the key asking
 * (`GET /v2/card/:cardId/saved-replies`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoardPath, CardPath } from '../../api/schema.js';
import { SavedReplyBody, SavedReplyPatch, SavedReplyPath, type FilledReply } from '../../api/schema-replies.js';
import type { Principal } from '../auth.js';
import { boardFor, cardFor, params, principal, write, type Ctx } from '../context.js';
import { forbidden, notFound, okEnvelope, parse } from '../errors.js';
import {
  addSavedReply,
  changeSavedReply,
  checkNameFree,
  checkReplyText,
  fillForCard,
  removeSavedReply,
  savedReplies,
  savedReplyById,
  savedReplyOut,
  type SavedReplyRow,
} from './store.js';

const NoParams = z.strictObject({});

export function savedReplyRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/board/:boardId/saved-replies', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    return okEnvelope((await savedReplies(ctx.sql, board.id)).map(savedReplyOut));
  });

  app.post('/v2/board/:boardId/saved-replies', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(SavedReplyBody, req.body ?? {});
    checkReplyText(body.Text);
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await boardFor(ctx, p, Number(boardId));
      await checkNameFree(ctx.sql, board.id, body.Name);
      const id = await addSavedReply(ctx.sql, board.id, p.userId, { name: body.Name, text: body.Text }, ctx.now());
      changed(board.id, null, 'board');
      const row = (await savedReplyById(ctx.sql, board.id, id)) as SavedReplyRow;
      return okEnvelope(savedReplyOut(row), 'Saved reply added');
    });
  });

  app.patch('/v2/board/:boardId/saved-replies/:replyId', async (req, reply) => {
    const { boardId, replyId } = parse(SavedReplyPath, req.params, 'path');
    const body = parse(SavedReplyPatch, req.body ?? {});
    if (body.Text !== undefined) checkReplyText(body.Text);
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const row = await mayChange(ctx, p, Number(boardId), Number(replyId), 'change');
      if (body.Name !== undefined) await checkNameFree(ctx.sql, Number(row.board_id), body.Name, Number(row.id));
      await changeSavedReply(ctx.sql, Number(row.id), { name: body.Name, text: body.Text }, ctx.now());
      changed(Number(row.board_id), null, 'board');
      const now = (await savedReplyById(ctx.sql, Number(row.board_id), Number(row.id))) as SavedReplyRow;
      return okEnvelope(savedReplyOut(now), 'Saved reply changed');
    });
  });

  app.delete('/v2/board/:boardId/saved-replies/:replyId', async (req, reply) => {
    const { boardId, replyId } = parse(SavedReplyPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const row = await mayChange(ctx, p, Number(boardId), Number(replyId), 'remove');
      await removeSavedReply(ctx.sql, Number(row.id));
      changed(Number(row.board_id), null, 'board');
      return okEnvelope(savedReplyOut(row), 'Saved reply removed');
    });
  });

  app.get('/v2/card/:cardId/saved-replies', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const p = principal(req);
    const card = await cardFor(ctx, p, cardId, false);
    const out: FilledReply[] = [];
    for (const r of await savedReplies(ctx.sql, card.board_id)) {
      const filled = await fillForCard(ctx.sql, card.id, p.userId, r.text);
      out.push({ Id: String(r.id), Name: r.name, Text: filled.text, Missing: filled.missing });
    }
    return okEnvelope(out);
  });
}

/** The reply, when the key is its author or the board's owner; 404 or 403 in words otherwise. */
async function mayChange(ctx: Ctx, p: Principal, boardId: number, replyId: number, what: string) {
  const board = await boardFor(ctx, p, boardId);
  const row = await savedReplyById(ctx.sql, board.id, replyId);
  if (row === undefined) throw notFound(`Saved reply ${replyId} not found on board ${board.id}`);
  if (Number(row.author_id) !== p.userId && board.owner_id !== p.userId)
    throw forbidden(
      `Only the saved reply's author (${row.author_email}) or the board's owner (${board.owner_email}) may ${what} "${row.name}"`,
    );
  return row;
}
