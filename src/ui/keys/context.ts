/**
 * What a screen's key handlers get: the store, the flows' helpers, and the
 * bits of screen state App owns (the detail's scroll and selected item).
 * Read at each key, never from the last render: a key right after another
 * sees what the first one did.
 */
import type { CardId } from '../../api/read-model.js';
import type { Card, BoardStore } from '../../store/index.js';
import { isServerId } from '../../store/index.js';
import type { DetailSel } from '../detail-selection.js';
import type { BoardFilter } from '../filter.js';
import type { Flow } from '../flows/flow.js';
import type { Triage } from '../triage.js';

export interface ScreenKeys {
  store: BoardStore;
  flow: Flow;
  /** The filter as the previous key left it (read at each key, not from the last render). */
  filter: () => BoardFilter | null;
  openDetail: (cardId: CardId) => void;
  closeDetail: () => void;
  /** The detail's selected note, comment or sub-task as the previous key left it. */
  detailSel: () => DetailSel | null;
  setDetailSel: (sel: DetailSel | null) => void;
  scrollBy: (delta: number) => void;
  /** The board list, a screen of its own. */
  showBoardList: () => void;
  pageRows: number;
  /** Whether the open board's cards have been on screen long enough to be seen (REACTION_MS). */
  boardSeen: () => boolean;
  /** The key being handled, as the keymap names it ('3'): for a binding of several keys that differ (1–9). */
  key: string;
  /** Triage (`i`), a screen of its own. */
  triage: TriageHost;
  /** Shows the focused card's detail beside the board, or hides it. */
  togglePreview: () => void;
}

/** Triage under way (src/ui/triage.ts), and starting and leaving it (hooks/use-triage.ts). */
export interface TriageHost {
  session: () => Triage | null;
  /** On the board's focused column, at its focused card. */
  start: () => void;
  /** Back to the board, its cursor on the card triage was showing (or where it ended). */
  leave: () => void;
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
  if (card.unreadable !== undefined)
    return `This row could not be read (${card.unreadable}): there is no card to act on`;
  if (!isServerId(card.id)) return 'This card is still being created';
  return null;
}

/**
 * Below this, a key cannot be a reaction to what was drawn (people take
 * 150 ms and more to react to something they see): it was typed before.
 * Keys typed during start-up are read only once the app listens, right as
 * the board first shows, so "drawn before the key was read" is not enough.
 */
export const REACTION_MS = 120;

/**
 * Why a key that changes the focused card at once (a move) can't: on top of
 * noCardReason, this board's cards must have been on screen long enough to
 * be seen — a key typed during start-up must not move a card nobody has
 * seen. Keys typed fast once the board shows (`jjL`) still act on the card
 * the keys before them walked to.
 */
export function unseenReason(k: ScreenKeys): string | null {
  const why = noCardReason(k);
  if (why !== null) return why;
  return k.boardSeen() ? null : 'The board was not on screen yet when the key was typed: nothing moved';
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
