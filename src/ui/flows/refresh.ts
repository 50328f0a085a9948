/**
 * `r` and the automatic refresh (hooks/use-auto-refresh.ts): the open board
 * read again, and what the status bar's first line says of it —
 * "refreshing…" while a refresh runs, then "refreshed 14:02". Kept per
 * store, beside it: it is what the screen tells, not board state.
 */
import type { BoardStore } from '../../store/index.js';

export interface RefreshState {
  /** Refreshes under way. */
  readonly running: number;
  /** When the last refresh of the open board ended without a failure (ms since the epoch); null before. */
  readonly at: number | null;
}

/** For useSyncExternalStore: the state, and a way to hear it change. */
export interface RefreshClock {
  readonly subscribe: (listener: () => void) => () => void;
  readonly get: () => RefreshState;
}

interface Clock extends RefreshClock {
  set(next: RefreshState): void;
}

const clocks = new WeakMap<BoardStore, Clock>();

/** The clock of a store: one per store, so each app (and each test's) has its own. */
function clockOf(store: BoardStore): Clock {
  let clock = clocks.get(store);
  if (clock !== undefined) return clock;
  let state: RefreshState = { running: 0, at: null };
  const listeners = new Set<() => void>();
  const set = (next: RefreshState): void => {
    state = next;
    for (const l of listeners) l();
  };
  clock = {
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    get: () => state,
    set,
  };
  // Another board open: the time said was of the one before.
  store.subscribe((s, prev) => {
    if (s.boardId !== prev.boardId && state.at !== null) set({ ...state, at: null });
  });
  clocks.set(store, clock);
  return clock;
}

export const refreshClock = (store: BoardStore): RefreshClock => clockOf(store);

/**
 * Refreshes the open board, telling the clock. A refresh that failed (the
 * store puts its words on the status bar) or that another board opened
 * during keeps the time of the last good one.
 */
export async function refreshBoard(store: BoardStore): Promise<void> {
  const clock = clockOf(store);
  const board = store.getState().boardId;
  let failed = false;
  const stop = store.subscribe((s, prev) => {
    if (s.lastError !== null && s.lastError !== prev.lastError) failed = true;
  });
  clock.set({ ...clock.get(), running: clock.get().running + 1 });
  try {
    await store.getState().refresh();
  } finally {
    stop();
    const ok = !failed && store.getState().boardId === board;
    const now = clock.get();
    clock.set({ running: Math.max(0, now.running - 1), at: ok ? Date.now() : now.at });
  }
}
