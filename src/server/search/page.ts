/**
 * A search's page of cards and how many cards match in all, from the index
 * rows that match (engines.ts) and the filters' conditions (filters.ts).
 * Rows are in one order, best first: score, then the newer row (a higher
 * id); a card's best row is its first, and cards go by their best rows.
 */
import { PLAN_PER_CALL, type Fragment, type Sql } from '../sql/sql.js';
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
  /** The total is the cards of the newest matches only: at least that many match (rankNewest). */
  atLeast?: true;
}

/** Every match ranked, a row per card: the page, and how many in the same pass. */
export async function rankAll(sql: Sql, hits: Fragment, where: Fragment, page: number, limit: number): Promise<Found> {
  const rows = await sql.all<Hit & { total: number }>(
    `${PLAN_PER_CALL}WITH hits AS (${hits.text}),
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
      `${PLAN_PER_CALL}WITH hits AS (${q.text})
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

/** A row of a page that may be empty (a left join): every field of the hit, or none. */
type NullableHit = { [K in keyof Hit]: Hit[K] | null };

export const NEWEST_SIZES = {
  /** How many of the newest matching rows are ranked, at least. */
  rows: 1_000,
  /** Rows ranked per card a page needs, for a page deeper than `rows` covers. */
  perCard: 8,
};

/**
 * Past this many rows a page is ranked over every match (`rankAll`): reading
 * the newest is no saving that deep, and the count must stay a 32-bit
 * integer in the statement (page 13,421,773 of 20 asked for 2^31 rows).
 */
const MOST_NEWEST = 1_000_000;

/**
 * The page where ranking must read each match's row (PostgreSQL's
 * `ts_rank` over the row's vector). The newest `k` + 1 matches that pass
 * the filters are read by id, newest first — for a common word PostgreSQL
 * walks the id index back and stops there, instead of reading all 20,000
 * matching rows — and only the newest `k` are ranked. When `k` or fewer
 * match, that is every match, ranked as `rankAll` ranks them, and the count
 * is exact. Past that, the page is the best cards of the newest `k` rows,
 * and the count is the cards those rows hold: a lower bound, said as such
 * (`atLeast`). Null when the newest rows don't reach the page asked for (or
 * nothing is on it): `rankAll` answers, counting every match.
 */
export async function rankNewest(
  sql: Sql,
  newest: NonNullable<EngineQuery['newest']>,
  where: Fragment,
  page: number,
  limit: number,
  sizes = NEWEST_SIZES,
): Promise<Found | null> {
  const need = page * limit;
  const k = Math.max(sizes.rows, need * sizes.perCard);
  if (k > MOST_NEWEST) return null;
  const ranked = newest.ranked('(SELECT places FROM found)');
  // One read of the newest rows (each aggregate over it, not a scan apart), then the k rows by their places;
  // the counts come back on an empty page too.
  const rows = await sql.all<NullableHit & { total: number; matched: number; held: number | null }>(
    `${PLAN_PER_CALL}WITH latest AS (
       SELECT h.place, h.id, h.card_id FROM (${newest.rows.text}) h JOIN cards c ON c.id = h.card_id
       WHERE ${where.text} ORDER BY h.id DESC LIMIT CAST(? AS INTEGER)
     ),
     found AS (
       SELECT COUNT(DISTINCT card_id) AS total, COUNT(*) AS matched,
              (array_agg(place ORDER BY id DESC))[1:CAST(? AS INTEGER)] AS places
       FROM latest
     ),
     ranked AS (
       SELECT r.id, r.card_id, r.kind, r.src, r.at, r.score,
              ROW_NUMBER() OVER (PARTITION BY r.card_id ORDER BY r.score, r.id DESC) AS nth
       FROM (${ranked.text}) r
     )
     SELECT f.total, f.matched, p.card_id, p.kind, p.src, p.at, p.held
     FROM found f LEFT JOIN LATERAL (
       SELECT id, card_id, kind, src, at, score, COUNT(*) OVER () AS held FROM ranked WHERE nth = 1
       ORDER BY score, id DESC LIMIT ? OFFSET ?
     ) p ON TRUE
     ORDER BY p.score, p.id DESC`,
    [...newest.rows.params, ...where.params, k + 1, k, ...ranked.params, limit, need - limit],
  );
  const first = rows[0];
  if (first === undefined) return null;
  const hits = rows.flatMap(({ card_id, kind, src, at }) =>
    card_id === null || kind === null || src === null || at === null ? [] : [{ card_id, kind, src, at }],
  );
  const more = Number(first.matched) > k;
  // Past k matches the ranked rows are the newest k only: a page they don't fill is left to rankAll.
  if (more && Number(first.held ?? 0) < need) return null;
  return more ? { hits, total: Number(first.total), atLeast: true } : { hits, total: Number(first.total) };
}

/** How many cards pass `card` with a matching row that passes `row`: no ranking, a card counted once. */
export async function countCards(sql: Sql, hits: Fragment, card: Fragment, row: Fragment): Promise<number> {
  const found = await sql.get<{ n: number }>(
    `${PLAN_PER_CALL}SELECT COUNT(*) AS n FROM cards c
     WHERE ${card.text} AND c.id IN (SELECT h.card_id FROM (${hits.text}) h WHERE ${row.text})`,
    [...card.params, ...hits.params, ...row.params],
  );
  return Number(found?.n ?? 0);
}
