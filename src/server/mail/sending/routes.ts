/**
 * Sending's routes besides the reply (routes/mail.ts): forwarding a message
 * of a card's thread (`POST /v2/card/:id/forward`), new mail that begins a
 * card (`POST /v2/board/:id/compose`), whom a reply goes to by default
 * (`GET /v2/card/:id/reply-defaults`) and a board's signature (`GET`, and
 * for its owner `PUT`/`DELETE /v2/board/:id/signature`).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoardPath, CardPath } from '../../../api/schema.js';
import {
  BoardSignatureBody,
  ComposeBody,
  ForwardBody,
  MAIL_LIMITS,
  type BoardSignature,
  type ReplyDefaults,
} from '../../../api/schema-mail.js';
import { boardFor, cardFor, ownedBoard, params, principal, write } from '../../context.js';
import { okEnvelope, parse } from '../../errors.js';
import { dispatch, replayed, type Sending } from './dispatch.js';
import { composeDraft, forwardDraft, replyDefaults } from './drafts.js';
import { boardSignature, checkSignature, filledSignature, setBoardSignature } from './signature.js';

const NoParams = z.strictObject({});

/**
 * Base64 of twice the files' limit, with room for the JSON: a set of files
 * somewhat over the limit still arrives, to be refused with its size in
 * words (413 either way).
 */
export const SEND_BODY_LIMIT = Math.ceil((MAIL_LIMITS.attachmentBytes * 2 * 4) / 3) + 1024 * 1024;

export function sendingRoutes(app: FastifyInstance, s: Sending): void {
  const { ctx } = s;

  app.post('/v2/card/:cardId/forward', { bodyLimit: SEND_BODY_LIMIT }, async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(ForwardBody, req.body ?? {});
    const p = principal(req);
    const card = await cardFor(ctx, p, cardId, true);
    const again = await replayed(s, req, reply, p);
    if (again !== undefined) return again;
    return dispatch(s, req, reply, p, await forwardDraft(s, p, card, body));
  });

  app.post('/v2/board/:boardId/compose', { bodyLimit: SEND_BODY_LIMIT }, async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(ComposeBody, req.body ?? {});
    const p = principal(req);
    const again = await replayed(s, req, reply, p);
    if (again !== undefined) return again;
    return dispatch(s, req, reply, p, await composeDraft(s, p, Number(boardId), body));
  });

  app.get('/v2/card/:cardId/reply-defaults', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const p = principal(req);
    const card = await cardFor(ctx, p, cardId, false);
    const board = await boardFor(ctx, p, card.board_id);
    const d = await replyDefaults(s, card);
    const data: ReplyDefaults = {
      From: d.from,
      To: d.targets.to,
      Cc: d.targets.cc,
      Subject: d.subject,
      Signature: await filledSignature(ctx.sql, p, board, await boardSignature(ctx.sql, board.id)),
    };
    return okEnvelope(data);
  });

  app.get('/v2/board/:boardId/signature', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    const data: BoardSignature = { BoardId: String(board.id), Text: await boardSignature(ctx.sql, board.id) };
    return okEnvelope(data);
  });

  app.put('/v2/board/:boardId/signature', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(BoardSignatureBody, req.body ?? {});
    checkSignature(body.Text, 'Text');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), 'set its signature');
      await setBoardSignature(ctx.sql, board.id, body.Text, ctx.now());
      changed(board.id, null, 'board');
      return okEnvelope({ BoardId: String(board.id), Text: body.Text } satisfies BoardSignature, 'Signature set');
    });
  });

  app.delete('/v2/board/:boardId/signature', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const board = await ownedBoard(ctx, p, Number(boardId), 'remove its signature');
      await setBoardSignature(ctx.sql, board.id, null, ctx.now());
      changed(board.id, null, 'board');
      return okEnvelope({ BoardId: String(board.id), Text: null } satisfies BoardSignature, 'Signature removed');
    });
  });
}
