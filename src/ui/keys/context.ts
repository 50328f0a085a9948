/**
 * What a screen's key handlers get: the store, the flows' helpers, and the
 * bits of screen state App owns (the detail's scroll and selected comment).
 * Read at each key, never from the last render: a key right after another
 * sees what the first one did.
 */
import type { CardId } from '../../api/tolerant.js';
import type { Card, BoardStore } from '../../store/index.js';
import { isServerId } from '../../store/index.js';
import type { BoardFilter } from '../filter.js';
import type { Flow } from '../flows/flow.js';

export interface ScreenKeys {
  store: BoardStore;
  flow: Flow;
  /** The filter as the previous key left it (read at each key, not from the last render). */
  filter: () => BoardFilter | null;
  openDetail: (cardId: CardId) => void;
  closeDetail: () => void;
  /** The selected comment as the previous key left it. */
  commentSel: () => number | null;
  setCommentSel: (id: number | null) => void;
  scrollBy: (delta: number) => void;
  /** The board list, a screen of its own. */
  showBoardList: () => void;
  pageRows: number;
}

/**
 * The card the user sees focused on the board: the cursor's, unless the
 * filter hides it. Keys act on this card or on none.
 */
export function visibleCard(k: ScreenKeys): Card | undefined {
  const s = k.store.getState();
  const id = s.cursor.cardId;
  if (id === null) return undefined;
  const filter = k.filter();
  if (filter !== null && !filter.ids.has(id)) return undefined;
  return s.view.cards.get(id);
}

/** Why no card action can run on the board now, or null: what the status bar says instead of nothing. */
export function noCardReason(k: ScreenKeys): string | null {
  const card = visibleCard(k);
  if (card === undefined) return k.filter() !== null ? 'No card here matches the filter' : 'No card here';
  if (card.unreadable !== undefined) return `This row could not be read (${card.unreadable}): there is no card to act on`;
  if (!isServerId(card.id)) return 'This card is still being created';
  return null;
}

/** The focused card's id once noCardReason has said there is one. */
export function focusedId(k: ScreenKeys): CardId {
  const card = visibleCard(k);
  if (card === undefined) throw new Error('no card focused');
  return card.id;
}

/** Store calls whose failures are already in the store's lastError (the status bar shows it). */
export const quiet = (p: Promise<unknown>): void => {
  p.catch(() => undefined);
};
