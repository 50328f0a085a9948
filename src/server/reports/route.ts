/**
 * GET /v2/board/:boardId/report?from=&to= | since=Nd [&by=assignee|tag|mailbox]
 * — an extension of the local service: a board's figures over a period,
 * computed from what the database holds (docs/reports.md). Any member of
 * the board may read it. A period it cannot read is a 400 naming the
 * parameter.
 */
import type { FastifyInstance } from 'fastify';
import { BoardPath } from '../../api/schema.js';
import { ReportParams } from '../../api/schema-reports.js';
import { boardFor, params, principal, type Ctx } from '../context.js';
import { badRequest, okEnvelope, parse } from '../errors.js';
import { computeReport } from './figures.js';
import { loadReport } from './load.js';
import { readPeriod } from './period.js';
import { targetsOf } from '../waiting/targets.js';

export function reportRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/board/:boardId/report', async (req) => {
    const { boardId } = parse(BoardPath, req.params, 'path');
    const q = parse(ReportParams, params(req), 'query');
    const board = await boardFor(ctx, principal(req), Number(boardId));
    const now = ctx.now();
    const zone = (await targetsOf(ctx.sql, board.id))?.zone ?? 'UTC';
    const read = readPeriod(q, zone, now);
    if (!read.ok) throw badRequest(read.error);
    const by = q.by ?? 'assignee';
    const data = await loadReport(ctx.sql, board.id, by, read.period.fromMs);
    return okEnvelope(computeReport(board.id, data, read.period, now, by));
  });
}
