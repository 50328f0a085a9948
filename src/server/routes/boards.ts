/** Boards and their columns: /v2/board… */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BoardPath,
  ColumnCardsPath,
  ColumnPath,
  CreateBoardBody,
  CreateColumnBody,
  IdPath,
  LIMITS,
  ListCardsParams,
} from '../../api/schema.js';
import { isoNow } from '../db.js';
import { boardFor, columnOn, ownedBoard, params, principal, write, type CardRow, type Ctx } from '../context.js';
import { okEnvelope, parse } from '../errors.js';
import { boardOut, cardsOut, columnOut } from '../serialise.js';

const NoParams = z.strictObject({});
const columnNumber = (ref: string) => Number(ref.startsWith('Label_') ? ref.slice(6) : ref);

/** Whether `Accept-Encoding` takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** A page of cards, gzipped for a client that takes it. */
function sendPage(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, body: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!acceptsGzip(req.headers['accept-encoding'])) return reply.send(body);
  return reply.header('content-encoding', 'gzip').send(ctx.pages.gzip(body));
}

export function boardRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/board', async (req) => {
    const p = principal(req);
    parse(NoParams, params(req), 'query');
    const rows = await ctx.sql.all<{ id: number; name: string; owner_email: string }>(
      `SELECT b.id, b.name, u.email AS owner_email FROM boards b JOIN users u ON u.id = b.owner_id
       WHERE b.archived_at IS NULL
         AND (b.owner_id = ? OR EXISTS (SELECT 1 FROM board_members m WHERE m.board_id = b.id AND m.email = ?))
       ORDER BY b.id`,
      [p.userId, p.email],
    );
    const boards = [];
    for (const b of rows) boards.push(await boardOut(ctx, b));
    return okEnvelope(boards);
  });

  app.get('/v2/board/:id', async (req) => {
    const { id } = parse(IdPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return okEnvelope(await boardOut(ctx, await boardFor(ctx, principal(req), Number(id))));
  });

  app.post('/v2/board', async (req, reply) => {
    const body = parse(CreateBoardBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      const now = isoNow(ctx.now());
      const row = await ctx.sql.get<{ id: number }>(
        'INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?) RETURNING id',
        [body.Name, p.userId, now],
      );
      const id = (row as { id: number }).id;
      const owner = p.email.toLowerCase();
      for (const email of new Set((body.Users ?? []).map((e) => e.toLowerCase()))) {
        if (email !== owner)
          await ctx.sql.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [id, email]);
      }
      changed(id, null, 'board');
      return okEnvelope({ Id: id, BoardName: body.Name }, 'Board created');
    });
  });

  app.get('/v2/board/:boardId/columns', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    await boardFor(ctx, principal(req), Number(boardId));
    const cols = await ctx.sql.all<{ id: number; name: string }>(
      'SELECT id, name FROM columns WHERE board_id = ? ORDER BY position, id',
      [Number(boardId)],
    );
    return okEnvelope(cols.map(columnOut));
  });

  app.get('/v2/board/:boardId/column/:id', async (req) => {
    const path = parse(ColumnPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const boardId = Number(path.boardId);
    await boardFor(ctx, principal(req), boardId);
    return okEnvelope(columnOut(await columnOn(ctx, boardId, columnNumber(path.id))));
  });

  app.get('/v2/board/:boardId/column/:columnId/cards', async (req, reply) => {
    // Asked before by this user, and nothing committed since (ReadCache.sync at the
    // request's start): the same bytes. Only for parameters in the URL alone.
    const again = req.body === undefined ? `${principal(req).userId} ${req.url}` : null;
    const stamp = ctx.pages.stamp();
    const known = again === null ? undefined : ctx.pages.answered(again);
    if (known !== undefined) return sendPage(ctx, req, reply, known);
    const path = parse(ColumnCardsPath, req.params, 'path');
    const { page, limit = LIMITS.pageSizeDefault } = parse(ListCardsParams, params(req), 'query');
    const boardId = Number(path.boardId);
    const p = principal(req);
    await boardFor(ctx, p, boardId);
    const col = await columnOn(ctx, boardId, columnNumber(path.columnId));
    // (position, id) is a total order and the index serves it, so pages never overlap.
    // Keyed by the asker too: the read state on the page is theirs.
    const body = await ctx.pages.read(`${col.id}:${page}:${limit}:${p.userId}`, async (sql) => {
      const rows = await sql.all<CardRow>(
        'SELECT * FROM cards WHERE column_id = ? AND archived = 0 AND snoozed = 0 ORDER BY position, id LIMIT ? OFFSET ?',
        [col.id, limit, (page - 1) * limit],
      );
      return JSON.stringify(okEnvelope(await cardsOut({ ...ctx, sql }, rows, p.userId)));
    });
    if (again !== null) ctx.pages.keepAnswer(again, body, stamp);
    return sendPage(ctx, req, reply, body);
  });

  app.post('/v2/board/:boardId/column', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(CreateColumnBody, req.body ?? {});
    return write(ctx, req, reply, async (p, changed, ctx) => {
      await ownedBoard(ctx, p, Number(boardId), 'add columns');
      changed(Number(boardId), null, 'column');
      await ctx.sql.lock(`columns-of:${boardId}`);
      const next = await ctx.sql.get<{ next: number }>(
        'SELECT COALESCE(MAX(position), -1) + 1 AS next FROM columns WHERE board_id = ?',
        [Number(boardId)],
      );
      const row = await ctx.sql.get<{ id: number }>(
        'INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?) RETURNING id',
        [Number(boardId), body.Name, next?.next ?? 0],
      );
      const id = (row as { id: number }).id;
      return okEnvelope(
        { Success: `Column '${body.Name}' created with Id ${id} (${`Label_${id}`})` },
        'Column created',
      );
    });
  });
}
