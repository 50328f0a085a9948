/**
 * `#`: a card by its id, on whichever board it is (store/jump.ts). The
 * prompt stays open with the text as typed when the server has no such card.
 */
import type { CardId } from '../../api/read-model.js';
import type { JumpOutcome } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { ask, type Flow } from './flow.js';

/** What the status bar says once the cursor is on the card (or why it is not). */
function said(f: Flow, out: JumpOutcome): string {
  if (!out.found) return out.message;
  const s = f.store.getState();
  const card = s.view.cards.get(out.cardId);
  const title = card === undefined ? '' : ` “${truncate(card.displayTitle, 50)}”`;
  const board = s.boards.items.find((b) => b.Id === out.boardId);
  const where = out.switched && board !== undefined ? ` on ${sanitize(board.Name)}` : '';
  const unfiltered = out.unfiltered ? ' — the filter hid it and was cleared' : '';
  return `Card ${sanitize(out.cardId)}${title}${where}${unfiltered}`;
}

/** `hidden`: whether the board's filter hides a card, as the screen draws it. */
export function jumpToCard(f: Flow, hidden: (cardId: CardId) => boolean): void {
  let outcome: JumpOutcome | null = null;
  ask(f, {
    title: 'Card id',
    help: 'as the server has it (#42 or 42)',
    busyText: 'looking it up…',
    check: (value) => (value.trim().replace(/^#/, '') === '' ? 'Type the card’s id, or Esc to cancel' : null),
    run: async (value) => {
      // A leading # is how ids are often written; the rest is the id exactly as typed.
      const id = value.trim().replace(/^#/, '');
      outcome = await f.store.getState().jumpToCard(id, { hidden });
    },
    after: () => {
      if (outcome !== null) f.notify(said(f, outcome));
    },
  });
}
