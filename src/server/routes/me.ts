/**
 * GET /v2/me — an extension of the local service: who the API key belongs
 * to, so a client can tell the user's own comments from a teammate's (and
 * filter on "assigned to me"). Not in the reference; a client detects it.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Me } from '../../api/schema.js';
import { params, principal, type Ctx } from '../context.js';
import { okEnvelope, parse } from '../errors.js';

const NoParams = z.strictObject({});

export function meRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/me', async (req) => {
    const p = principal(req);
    parse(NoParams, params(req), 'query');
    const user = await ctx.sql.get<{ name: string }>('SELECT name FROM users WHERE id = ?', [p.userId]);
    const me: Me = { UserId: p.userId, Email: p.email, Name: user?.name ?? '' };
    return okEnvelope(me);
  });
}
