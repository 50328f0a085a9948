/**
 * Searching across boards (extension `search`): GET /v2/search, read
 * tolerantly — each match as a card (tolerant-cards.ts `readCard`) with where
 * it matched, its snippet, and the envelope's Total and Understood beside
 * the data. An unreadable match is kept as such, never fatal for the rest.
 */
import type { Endpoints } from '../operations.js';
import { unexpected, unwrapEnvelope } from '../parse.js';
import type { SearchHit, SearchResult, SnippetPart, Unreadable } from '../read-model.js';
import { Fields, isRecord, kindOf, orNull, readText } from '../tolerant.js';
import { readCard } from '../tolerant-cards.js';

function readParts(v: unknown): SnippetPart[] {
  if (typeof v === 'string') return v === '' ? [] : [{ Text: v, Hit: false }];
  if (!Array.isArray(v)) return [];
  const out: SnippetPart[] = [];
  for (const p of v) {
    if (!isRecord(p)) continue;
    const f = new Fields(p);
    const Text = readText(f.get('Text'));
    if (Text !== undefined) out.push({ Text, Hit: f.get('Hit') === true });
  }
  return out;
}

export function readSearchHit(v: unknown): SearchHit | Unreadable {
  const card = readCard(v);
  if ('unreadable' in card) return card;
  if (!isRecord(v)) return { unreadable: `the row is ${kindOf(v)}, not a card`, rawId: null };
  const f = new Fields(v);
  const { Snippet: _listed, ...rest } = card;
  return {
    ...rest,
    BoardName: orNull(readText(f.get('BoardName'))),
    ColumnName: orNull(readText(f.get('ColumnName'))),
    Archived: f.get('Archived') === true,
    Where: readText(f.get('Where')) ?? 'card',
    Snippet: readParts(f.get('Snippet')),
    From: orNull(readText(f.get('From'))),
    Date: orNull(readText(f.get('Date'))),
  };
}

export const searchEndpoints: Endpoints<'search'> = {
  search: (w, query, where = {}, o) =>
    w.extension('search', 'GET', '/v2/search', async (): Promise<SearchResult> => {
      const q: Record<string, string | number> = { q: query };
      if (where.boardId !== undefined) q.BoardId = where.boardId;
      if (where.page !== undefined) q.page = where.page;
      if (where.limit !== undefined) q.limit = where.limit;
      const { status, json } = await w.call('GET', '/v2/search', { query: q, o });
      const at = { method: 'GET', path: '/v2/search' };
      const data = unwrapEnvelope(at, status, json);
      if (!Array.isArray(data)) throw unexpected(at, status, `data expected a list, got ${kindOf(data)}`);
      const env = isRecord(json) ? new Fields(json) : undefined;
      const total = env?.get('Total');
      return {
        hits: data.map(readSearchHit),
        total: typeof total === 'number' ? total : null,
        totalAtLeast: env?.get('TotalAtLeast') === true,
        understood: orNull(readText(env?.get('Understood'))),
      };
    }),
};
