/**
 * Results as the query is typed: the query is asked for once typing pauses
 * for SEARCH_PAUSE_MS (a request per pause, not per key), and at once on
 * `now` (Enter with nothing listed yet). Which answer is shown is the
 * store's to say (store/search.ts: the newest query asked wins).
 */
import { useCallback, useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import { readQuery, toAsk } from '../search-hits.js';

/** How long typing must pause before the query is sent. */
export const SEARCH_PAUSE_MS = 200;

/** Asks the store for `query` unless it is what was asked last. */
function ask(store: BoardStore, query: string | null): void {
  if (query !== null && store.getState().search.query !== query) void store.getState().searchFor(query);
}

/**
 * `query`: what the text asks for (search-hits.ts `toAsk`): the trimmed
 * text, '' to forget the search, or null while the text can't be sent (the
 * parser says why) — what was asked then stays.
 */
export function useSearchAsYouType(store: BoardStore, query: string | null): { now: (text: string) => void } {
  useEffect(() => {
    if (query === null) return;
    // Emptied: nothing to wait for.
    if (query === '') return ask(store, '');
    const timer = setTimeout(() => ask(store, query), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [store, query]);
  // Given the text as it stands (a key read with the text before it is ahead of the last render).
  const now = useCallback((text: string) => ask(store, toAsk(readQuery(text))), [store]);
  return { now };
}
