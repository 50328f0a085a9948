/**
 * The board store: `createBoardStore(client)` → a zustand vanilla store.
 * Runs without React; the UI reads it with `useStore(store, selector)`.
 *
 * Model (design.md, "Mutation protocol"): `confirmed` is what the server
 * last said, `pending` the mutations not yet settled, and `view` is
 * confirmed with pending replayed — recomputed on every change.
 */
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { Client } from '../api/types.js';
import { sanitize } from '../text/sanitize.js';
import { makeMutationActions } from './actions.js';
import type { Core } from './core.js';
import { errorText, FoldLog, makeUpdate } from './core.js';
import { at, START_CURSOR } from './cursor.js';
import { EMPTY_CARDS } from './draft.js';
import { initialExtras, makeExtras } from './extras.js';
import { normaliseFilter } from './filter.js';
import { makeLoaders } from './loading.js';
import { KeyedQueue } from './queue.js';
import type { BoardData, BoardState } from './types.js';
import { EMPTY_VIEW } from './view.js';

export interface BoardStoreOptions {
  /** Cards per page request (`limit`); a full page means another may follow. Default 50. */
  pageSize?: number;
  /** Requests in flight at once, for mutations and for page loads. Default 4. */
  concurrency?: number;
  /** Clock for the backoff countdown (tests pass a fixed one). */
  now?: () => number;
}

export type BoardStore = StoreApi<BoardState>;

export function initialData(): BoardData {
  return {
    boards: { items: [], unreadable: [], loading: false, error: null },
    boardId: null,
    boardLoading: false,
    boardError: null,
    columns: [],
    confirmed: EMPTY_CARDS,
    paging: {},
    tags: [],
    tagsLoading: false,
    tagsError: null,
    pending: [],
    view: EMPTY_VIEW,
    cursor: START_CURSOR,
    lastError: null,
    pendingCount: 0,
    failedCount: 0,
    failedSeen: 0,
    backoff: null,
    markedChanged: new Set(),
    detail: null,
    filter: null,
    selected: new Set(),
  };
}

export function createBoardStore(client: Client, opts: BoardStoreOptions = {}): BoardStore {
  const now = opts.now ?? Date.now;
  return createStore<BoardState>()((set, get) => {
    const core: Core = {
      client,
      pageSize: opts.pageSize ?? 50,
      concurrency: opts.concurrency ?? 4,
      queue: new KeyedQueue(opts.concurrency ?? 4),
      folds: new FoldLog(),
      generation: 0,
      get,
      update: makeUpdate(get, set),
      fail(e) {
        const text = errorText(e);
        // The client has given up: no retry is coming, so no countdown either.
        set({ lastError: text, backoff: null });
        return text;
      },
    };
    const loaders = makeLoaders(core);
    const mutations = makeMutationActions(core, loaders);

    const noteBackoff = (info: { attempt: number; waitMs: number; reason: string }): void =>
      set({ backoff: { until: now() + info.waitMs, reason: sanitize(info.reason), attempt: info.attempt } });
    // The client reports retries and waits through its optional onBackoff
    // hook; chain onto it (keeping any observer already there) when writable.
    try {
      const prior = client.onBackoff;
      client.onBackoff = (info) => {
        prior?.(info);
        noteBackoff(info);
      };
    } catch {
      // A frozen client: the app calls noteBackoff itself.
    }

    const move = (col: number, index: number): void => {
      const s = get();
      core.update({ cursor: at(s.columns, s.view, col, index) });
    };

    return {
      ...initialData(),
      ...initialExtras(),
      ...makeExtras(core, set, loaders.reloadDetail),
      loadBoards: loaders.loadBoards,
      openBoard: loaders.openBoard,
      loadMore: loaders.loadMore,
      refresh: loaders.refresh,
      openCard: loaders.openCard,
      closeCard: () => set({ detail: null }),
      offers: (ext) => client.offers(ext),
      ...mutations,

      focusColumn(delta) {
        const { cursor } = get();
        move(cursor.col + delta, cursor.index);
      },
      focusCard(delta) {
        const { cursor } = get();
        move(cursor.col, cursor.index + delta);
      },
      focusFirst: () => move(get().cursor.col, 0),
      focusLast: () => move(get().cursor.col, Number.MAX_SAFE_INTEGER),
      focusCardId(cardId) {
        if (get().view.cards.get(cardId) !== undefined) core.update({ cursor: { ...get().cursor, cardId } });
      },

      setFilter: (filter) => set({ filter: normaliseFilter(filter) }),
      toggleSelected(cardId) {
        const next = new Set(get().selected);
        if (!next.delete(cardId)) next.add(cardId);
        set({ selected: next });
      },
      clearSelected: () => {
        if (get().selected.size > 0) set({ selected: new Set() });
      },
      // The '✗ n failed' badge goes with the message it counts: once the
      // user moves on (a key, a success), a count nobody can act on would
      // only train them to ignore the badge when the next failure comes.
      clearError: () => set({ lastError: null, failedSeen: get().failedCount }),
      markSeen(cardId) {
        const marked = get().markedChanged;
        if (!marked.has(cardId)) return;
        const next = new Set(marked);
        next.delete(cardId);
        set({ markedChanged: next });
      },
      noteBackoff,
    };
  });
}
