/**
 * The parsed query as each engine's full-text syntax. Every word reaching
 * an engine is letters and digits only (search-query.ts `searchWords`) and is
 * quoted, so no user text is ever read as FTS5 or tsquery syntax.
 *
 * Both give `hits`: a SELECT of (id, card_id, kind, src, at, score) over the
 * index rows that match, score lower-is-better; and `snippets`: the marked
 * snippets of a page of those rows.
 */
import type { Clause, TextField, TextTerm } from '../../text/search-query.js';
import type { Fragment, Value } from '../sql/sql.js';
import { kindOfId } from './schema-sqlite.js';

/** Private-use characters around a hit in a snippet: never in what people write. */
export const HIT_START = '\uE000';
export const HIT_END = '\uE001';

export interface EngineQuery {
  /** Rows matching the positive terms and leaving out the negative ones. */
  hits: Fragment | null;
  /**
   * The `k` best of `hits`, where the engine can rank inside its index
   * without reading every match through the joins (FTS5's own top-N), and
   * how many rows match (read from the index alone). Null where ranking must
   * read each match anyway (PostgreSQL's heap).
   */
  top: { k: (k: number) => Fragment; rows: Fragment } | null;
  /**
   * Where ranking reads each match's row (PostgreSQL): `rows`, the matches
   * without a score, each with its place in the table (`place`), read once
   * for the count and the newest; `ranked`, the scored rows (as `hits`) at
   * the places a SQL array gives, for the few that are ranked (page.ts
   * `rankNewest`).
   */
  newest: { rows: Fragment; ranked: (places: string) => Fragment } | null;
  /** `hits` without the score, to count the cards (no ranking). */
  matching: Fragment | null;
  /** Cards to leave out (negative terms when nothing positive is searched for). */
  excluded: Fragment | null;
  /** The marked snippets of rows (src, code) of `hits`. */
  snippets: (rows: { src: number; code: number }[]) => Fragment;
}

// ---------------------------------------------------------------- SQLite (FTS5)

const FTS_COLUMN: Record<TextField, string> = {
  any: '',
  from: 'sender : ',
  to: 'recipients : ',
  subject: 'subject : ',
};
/** The columns a snippet is taken from, the first with a hit: body, subject, quoted, sender, recipients. */
const SNIPPET_ORDER = [1, 0, 4, 2, 3];
/** Between the columns' snippets in one answer (search.ts `bestSnippet` picks one). */
export const SNIPPET_SEP = '\uE002';
/** bm25 weights of subject, body, sender, recipients, quoted. */
const BM25 = 'bm25(search, 4.0, 2.0, 1.0, 1.0, 0.5)';

const ftsTerm = (t: TextTerm): string => `${FTS_COLUMN[t.field]}"${t.words.join(' ')}"`;
const ftsClause = (c: Clause): string =>
  c.kind === 'or' ? `(${c.terms.map(ftsTerm).join(' OR ')})` : `(${ftsTerm(c)})`;

function ftsExpression(clauses: readonly Clause[]): { positive: string | null; negative: string | null } {
  const pos = clauses.filter((c) => c.kind === 'or' || !c.negated).map(ftsClause);
  const neg = clauses.filter((c) => c.kind === 'text' && c.negated).map(ftsClause);
  const positive = pos.length === 0 ? null : [pos.join(' AND '), ...neg.map((n) => `NOT ${n}`)].join(' ');
  return { positive, negative: neg.length === 0 ? null : neg.join(' OR ') };
}

export function sqliteQuery(clauses: readonly Clause[]): EngineQuery {
  const { positive, negative } = ftsExpression(clauses);
  const pairs = (n: number) => Array.from({ length: n }, () => '? * 8 + ?').join(', ');
  const placed = (
    matches: string,
  ) => `SELECT r.id, r.card_id, ${kindOfId('r.id')} AS kind, r.id / 8 AS src, r.at, m.score
                   FROM (${matches}) m JOIN search_rows r ON r.id = m.id`;
  const scored = `SELECT rowid AS id, ${BM25} AS score FROM search WHERE search MATCH ?`;
  return {
    // The matches' ids and scores only (reading an FTS5 column reads the whole row); the rest from search_rows.
    hits: positive === null ? null : { text: placed(scored), params: [positive] },
    top:
      positive === null
        ? null
        : {
            k: (k) => ({ text: placed(`${scored} ORDER BY score, id DESC LIMIT ?`), params: [positive, k] }),
            rows: { text: 'SELECT COUNT(*) AS n FROM search WHERE search MATCH ?', params: [positive] },
          },
    newest: null,
    matching:
      positive === null
        ? null
        : {
            text: `SELECT r.card_id, ${kindOfId('r.id')} AS kind, r.id / 8 AS src, r.at
                   FROM search_rows r WHERE r.id IN (SELECT rowid FROM search WHERE search MATCH ?)`,
            params: [positive],
          },
    excluded:
      positive !== null || negative === null
        ? null
        : {
            text: 'SELECT r.card_id FROM search_rows r WHERE r.id IN (SELECT rowid FROM search WHERE search MATCH ?)',
            params: [negative],
          },
    snippets: (rows) => {
      const ids = rows.map((r) => r.src * 8 + r.code);
      const pairParams = rows.flatMap((r) => [r.src, r.code]);
      if (positive === null)
        return {
          text: `SELECT rowid / 8 AS src, ${kindOfId('rowid')} AS kind, substr(subject || ' ' || body, 1, 200) AS snip
                 FROM search WHERE rowid IN (${pairs(rows.length)})`,
          params: pairParams,
        };
      // The match over the rows' range, a snippet only for theirs: FTS5 takes `rowid IN (…)` as a lookup
      // per row, each slow for rows in the newest segments (7 ms for 50 against 1 ms this way).
      const snip = SNIPPET_ORDER.map((col) => `snippet(search, ${col}, '${HIT_START}', '${HIT_END}', '…', 24)`).join(
        ` || '${SNIPPET_SEP}' || `,
      );
      return {
        text: `SELECT src, kind, snip FROM (
                 SELECT rowid / 8 AS src, ${kindOfId('rowid')} AS kind,
                        CASE WHEN rowid IN (${pairs(rows.length)}) THEN ${snip} END AS snip
                 FROM search WHERE search MATCH ? AND rowid BETWEEN ? AND ?
               ) WHERE snip IS NOT NULL`,
        params: [...pairParams, positive, Math.min(...ids), Math.max(...ids)],
      };
    },
  };
}

// ---------------------------------------------------------------- PostgreSQL (tsquery)

const CONFIG = "'inboard_search'";
const PG_VECTOR: Record<TextField, string> = { any: 'doc', subject: 'doc', from: 'sender_v', to: 'recipients_v' };

/** `'refund' <-> 'request'`, with `:A` (the subject's weight) for subject:. */
function tsTerm(t: TextTerm): string {
  const weight = t.field === 'subject' ? ':A' : '';
  const phrase = t.words.map((w) => `'${w}'${weight}`).join(' <-> ');
  return t.words.length > 1 ? `(${phrase})` : phrase;
}

/** One condition on the row `d` for the terms of `clauses` that look in `vector`. */
function tsCondition(vector: string, parts: string[], params: Value[]): string {
  params.push(parts.join(' & '));
  return `d.${vector} @@ to_tsquery(${CONFIG}, ?)`;
}

export function postgresQuery(clauses: readonly Clause[]): EngineQuery {
  const positive = clauses.filter((c) => c.kind === 'or' || !c.negated);
  const negative = clauses.filter((c): c is TextTerm => c.kind === 'text' && c.negated);
  const rankWords = positive.flatMap((c) => (c.kind === 'or' ? c.terms : [c])).map(tsTerm);
  const rankQuery = rankWords.join(' | ');
  const conditions: string[] = [];
  const params: Value[] = [];
  // Terms on one vector in one tsquery (one GIN scan); an OR across vectors as SQL.
  const byVector = new Map<string, string[]>();
  const add = (vector: string, part: string) => byVector.set(vector, [...(byVector.get(vector) ?? []), part]);
  for (const c of clauses) {
    if (c.kind === 'text') add(PG_VECTOR[c.field], c.negated ? `!${tsTerm(c)}` : tsTerm(c));
    else {
      const vectors = new Set(c.terms.map((t) => PG_VECTOR[t.field]));
      if (vectors.size === 1) add([...vectors][0] as string, `(${c.terms.map(tsTerm).join(' | ')})`);
      else
        conditions.push(`(${c.terms.map((t) => tsCondition(PG_VECTOR[t.field], [tsTerm(t)], params)).join(' OR ')})`);
    }
  }
  const vectorConditions = [...byVector].map(([vector, parts]) => tsCondition(vector, parts, []));
  const vectorParams = [...byVector.values()].map((parts) => parts.join(' & '));
  const matchWhere = [...vectorConditions, ...conditions].join(' AND ');
  const headline = `ts_headline(${CONFIG}, concat_ws(' … ', NULLIF(subject, ''), NULLIF(body, ''), NULLIF(quoted, '')),
    to_tsquery(${CONFIG}, ?), 'StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=24, MinWords=10, ShortWord=2')`;
  const ids = (n: number) => Array.from({ length: n }, () => '? * 8 + ?').join(', ');
  return {
    hits:
      positive.length === 0
        ? null
        : {
            text: `SELECT d.id, d.card_id, d.kind, d.src, d.at, -ts_rank(d.doc, to_tsquery(${CONFIG}, ?)) AS score
                   FROM search_docs d WHERE ${matchWhere}`,
            params: [rankQuery, ...vectorParams, ...params],
          },
    top: null,
    newest:
      positive.length === 0
        ? null
        : {
            // The row's place (ctid) reads it again without an index: the same version, in the same statement.
            rows: {
              text: `SELECT d.ctid AS place, d.id, d.card_id, d.kind, d.src, d.at FROM search_docs d WHERE ${matchWhere}`,
              params: [...vectorParams, ...params],
            },
            ranked: (places) => ({
              text: `SELECT d.id, d.card_id, d.kind, d.src, d.at, -ts_rank(d.doc, to_tsquery(${CONFIG}, ?)) AS score
                     FROM search_docs d WHERE d.ctid = ANY(CAST(${places} AS tid[]))`,
              params: [rankQuery],
            }),
          },
    matching:
      positive.length === 0
        ? null
        : {
            text: `SELECT d.card_id, d.kind, d.src, d.at FROM search_docs d WHERE ${matchWhere}`,
            params: [...vectorParams, ...params],
          },
    excluded:
      positive.length > 0 || negative.length === 0
        ? null
        : (() => {
            const ps: Value[] = [];
            const ors = negative.map((t) => tsCondition(PG_VECTOR[t.field], [tsTerm(t)], ps));
            return { text: `SELECT d.card_id FROM search_docs d WHERE ${ors.join(' OR ')}`, params: ps };
          })(),
    snippets: (rows) => ({
      text:
        positive.length === 0
          ? `SELECT src, kind, left(concat_ws(' ', NULLIF(subject, ''), NULLIF(body, '')), 200) AS snip
             FROM search_texts t JOIN search_docs d ON d.id = t.id WHERE t.id IN (${ids(rows.length)})`
          : `SELECT src, kind, ${headline} AS snip FROM search_texts t JOIN search_docs d ON d.id = t.id
             WHERE t.id IN (${ids(rows.length)})`,
      params: [...(positive.length === 0 ? [] : [rankQuery]), ...rows.flatMap((r) => [r.src, r.code])],
    }),
  };
}
