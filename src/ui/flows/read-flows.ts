/**
 * `R` marks a card read or unread; opening a card marks it read (unless
 * configured off). Both through the `setReadStatus` extension: on a server
 * without it, `R` says so and opening a card no longer tries.
 */
import type { CardId } from '../../api/read-model.js';
import type { BoardStore } from '../../store/index.js';
import type { Flow } from './flow.js';

export const READ_NOT_OFFERED = 'Marking cards read or unread is not offered by this server';

/** Whether the card shows as unread: the board's row, else the open detail's status. */
function isUnread(store: BoardStore, cardId: CardId): boolean {
  const s = store.getState();
  const card = s.view.cards.get(cardId);
  if (card !== undefined) return card.unread;
  return s.detail?.cardId === cardId && s.detail.data?.ReadUnreadStatus === 0;
}

export function toggleRead(f: Flow, cardId: CardId): void {
  const read = isUnread(f.store, cardId);
  f.store
    .getState()
    .setRead(cardId, read)
    .then(
      () => f.notify(read ? 'Marked read' : 'Marked unread'),
      () => undefined, // back as it was; the status bar has the server's words
    );
}

/** Opening an unread card marks it read, quietly: a refusal is not the user's doing, so it says nothing. */
export function markReadOnOpen(store: BoardStore, cardId: CardId): void {
  const s = store.getState();
  if (s.offers('setReadStatus') === false || !isUnread(store, cardId)) return;
  s.setRead(cardId, true, { undoable: false }).catch(() => undefined);
}

export const readUnavailable = (store: BoardStore): string | null =>
  store.getState().offers('setReadStatus') === false ? READ_NOT_OFFERED : null;
