/**
 * The board's card filter for the screen: which cards match (worked out once
 * per filter and card set, shared by the render and the key handlers) and
 * the cursor kept on a match.
 */
import { useEffect, useRef } from 'react';
import type { BoardStore, CardFilter } from '../../store/index.js';
import { filterFor, type BoardFilter, type FilterCache } from '../filter.js';
import { useBoard } from '../store-context.js';
import { snapToFilter } from '../keys/filter-keys.js';

export interface UseBoardFilter {
  /** The filter as this render draws it. */
  filter: BoardFilter | null;
  /** The filter as the last key left it, over the cards as they are now (for key handlers). */
  latest: () => BoardFilter | null;
}

export function useBoardFilter(store: BoardStore): UseBoardFilter {
  // Only a filter needs every card; without one, a move or a page must not
  // re-render the whole shell.
  const spec = useBoard((s) => s.filter);
  const cards = useBoard((s) => (s.filter === null ? null : s.view.cards));
  const tags = useBoard((s) => s.tags);
  // assignee:me: the configured email, else the server's answer (store/me.ts), which may come later.
  const me = useBoard((s) => s.me?.email ?? null);
  const cache = useRef<FilterCache['current']>(null);
  const filter = filterFor(cache, spec, cards, tags, me);

  // A new filter may show nothing in the focused column: go to a match. Cards
  // that change under the same filter (a refresh) only keep the cursor on one
  // in its column, never carry it off to another.
  const applied = useRef<CardFilter | null>(null);
  useEffect(() => {
    if (filter === null) return void (applied.current = null);
    snapToFilter(store, filter.ids, 1, filter.spec !== applied.current);
    applied.current = filter.spec;
  }, [filter, store]);

  const latest = () => {
    const s = store.getState();
    return filterFor(cache, s.filter, s.view.cards, s.tags, s.me?.email ?? null);
  };
  return { filter, latest };
}
