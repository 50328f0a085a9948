/**
 * A search: the index rows matching the words (engines.ts), on cards of the
 * boards the asker may see that pass the filters (filters.ts), one row per
 * card — its best — best first; then, for the page only, the cards as a
 * listing gives them, the snippets and the messages' senders.
 */
import type { SearchMatch, SearchWhere, SnippetPart } from '../../api/schema-search.js';
import type { SearchQuery } from '../../text/search-query.js';
import type { Principal } from '../auth.js';
import type { CardRow, Ctx } from '../context.js';
import { cardsOut } from '../serialise.js';
import { and, placeholders, type Fragment, type Value } from '../sql/sql.js';
import { KIND_CODES } from './schema-sqlite.js';
import { HIT_END, HIT_START, SNIPPET_SEP, postgresQuery, sqliteQuery } from './engines.js';
import { filterSql, scopeOf } from './filters.js';
import { countCards, fromTop, rankAll, rankNewest, type Hit } from './page.js';

export interface SearchPage {
  matches: SearchMatch[];
  total: number;
  /** `total` is a lower bound (page.ts `rankNewest`). */
  totalAtLeast: boolean;
}

export async function runSearch(
  ctx: Ctx,
  p: Principal,
  q: SearchQuery,
  only: number | null,
  page: number,
  limit: number,
): Promise<SearchPage> {
  const scope = await scopeOf(ctx, p, only, q.filters);
  if (scope.boards.size === 0) return { matches: [], total: 0, totalAtLeast: false };
  const engine = ctx.sql.engine === 'postgres' ? postgresQuery(q.clauses) : sqliteQuery(q.clauses);
  const f = await filterSql(ctx, p, scope, q.filters, engine.hits !== null);
  const hits: Fragment =
    engine.hits ??
    (f.attachmentsOnly
      ? {
          text: `SELECT m.id * 8 + 4 AS id, m.card_id, 'message' AS kind, m.id AS src, m.sent_at AS at, 0 AS score
                 FROM messages m WHERE m.attachments <> '[]'`,
          params: [],
        }
      : {
          text: "SELECT id * 8 AS id, id AS card_id, 'title' AS kind, id AS src, created_at AS at, 0 AS score FROM cards",
          params: [],
        });
  const card =
    engine.excluded === null
      ? f.card
      : and(f.card, { text: `c.id NOT IN (${engine.excluded.text})`, params: engine.excluded.params });
  const where = and(card, f.row);
  const found =
    (engine.top === null ? null : await fromTop(ctx.sql, engine.top, where, page, limit)) ??
    (engine.newest === null ? null : await rankNewest(ctx.sql, engine.newest, where, page, limit)) ??
    (await rankAll(ctx.sql, hits, where, page, limit));
  // Counting needs no ranking: the matches without their scores, where the engine gives them so.
  const total = found.total ?? (await countCards(ctx.sql, engine.matching ?? hits, card, f.row));
  const totalAtLeast = found.atLeast === true;
  if (found.hits.length === 0) return { matches: [], total, totalAtLeast };
  return { matches: await matchesOf(ctx, p, found.hits, scope, engine.snippets), total, totalAtLeast };
}

async function matchesOf(
  ctx: Ctx,
  p: Principal,
  hits: Hit[],
  scope: { boards: Map<number, string>; columns: Map<number, string> },
  snippets: (rows: { src: number; code: number }[]) => { text: string; params: Value[] },
): Promise<SearchMatch[]> {
  const ids = hits.map((h) => h.card_id);
  const cards = await ctx.sql.all<CardRow>(`SELECT * FROM cards WHERE id IN (${placeholders(ids.length)})`, ids);
  const listed = new Map((await cardsOut(ctx, cards, p.userId)).map((c) => [c.ServiceTaskId, c]));
  const archived = new Map(cards.map((c) => [c.id, c.archived === 1]));
  const columnOf = new Map(cards.map((c) => [c.id, c.column_id]));
  const s = snippets(hits.map((h) => ({ src: h.src, code: KIND_CODES[h.kind] })));
  const snips = new Map<string, string>();
  for (const r of await ctx.sql.all<{ src: number; kind: string; snip: string | null }>(s.text, s.params)) {
    snips.set(`${r.kind}:${r.src}`, bestSnippet(r.snip ?? ''));
  }
  const from = await sendersOf(ctx, hits);
  const out: SearchMatch[] = [];
  for (const h of hits) {
    const card = listed.get(h.card_id);
    if (card === undefined) continue; // gone between the two reads
    out.push({
      ...card,
      BoardName: scope.boards.get(card.BoardId) ?? '',
      ColumnName: scope.columns.get(columnOf.get(h.card_id) ?? 0) ?? '',
      Archived: archived.get(h.card_id) ?? false,
      Where: h.kind satisfies SearchWhere,
      Snippet: snippetParts(snips.get(`${h.kind}:${h.src}`) ?? ''),
      From: from.get(`${h.kind}:${h.src}`) ?? null,
      Date: h.at,
    });
  }
  return out;
}

/** A message's From; a note's, sub-task's or comment's author's email. */
async function sendersOf(ctx: Ctx, hits: Hit[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const messages = hits.filter((h) => h.kind === 'message').map((h) => h.src);
  if (messages.length > 0) {
    for (const r of await ctx.sql.all<{ id: number; from_addr: string }>(
      `SELECT id, from_addr FROM messages WHERE id IN (${placeholders(messages.length)})`,
      messages,
    )) {
      out.set(`message:${r.id}`, r.from_addr);
    }
  }
  for (const kind of ['note', 'subtask', 'comment'] as const) {
    const ids = hits.filter((h) => h.kind === kind).map((h) => h.src);
    if (ids.length === 0) continue;
    const table = kind === 'note' ? 'notes' : kind === 'subtask' ? 'subtasks' : 'comments';
    for (const r of await ctx.sql.all<{ id: number; email: string }>(
      `SELECT t.id, u.email FROM ${table} t JOIN users u ON u.id = t.user_id WHERE t.id IN (${placeholders(ids.length)})`,
      ids,
    )) {
      out.set(`${kind}:${r.id}`, r.email);
    }
  }
  return out;
}

/** Of the columns' snippets (SQLite gives one per column), the first with a hit, else the first not empty. */
function bestSnippet(joined: string): string {
  const all = joined.split(SNIPPET_SEP);
  return all.find((x) => x.includes(HIT_START)) ?? all.find((x) => x.trim() !== '') ?? '';
}

/** The engine's snippet, its hits marked by HIT_START/HIT_END, as parts on one line. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const flat = marked.replace(/\s+/gu, ' ').trim();
  let hit = false;
  for (const piece of flat.split(new RegExp(`([${HIT_START}${HIT_END}])`, 'u'))) {
    if (piece === HIT_START) hit = true;
    else if (piece === HIT_END) hit = false;
    else if (piece !== '') {
      const last = parts[parts.length - 1];
      if (last !== undefined && last.Hit === hit) last.Text += piece;
      else parts.push({ Text: piece, Hit: hit });
    }
  }
  return parts;
}
