/** Boards and their columns: /v2/board… */
import type { FastifyInstance } from 'fastify';
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
import { boardFor, columnOn, params, principal, write, type CardRow, type Ctx } from '../context.js';
import { okEnvelope, parse } from '../errors.js';
import { boardOut, cardsOut, columnOut } from '../serialise.js';

const NoParams = z.strictObject({});
const columnNumber = (ref: string) => Number(ref.startsWith('Label_') ? ref.slice(6) : ref);

export function boardRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/board', async (req) => {
    const p = principal(req);
    parse(NoParams, params(req), 'query');
    const rows = ctx
      .q(
        `SELECT b.id, b.name, u.email AS owner_email FROM boards b JOIN users u ON u.id = b.owner_id
         WHERE b.owner_id = ? OR EXISTS (SELECT 1 FROM board_members m WHERE m.board_id = b.id AND m.email = ?)
         ORDER BY b.id`,
      )
      .all(p.userId, p.email) as { id: number; name: string; owner_email: string }[];
    return okEnvelope(rows.map((b) => boardOut(ctx, b)));
  });

  app.get('/v2/board/:id', async (req) => {
    const { id } = parse(IdPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    return okEnvelope(boardOut(ctx, boardFor(ctx, principal(req), Number(id))));
  });

  app.post('/v2/board', async (req, reply) => {
    const body = parse(CreateBoardBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      const now = isoNow(ctx.now());
      const id = Number(
        ctx.q('INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?)').run(body.Name, p.userId, now)
          .lastInsertRowid,
      );
      const owner = p.email.toLowerCase();
      for (const email of new Set((body.Users ?? []).map((e) => e.toLowerCase()))) {
        if (email !== owner) ctx.q('INSERT INTO board_members (board_id, email) VALUES (?, ?)').run(id, email);
      }
      changed(id, null, 'board');
      return okEnvelope({ Id: id, BoardName: body.Name }, 'Board created');
    });
  });

  app.get('/v2/board/:boardId/columns', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    boardFor(ctx, principal(req), Number(boardId));
    const cols = ctx
      .q('SELECT id, name FROM columns WHERE board_id = ? ORDER BY position, id')
      .all(Number(boardId)) as {
      id: number;
      name: string;
    }[];
    return okEnvelope(cols.map(columnOut));
  });

  app.get('/v2/board/:boardId/column/:id', async (req) => {
    const path = parse(ColumnPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const boardId = Number(path.boardId);
    boardFor(ctx, principal(req), boardId);
    return okEnvelope(columnOut(columnOn(ctx, boardId, columnNumber(path.id))));
  });

  app.get('/v2/board/:boardId/column/:columnId/cards', async (req, reply) => {
    const path = parse(ColumnCardsPath, req.params, 'path');
    const { page, limit = LIMITS.pageSizeDefault } = parse(ListCardsParams, params(req), 'query');
    const boardId = Number(path.boardId);
    boardFor(ctx, principal(req), boardId);
    const col = columnOn(ctx, boardId, columnNumber(path.columnId));
    // (position, id) is a total order and the index serves it, so pages never overlap.
    const body = ctx.pages.read(`${col.id}:${page}:${limit}`, () => {
      const rows = ctx
        .q('SELECT * FROM cards WHERE column_id = ? AND archived = 0 ORDER BY position, id LIMIT ? OFFSET ?')
        .all(col.id, limit, (page - 1) * limit) as CardRow[];
      return JSON.stringify(okEnvelope(cardsOut(ctx, rows)));
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post('/v2/board/:boardId/column', async (req, reply) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const body = parse(CreateColumnBody, req.body ?? {});
    return write(ctx, req, reply, (p, changed) => {
      boardFor(ctx, p, Number(boardId));
      changed(Number(boardId), null, 'column');
      const next = ctx
        .q('SELECT COALESCE(MAX(position), -1) + 1 FROM columns WHERE board_id = ?')
        .pluck()
        .get(Number(boardId)) as number;
      const id = Number(
        ctx.q('INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?)').run(Number(boardId), body.Name, next)
          .lastInsertRowid,
      );
      return okEnvelope(
        { Success: `Column '${body.Name}' created with Id ${id} (${`Label_${id}`})` },
        'Column created',
      );
    });
  });
}
