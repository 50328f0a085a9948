/**
 * The customer's other conversations: `GET /v2/customer?Email=` (every card
 * from the address) and `GET /v2/card/:cardId/customer` (the card's
 * customer, the card itself left out). Schema in schema-history.ts.
 */
import type { FastifyInstance } from 'fastify';
import { CardPath } from '../../api/schema.js';
import { CustomerQuery } from '../../api/schema-history.js';
import { z } from 'zod';
import { params, principal, type Ctx } from '../context.js';
import { okEnvelope, parse } from '../errors.js';
import { visibleCard } from '../history/routes.js';
import { conversations, customerOf } from './conversations.js';

const NoParams = z.strictObject({});

export function customerRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/customer', async (req) => {
    const { Email } = parse(CustomerQuery, params(req), 'query');
    return okEnvelope(await conversations(ctx, principal(req), Email));
  });

  app.get('/v2/card/:cardId/customer', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const p = principal(req);
    const card = await visibleCard(ctx, p, cardId);
    const email = await customerOf(ctx, card.id);
    if (email === null) return okEnvelope({ Email: null, Name: null, Total: 0, Cards: [] });
    return okEnvelope(await conversations(ctx, p, email, card.id));
  });
}
