/**
 * `#`: a card by its id, on whichever board it is, or by words of its title
 * on the open board (store/jump.ts). The prompt stays open with the text as
 * typed when neither finds a card; several titles holding the text are
 * listed to pick from, in board order. `'` goes back to where the cursor
 * was before the latest jump (this one, a search's result).
 */
import type { CardId } from '../../api/read-model.js';
import type { FindOutcome } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { ask, why, type Flow } from './flow.js';

/** `Card 42 “Re: Invoice…”`, from the board as loaded: short enough that the rest of the notice fits 100 columns. */
function named(f: Flow, cardId: CardId): string {
  const card = f.store.getState().view.cards.get(cardId);
  const title = card === undefined ? '' : ` “${truncate(card.displayTitle, 36)}”`;
  return `Card ${sanitize(cardId)}${title}`;
}

const UNFILTERED = ' — the filter hid it and was cleared';

/** What the status bar says once the cursor is on the card (or why it is not), and how it was found. */
function said(f: Flow, out: FindOutcome, typed: string): string {
  if (out.found === false) return out.message;
  if (out.found === 'several') return '';
  const unfiltered = out.unfiltered ? UNFILTERED : '';
  if (out.by === 'title') return `${named(f, out.cardId)} — by title “${sanitize(typed.trim())}”${unfiltered}`;
  const board = f.store.getState().boards.items.find((b) => b.Id === out.boardId);
  const where = out.switched && board !== undefined ? ` on ${sanitize(board.Name)}` : '';
  return `${named(f, out.cardId)}${where} — by id${unfiltered}`;
}

/** Several titles hold the text: the user picks one (Esc leaves the cursor where it was). */
function pickTitled(f: Flow, cardIds: readonly CardId[], typed: string, hidden: (id: CardId) => boolean): void {
  const s = f.store.getState();
  const columnName = (label: string) => s.columns.find((c) => c.label === label)?.displayName ?? '';
  const key = f.overlays.show({
    kind: 'pick',
    title: `${cardIds.length} cards have “${truncate(sanitize(typed.trim()), 30)}” in their title — which one?`,
    items: cardIds.map((id) => {
      const card = s.view.cards.get(id);
      const where = card === undefined ? '' : ` · ${columnName(card.columnLabel)}`;
      return { value: id, label: `${card?.displayTitle ?? sanitize(id)}${where}` };
    }),
    onCancel: () => f.overlays.close(key),
    onPick: (id) => {
      f.overlays.close(key);
      const n = cardIds.indexOf(id) + 1;
      const done = f.store.getState().focusLoaded(id, { hidden });
      if (done === null) return f.notify(`Card ${sanitize(id)} is no longer on this board`);
      f.notify(`${named(f, id)} — by title, ${n} of ${cardIds.length}${done.unfiltered ? UNFILTERED : ''}`);
    },
  });
}

/** `hidden`: whether the board's filter hides a card, as the screen draws it. */
export function jumpToCard(f: Flow, hidden: (cardId: CardId) => boolean): void {
  let outcome: FindOutcome | null = null;
  ask(f, {
    title: 'Card id or title',
    help: 'an id as the server has it (#42 or 42), or words of a title on this board',
    busyText: 'looking it up…',
    submit: 'jump',
    check: (value) => (value.trim().replace(/^#/, '') === '' ? 'Type the card’s id or title, or Esc to cancel' : null),
    run: async (value) => {
      outcome = await f.store.getState().findCard(value, { hidden });
    },
    after: (value) => {
      if (outcome === null) return;
      if (outcome.found === 'several') return pickTitled(f, outcome.cardIds, value, hidden);
      f.notify(said(f, outcome, value));
    },
  });
}

/** Why `'` can't go back: no jump yet (or every one gone back from). */
export const jumpBackUnavailable = (f: Flow): string | null =>
  f.store.getState().jumpedFrom() === null
    ? 'No jump to go back from: # and a search’s result (F, Enter) are jumps'
    : null;

/** `'`: the board and card before the latest jump, said in the status bar. */
export function jumpBack(f: Flow, hidden: (cardId: CardId) => boolean): void {
  void f.store
    .getState()
    .jumpBack({ hidden })
    .then(
      (out) => {
        if (out === null) return;
        const s = f.store.getState();
        const board = s.boards.items.find((b) => b.Id === out.place.boardId);
        const on = board === undefined ? `board ${out.place.boardId}` : sanitize(board.Name);
        if (out.place.cardId === null) return f.notify(`Back on ${on}`);
        f.notify(
          out.cardFound
            ? `Back on ${on}: ${named(f, out.place.cardId)}`
            : `Back on ${on}: card ${sanitize(out.place.cardId)} is no longer among its cards`,
        );
      },
      (e: unknown) => f.notify(why(e)),
    );
}
