/**
 * GET /v2/search?q=…[&BoardId=][&page=][&limit=] — an extension of the local
 * service: the cards whose texts (title, notes, sub-tasks, comments, email)
 * hold the words, on the boards the key may see, best first. A query it
 * cannot read is a 400 that says why and what it understood; never the
 * engine's own syntax error.
 */
import type { FastifyInstance } from 'fastify';
import { SEARCH_LIMITS, SearchParams } from '../../api/schema-search.js';
import { parseSearch } from '../../text/search-query.js';
import { boardFor, params, principal, type Ctx } from '../context.js';
import { badRequest, okEnvelope, parse } from '../errors.js';
import { runSearch } from './search.js';

export function searchRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/search', async (req) => {
    const p = principal(req);
    const { q, BoardId, page = 1, limit = SEARCH_LIMITS.pageSizeDefault } = parse(SearchParams, params(req), 'query');
    const parsed = parseSearch(q, new Date(ctx.now()));
    if (!parsed.ok) {
      throw badRequest(
        `q: ${parsed.error}${parsed.understood === '' ? '' : ` (understood so far: ${parsed.understood})`}`,
      );
    }
    if (BoardId !== undefined) await boardFor(ctx, p, BoardId);
    const found = await runSearch(ctx, p, parsed.query, BoardId ?? null, page, limit);
    return {
      ...okEnvelope(found.matches),
      Total: found.total,
      TotalAtLeast: found.totalAtLeast,
      Understood: parsed.query.understood,
    };
  });
}
