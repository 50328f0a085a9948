/**
 * Reads the focused card's detail ahead while the board is idle — then its
 * neighbours above and below, one at a time — so Enter draws the card whole
 * in its first frame (detail-cache.ts) instead of the listed fields with
 * "loading…" under them and the rest a frame later (a frame Ink's throttle
 * holds back up to a frame's time), also right after `j` or `k`.
 *
 * "Idle" is: no change to the store for `idleMs` (a key, an answer, a page)
 * with the cursor resting on a card. Polite: at most one read ahead in
 * flight; none while the detail is open, the board or a page is loading, a
 * refresh runs, or a mutation of that card is pending; never for a card the
 * server has not numbered (pending-ids.ts); after a failure, none for a
 * while. It is also where the cache is invalidated: a card's own mutations
 * (entering and leaving `pending`) drop its entry, a refresh or another
 * board clears them all.
 */
import type { OpenBoardData } from './board.js';
import type { CardId } from '../api/read-model.js';
import type { DetailData } from './card-detail.js';
import type { Core, CoreData } from './core.js';
import type { DetailCache } from './detail-cache.js';
import type { PagingData } from './paging.js';
import { isServerId } from './pending-ids.js';

/** How long the cursor rests on a card before its detail is read ahead. */
export const PREFETCH_IDLE_MS = 120;
/** After a read ahead failed: none for this long (a struggling server needs no extra requests). */
export const PREFETCH_PAUSE_MS = 10_000;

type Watched = CoreData & DetailData & PagingData & Pick<OpenBoardData, 'boardLoading'>;
type Subscribe = (listener: (s: Watched, prev: Watched) => void) => () => void;

export interface DetailPrefetch {
  /** Starts reading ahead after `idleMs` of quiet; returns the function that stops it. */
  start(idleMs?: number): () => void;
  /** Runs a refresh: the cache is cleared as it starts and nothing is read ahead until it ends. */
  during<T>(refresh: () => Promise<T>): Promise<T>;
}

export function makeDetailPrefetch(
  core: Core<Watched>,
  cache: DetailCache,
  subscribe: Subscribe,
  now: () => number = Date.now,
  /** What else is read ahead with a card's detail (its email thread), so the preview draws it without asking per key. */
  alsoRead: (id: CardId) => void = () => undefined,
): DetailPrefetch {
  let idleMs: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pausedUntil = 0;
  let refreshing = 0;

  const arm = (): void => {
    if (idleMs === null) return;
    clearTimeout(timer);
    timer = setTimeout(tick, idleMs);
    timer.unref?.();
  };

  /**
   * The card to read next: the focused one, then the one below it and the
   * one above — where `j` or `k` lands — so Enter right after a step finds
   * its card read too. None when all three are read or can't be.
   */
  function nextToRead(s: Watched): CardId | null {
    const id = s.cursor.cardId;
    if (id === null) return null;
    const column = s.columns[s.cursor.col];
    const cards = column === undefined ? [] : (s.view.columns[column.label] ?? []);
    const at = cards.findIndex((c) => c.id === id);
    const around = at < 0 ? [] : [cards[at + 1]?.id, cards[at - 1]?.id];
    for (const c of [id, ...around]) {
      if (c === undefined || !isServerId(c) || cache.has(c)) continue;
      if (s.pending.some((m) => 'cardId' in m && m.cardId === c)) continue;
      return c;
    }
    return null;
  }

  function tick(): void {
    const s = core.get();
    if (cache.reading || s.detail !== null || s.boardLoading || refreshing > 0 || now() < pausedUntil) return;
    for (const label in s.paging) if (s.paging[label]?.loading === true) return;
    const id = nextToRead(s);
    if (id === null) return;
    const answer = core.client.getCard(id);
    cache.readAhead(id, answer);
    alsoRead(id);
    // Once it lands, the cursor may rest elsewhere by now.
    answer.then(arm, () => {
      pausedUntil = now() + PREFETCH_PAUSE_MS;
    });
  }

  /** Cards whose mutations entered or left `pending` between two states. */
  function settled(prev: Watched['pending'], next: Watched['pending']): void {
    const before = new Set(prev.map((m) => m.seq));
    const after = new Set(next.map((m) => m.seq));
    for (const m of next) if (!before.has(m.seq) && 'cardId' in m) cache.drop(m.cardId);
    for (const m of prev) if (!after.has(m.seq) && 'cardId' in m) cache.drop(m.cardId);
  }

  subscribe((s, prev) => {
    if (s.boardId !== prev.boardId) cache.clear();
    else if (s.pending !== prev.pending) settled(prev.pending, s.pending);
    arm();
  });

  return {
    start(ms = PREFETCH_IDLE_MS) {
      idleMs = ms;
      arm();
      return () => {
        idleMs = null;
        clearTimeout(timer);
      };
    },
    async during(refresh) {
      refreshing++;
      cache.clear();
      try {
        return await refresh();
      } finally {
        refreshing--;
        arm();
      }
    },
  };
}
