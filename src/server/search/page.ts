/**
 * A search's page of cards and how many cards match in all, from the index
 * rows that match (engines.ts) and the filters' conditions (filters.ts).
 * Rows are in one order, best first: score, then the newer row (a higher
 * id); a card's best row is its first, and cards go by their best rows.
 */
import type { Fragment, Sql } from '../sql/sql.js';
import type { EngineQuery } from './engines.js';
import type { TextKind } from './schema-sqlite.js';

/** A card's best matching row. */
export interface Hit {
  card_id: number;
  kind: TextKind;
  src: number;
  at: string;
}

export interface Found {
  hits: Hit[];
  /** Null when the page's query did not see every match (counted apart). */
  total: number | null;
}

/** Every match ranked, a row per card: the page, and how many in the same pass. */
export async function rankAll(sql: Sql, hits: Fragment, where: Fragment, page: number, limit: number): Promise<Found> {
  const rows = await sql.all<Hit & { total: number }>(
    `WITH hits AS (${hits.text}),
     ranked AS (
       SELECT h.id, h.card_id, h.kind, h.src, h.at, h.score,
              ROW_NUMBER() OVER (PARTITION BY h.card_id ORDER BY h.score, h.id DESC) AS n
       FROM hits h JOIN cards c ON c.id = h.card_id
       WHERE ${where.text}
     )
     SELECT card_id, kind, src, at, COUNT(*) OVER () AS total FROM ranked WHERE n = 1
     ORDER BY score, id DESC LIMIT ? OFFSET ?`,
    [...hits.params, ...where.params, limit, (page - 1) * limit],
  );
  // An empty page past the end says nothing of how many there are.
  return { hits: rows, total: rows.length > 0 ? Number(rows[0]?.total) : page > 1 ? null : 0 };
}

export const TOP_SIZES = {
  /** Fewer matching rows than this are ranked all together, in one pass: at 5,000 (measured by hand) that was the quicker. */
  worth: 10_000,
  /** How many of the best rows the first look takes, at least; a second look takes 8 times as many. */
  rows: 400,
};

/**
 * The page from the engine's best `k` rows alone, when they hold it. A word
 * in a fifth of 100,000 messages is ranked inside FTS5 (its own top-N sort)
 * and only those rows are joined to their cards, not all 20,000. The rows
 * are the first `k` of the one order, so the first cards among them are the
 * first cards of all. Null when the engine can't, when few rows match, or
 * when the `k` rows do not hold the page (a narrow filter): rankAll answers.
 */
export async function fromTop(
  sql: Sql,
  top: NonNullable<EngineQuery['top']>,
  where: Fragment,
  page: number,
  limit: number,
  sizes = TOP_SIZES,
): Promise<Found | null> {
  const matching = await sql.get<{ n: number }>(top.rows.text, top.rows.params);
  if (Number(matching?.n ?? 0) < sizes.worth) return null;
  const need = page * limit;
  const first = Math.max(sizes.rows, need * 8);
  for (const k of [first, first * 8]) {
    const q = top.k(k);
    const rows = await sql.all<Hit & { id: number; score: number; pass: number }>(
      `WITH hits AS (${q.text})
       SELECT h.id, h.card_id, h.kind, h.src, h.at, h.score, CASE WHEN ${where.text} THEN 1 ELSE 0 END AS pass
       FROM hits h JOIN cards c ON c.id = h.card_id`,
      [...q.params, ...where.params],
    );
    const complete = rows.length < k;
    rows.sort((a, b) => a.score - b.score || b.id - a.id);
    const best = new Map<number, Hit>();
    for (const { card_id, kind, src, at, pass } of rows)
      if (pass === 1 && !best.has(card_id)) best.set(card_id, { card_id, kind, src, at });
    if (!complete && best.size < need) continue;
    const cards = [...best.values()];
    return { hits: cards.slice(need - limit, need), total: complete ? cards.length : null };
  }
  return null;
}

/** How many cards pass `card` with a matching row that passes `row`: no ranking, a card counted once. */
export async function countCards(sql: Sql, hits: Fragment, card: Fragment, row: Fragment): Promise<number> {
  const found = await sql.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM cards c
     WHERE ${card.text} AND c.id IN (SELECT h.card_id FROM (${hits.text}) h WHERE ${row.text})`,
    [...card.params, ...hits.params, ...row.params],
  );
  return Number(found?.n ?? 0);
}
