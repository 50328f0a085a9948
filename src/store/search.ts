/**
 * Search across boards as the query is typed (`F`, the server's `search`
 * extension): one query at a time is current, the newest asked. Asking
 * another cancels the request still on its way, and an answer that comes
 * anyway (it was already arriving) is dropped: an older query's matches
 * never replace a newer one's. Asks never reject: a refusal lands in
 * `error` and, in the server's words, on the status bar.
 */
import type { SearchResult } from '../api/read-model.js';
import type { Core } from './core.js';
import type { StatusData } from './status.js';

/** How many matches a search lists (the best ones). */
export const SEARCH_LIMIT = 50;

export interface SearchState {
  /** The query asked last ('' when none): the one whose answer is awaited or shown. */
  readonly query: string;
  /** The query `result` answers; null before any answer. */
  readonly answered: string | null;
  readonly result: SearchResult | null;
  /** `query` is on its way. */
  readonly busy: boolean;
  /** Why `query` got no matches: the server's words (sanitised), also on the status bar. */
  readonly error: string | null;
}

export interface SearchData {
  search: SearchState;
}

export interface SearchActions {
  /**
   * Asks for `query` (trimmed; '' forgets the search). Resolves once its
   * answer is handled: shown, or dropped because a newer query was asked
   * meanwhile.
   */
  searchFor(query: string): Promise<void>;
  /** Stops searching: the request on its way is cancelled and the matches forgotten. */
  endSearch(): void;
}

export const NO_SEARCH: SearchState = { query: '', answered: null, result: null, busy: false, error: null };

export function makeSearch(core: Core<SearchData & StatusData>): SearchActions {
  /** Bumped by every ask: an answer to an older one is dropped. */
  let asked = 0;
  let inFlight: AbortController | null = null;
  /** The last refusal put on the status bar: taken off it once a search is answered. */
  let said: string | null = null;
  const patch = (p: Partial<SearchState>): void => core.set({ search: { ...core.get().search, ...p } });
  const stop = (): void => {
    asked++;
    inFlight?.abort();
    inFlight = null;
  };

  return {
    async searchFor(typed) {
      const query = typed.trim();
      stop();
      if (query === '') return core.set({ search: NO_SEARCH });
      const mine = asked;
      const ac = new AbortController();
      inFlight = ac;
      patch({ query, busy: true, error: null });
      try {
        const result = await core.client.search(query, { limit: SEARCH_LIMIT }, { signal: ac.signal });
        if (mine !== asked) return;
        if (said !== null && core.get().lastError === said) core.set({ lastError: null });
        said = null;
        patch({ answered: query, result, busy: false, error: null });
      } catch (e) {
        if (mine !== asked) return;
        // A load's failure, not a failed change: no "n failed" badge for it.
        const error = core.fail(e);
        said = error;
        patch({ answered: null, result: null, busy: false, error });
      } finally {
        if (inFlight === ac) inFlight = null;
      }
    },
    endSearch() {
      stop();
      // Its refusal goes with it.
      if (said !== null && core.get().lastError === said) core.set({ lastError: null });
      said = null;
      core.set({ search: NO_SEARCH });
    },
  };
}
