/**
 * The detail's `h` (the card's history, read in the pager) and `o` (the
 * customer's other conversations: pick one, its board opens on it and its
 * detail with it). Both ask the server; a server without them says so.
 */
import type { CardId } from '../../api/read-model.js';
import { localDateTime } from '../../text/due-words.js';
import { historyWords } from '../../text/history-words.js';
import { sanitize } from '../../text/sanitize.js';
import { conversationLabel } from '../customer-lines.js';
import { why, type Flow } from './flow.js';

export function showCardHistory(f: Flow, cardId: CardId): void {
  f.notify('reading the card’s history…');
  f.store
    .getState()
    .readCardHistory(cardId)
    .then(
      (entries) => {
        const text = entries
          .map((e) => {
            const at = Date.parse(e.At);
            return `${Number.isNaN(at) ? e.At : localDateTime(new Date(at))}  ${e.By}  ${historyWords(e)}`;
          })
          .join('\n');
        const key = f.overlays.show({
          kind: 'pager',
          title: `Card ${sanitize(cardId)}: ${entries.length} change${entries.length === 1 ? '' : 's'}, oldest first`,
          text: sanitize(text === '' ? 'No change recorded yet.' : text, { multiline: true }),
          onClose: () => f.overlays.close(key),
        });
        f.notify(`History of card ${sanitize(cardId)}`);
      },
      (e: unknown) => f.notify(why(e)),
    );
}

/** `leave`: closes the detail before the chosen card's board opens; `open`: its detail then. */
export function pickConversation(f: Flow, leave: () => void, open: (cardId: CardId) => void): void {
  const c = f.store.getState().customer.data;
  if (c === null || c.Cards.length === 0) return;
  const key = f.overlays.show({
    kind: 'pick',
    title: `Other conversations with ${sanitize(c.Name ?? c.Email ?? '')} (${c.Total})`,
    status: c.Total > c.Cards.length ? { text: `the newest ${c.Cards.length} of ${c.Total}` } : null,
    items: c.Cards.map((k) => ({ value: k.CardId, label: conversationLabel(k), dim: k.State === 'archived' })),
    onCancel: () => f.overlays.close(key),
    onPick: (id) => {
      f.overlays.close(key);
      const chosen = c.Cards.find((k) => k.CardId === id);
      if (chosen?.State === 'archived') {
        return f.notify(`Card ${sanitize(id)} is archived — A on its board lists the archived cards`);
      }
      leave();
      void f.store
        .getState()
        .jumpToCard(id)
        .then(
          (out) => (out.found ? open(id) : f.notify(out.message)),
          (e: unknown) => f.notify(why(e)),
        );
    },
  });
}
