/** `GET /v2/card/:cardId/history`: a card's every change, oldest first (schema-history.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CardPath } from '../../api/schema.js';
import type { HistoryEntry } from '../../api/schema-history.js';
import type { Principal } from '../auth.js';
import { cardFor, params, principal, type CardRow, type Ctx } from '../context.js';
import { HttpError, notFound, okEnvelope, parse } from '../errors.js';
import type { EntryDetail } from './compare.js';

const NoParams = z.strictObject({});

/** A card the key may read, archived too; one on a board it can't see is "not found", as if it weren't there. */
export async function visibleCard(ctx: Ctx, p: Principal, cardId: string): Promise<CardRow> {
  try {
    return await cardFor(ctx, p, cardId, false);
  } catch (e) {
    if (e instanceof HttpError && e.status === 403) throw notFound(`Card ${cardId} not found`);
    throw e;
  }
}

interface HistoryRow {
  id: number | string;
  kind: string;
  by_email: string;
  created_ms: number | string;
  detail: string;
}

export function entryOut(r: HistoryRow): HistoryEntry {
  const d = JSON.parse(r.detail) as EntryDetail;
  return {
    Id: String(r.id),
    At: new Date(Number(r.created_ms)).toISOString(),
    By: r.by_email,
    Kind: r.kind,
    From: d.From ?? null,
    To: d.To ?? null,
    Added: d.Added ?? [],
    Removed: d.Removed ?? [],
    Via: d.Via ?? null,
  };
}

export function historyRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/v2/card/:cardId/history', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const card = await visibleCard(ctx, principal(req), cardId);
    const rows = await ctx.sql.all<HistoryRow>(
      'SELECT id, kind, by_email, created_ms, detail FROM card_history WHERE card_id = ? ORDER BY id',
      [card.id],
    );
    return okEnvelope(rows.map(entryOut));
  });
}
