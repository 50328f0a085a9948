/**
 * `F`: search every board (the server's `GET /v2/search`). The prompt says,
 * as the query is typed, what it reads or what is wrong with it (the same
 * parser as the server's); Enter asks the server, and the matches are listed
 * grouped by board, best board first, each with its column, title, where it
 * matched and the snippet. Enter on one opens its board with the cursor on
 * it; Esc leaves everything where it was.
 */
import type { CardId, SearchHit, SearchResult } from '../../api/read-model.js';
import { isUnreadable } from '../../api/read-model.js';
import { sanitize } from '../../text/sanitize.js';
import { parseSearch } from '../../text/search-query.js';
import { truncate } from '../../text/width.js';
import { ask, why, type Flow } from './flow.js';

const HELP = 'words, "a phrase", -word, a OR b, from: to: subject: tag: assignee:me board: is:unread has:attachment';

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

function label(h: SearchHit): string {
  const board = sanitize(h.BoardName ?? `board ${h.BoardId ?? '?'}`);
  const column = h.ColumnName === null ? '' : ` › ${sanitize(h.ColumnName)}`;
  const archived = h.Archived ? ' [archived]' : '';
  return `${truncate(board, 18)}${truncate(column, 18)} · ${truncate(sanitize(h.TaskName), 40)}${archived} · ${h.Where} — ${snippetOf(h)}`;
}

function showMatches(f: Flow, result: SearchResult, query: string, hidden: (id: CardId) => boolean): void {
  const hits = grouped(result.hits.filter((h): h is SearchHit => !isUnreadable(h)));
  if (hits.length === 0) return f.notify(`Nothing found for ${sanitize(result.understood ?? query)}`);
  const total = result.total ?? hits.length;
  const key = f.overlays.show({
    kind: 'pick',
    title: `${total} card${total === 1 ? '' : 's'} for ${truncate(sanitize(result.understood ?? query), 50)}${total > hits.length ? ` (best ${hits.length})` : ''}`,
    items: hits.map((h) => ({ value: h.ServiceTaskId, label: label(h) })),
    onCancel: () => f.overlays.close(key),
    onPick: (id) => {
      f.overlays.close(key);
      const hit = hits.find((h) => h.ServiceTaskId === id);
      if (hit?.Archived === true) {
        return f.notify(`Card ${sanitize(id)} is archived — A on its board lists the archived cards`);
      }
      void f.store
        .getState()
        .jumpToCard(id, { hidden })
        .then(
          (out) => f.notify(out.found ? `Card ${sanitize(id)} — found by search` : out.message),
          (e: unknown) => f.notify(why(e)),
        );
    },
  });
}

/** `hidden`: whether the board's filter hides a card, as the screen draws it. */
export function searchEverywhere(f: Flow, hidden: (cardId: CardId) => boolean, initial?: string): void {
  let result: SearchResult | null = null;
  ask(f, {
    title: 'Search every board',
    help: HELP,
    ...(initial === undefined ? {} : { initial }),
    busyText: 'searching…',
    submit: 'search',
    preview: (value) => {
      if (value.trim() === '') return '';
      const p = parseSearch(value);
      return p.ok ? `reads: ${p.query.understood}` : p.error;
    },
    check: (value) => {
      const p = parseSearch(value);
      return p.ok ? null : p.error;
    },
    run: async (value) => {
      result = await f.store.getState().searchCards(value);
    },
    after: (value) => {
      if (result !== null) showMatches(f, result, value, hidden);
    },
  });
}
