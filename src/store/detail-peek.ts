/**
 * A card's detail as far as it is known without asking the server — the
 * card as listed, with an answer read ahead over it (detail-cache.ts) — for
 * views that follow the cursor and must not send a request per key (the
 * preview pane); and reading one given card ahead (triage reads the next
 * card while one is on screen, when the idle read ahead is off because a
 * detail is open).
 */
import type { CardDetail, CardId } from '../api/read-model.js';
import type { Core } from './core.js';
import type { DetailCache } from './detail-cache.js';
import { isServerId } from './pending-ids.js';

export interface PeekData {
  /** Bumped whenever the cache keeps an answer: views drawn from `peekDetail` draw again on it. */
  detailsRead: number;
}

export interface PeekActions {
  /** The card's detail as known now; `cached` is false while only the listed fields are (the rest is on its way). */
  peekDetail(cardId: CardId): { data: CardDetail; cached: boolean };
  /** Reads the card's detail into the cache, unless it is there or already being read. Never rejects. */
  readAhead(cardId: CardId): void;
}

export function makeDetailPeek(
  core: Core<PeekData>,
  cache: DetailCache,
  detailOf: (cardId: CardId, got?: CardDetail) => CardDetail,
): PeekActions {
  cache.onStored = () => core.set({ detailsRead: core.get().detailsRead + 1 });
  return {
    peekDetail(cardId) {
      const got = isServerId(cardId) ? cache.get(cardId) : undefined;
      return { data: detailOf(cardId, got), cached: got !== undefined };
    },
    readAhead(cardId) {
      if (!isServerId(cardId) || cache.has(cardId) || cache.inFlight(cardId) !== undefined) return;
      const answer = core.client.getCard(cardId);
      cache.readAhead(cardId, answer);
      // A failure only means the card draws from its listed fields first.
      answer.catch(() => undefined);
    },
  };
}
