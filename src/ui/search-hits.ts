/**
 * A search as `F` shows it: the query as read (the server's parser, so what
 * it would refuse is never sent), and the matches grouped by board (the
 * board of the best match first, best first within each), each on one line
 * with its board, column, title, where it matched and the snippet —
 * terminal-safe.
 */
import type { SearchHit, SearchResult } from '../api/read-model.js';
import { isUnreadable } from '../api/read-model.js';
import { totalText } from '../api/search-result.js';
import { sanitize } from '../text/sanitize.js';
import { parseSearch } from '../text/search-query.js';
import { truncate } from '../text/width.js';

/** The typed text as a query: nothing yet, one to send (trimmed, and as read), or the parser's words. */
export type TypedQuery =
  { kind: 'empty' } | { kind: 'ok'; query: string; understood: string } | { kind: 'bad'; error: string };

export function readQuery(text: string): TypedQuery {
  const query = text.trim();
  if (query === '') return { kind: 'empty' };
  const p = parseSearch(query);
  return p.ok ? { kind: 'ok', query, understood: p.query.understood } : { kind: 'bad', error: p.error };
}

/** What to ask the store for: the query, '' to forget the search, null to keep what was asked (it can't be sent). */
export const toAsk = (q: TypedQuery): string | null => (q.kind === 'ok' ? q.query : q.kind === 'empty' ? '' : null);

/** The snippet on one line, the words found in ‹›. */
const snippetOf = (h: SearchHit): string =>
  h.Snippet.map((p) => (p.Hit ? `‹${sanitize(p.Text)}›` : sanitize(p.Text))).join('');

/** Matches in board groups: the board of the best match first, best first within each. */
export function grouped(hits: readonly SearchHit[]): SearchHit[] {
  const order: string[] = [];
  const groups = new Map<string, SearchHit[]>();
  for (const h of hits) {
    const key = String(h.BoardId ?? h.BoardName ?? '');
    if (!groups.has(key)) order.push(key);
    groups.set(key, [...(groups.get(key) ?? []), h]);
  }
  return order.flatMap((k) => groups.get(k) ?? []);
}

/** The readable matches of an answer, grouped (an unreadable row has no card to open). */
export const matchesOf = (result: SearchResult | null): SearchHit[] =>
  result === null ? [] : grouped(result.hits.filter((h): h is SearchHit => !isUnreadable(h)));

/** One match on one line. */
export function hitLabel(h: SearchHit): string {
  const board = sanitize(h.BoardName ?? `board ${h.BoardId ?? '?'}`);
  const column = h.ColumnName === null ? '' : ` › ${sanitize(h.ColumnName)}`;
  const archived = h.Archived ? ' [archived]' : '';
  return `${truncate(board, 18)}${truncate(column, 18)} · ${truncate(sanitize(h.TaskName), 40)}${archived} · ${sanitize(h.Where)} — ${snippetOf(h)}`;
}

/** "12 cards for refund (best 50)": what the list holds, or that nothing was found. */
export function resultHeading(result: SearchResult, query: string, shown: number): string {
  const what = truncate(sanitize(result.understood ?? query), 50);
  if (shown === 0) return `Nothing found for ${what}`;
  const total = result.total ?? shown;
  const more = total > shown || result.totalAtLeast;
  return `${totalText(result, shown)} card${total === 1 && !result.totalAtLeast ? '' : 's'} for ${what}${more ? ` (best ${shown})` : ''}`;
}
