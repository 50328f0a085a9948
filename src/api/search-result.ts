/**
 * Reading a search's count, the same way for the board, `inboard search`
 * and MCP: how many cards it says, and whether a page follows.
 */
import type { SearchResult } from './read-model.js';

type Counted = Pick<SearchResult, 'total' | 'totalAtLeast'>;

/** "12", or "1000+" where the server counted only the cards of the newest matches; `shown` when it says nothing. */
export function totalText(r: Counted, shown: number): string {
  return r.total === null ? String(shown) : `${r.total}${r.totalAtLeast ? '+' : ''}`;
}

/** Whether a page follows page `page` of `limit`, `got` hits on it: the count says, else a full page. */
export function hasMorePages(r: Counted, page: number, limit: number, got: number): boolean {
  if (r.total !== null && page * limit < r.total) return true;
  return (r.total === null || r.totalAtLeast) && got >= limit;
}
