/**
 * Snoozing: `W` takes the card off the board until a time (the due date's
 * words: `tomorrow 9`, `fri`, `+3d`), until the customer answers (`reply`),
 * or whichever comes first (`reply fri`) — shown as understood while it is
 * typed; the card leaves at once and `u` brings it back. `z` lists the
 * board's snoozed cards, soonest back first; Enter brings one back now.
 */
import { EXTENSION_WORDS } from '../../api/extension-words.js';
import type { CardId, SnoozedCard } from '../../api/read-model.js';
import type { BoardState, SnoozedList } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { parseSnoozeTerms } from '../../text/snooze-until.js';
import { truncate } from '../../text/width.js';
import { keyOf, press } from '../keys/active.js';
import { snoozeTerms } from '../waiting-words.js';
import { showCardList } from './card-list.js';
import { ask, readAsTyped, type Flow } from './flow.js';
import { quoted } from './kept-drafts.js';

export const SNOOZE_NOT_OFFERED = `${EXTENSION_WORDS.snooze} is not offered by this server`;

/** Why `W` and `z` can't run here, or null: once the server has said it has no snooze. */
export const snoozeUnavailable = (s: Pick<BoardState, 'offers'>): string | null =>
  s.offers('snooze') === false ? SNOOZE_NOT_OFFERED : null;

const quote = (t: string): string => `“${truncate(sanitize(t), 60)}”`;

/**
 * `W`: until when, read as typed; Enter takes the card off the board at
 * once (`left`: the detail closes, triage goes on). A refusal puts the card
 * back and reopens the prompt with the text and the server's words.
 */
export function snoozeCard(f: Flow, cardId: CardId, left?: () => void): void {
  const s = f.store.getState();
  const title = s.view.cards.get(cardId)?.title ?? s.detail?.data?.TaskName ?? `card ${cardId}`;
  const read = (v: string) => parseSnoozeTerms(v, new Date());
  ask(f, {
    title: `Snooze ${quote(title)} until`,
    optimistic: true,
    help: 'tomorrow 9 · fri · +3d · reply: until the customer answers · reply fri: whichever comes first',
    draft: {
      id: { kind: 'snooze', board: s.boardId, card: cardId },
      label: `snooze of ${quoted(title)}`,
      reopen: press('board', 'card.snooze'),
      edit: {},
    },
    ...readAsTyped(read, (r) => r.words),
    run: (v) => {
      const r = read(v);
      if (!r.ok) return Promise.reject(new Error(r.error));
      left?.();
      const until = r.untilMs === null ? null : new Date(r.untilMs).toISOString();
      return f.store.getState().snoozeCard(cardId, until, r.untilReply);
    },
    after: (v) => {
      const r = read(v);
      const undo = keyOf('board', 'undo');
      f.notify(
        `Snoozed ${quote(title)}${r.ok ? ` ${r.words}` : ''}${undo === null ? '' : ` — ${undo} brings it back`}`,
      );
    },
  });
}

/** `z`: the board's snoozed cards, soonest back first; Enter brings the highlighted one back now. */
export function snoozedCards(f: Flow): void {
  const store = f.store;
  showCardList<SnoozedCard, SnoozedList>(f, {
    title: 'Snoozed cards, soonest back first — Enter brings one back now',
    what: 'snoozed cards',
    verb: 'bring back',
    list: (s) => s.snoozedCards,
    load: () => void store.getState().loadSnoozed(),
    retry: () => void store.getState().loadSnoozed(),
    describe: (row) => [
      sanitize(row.ColumnName) || 'its column',
      row.Snoozed == null ? 'snoozed' : `back ${snoozeTerms(row.Snoozed).replace(/^until /, '')}`,
    ],
    notOffered: SNOOZE_NOT_OFFERED,
    act: wake,
  });
}

/** Enter: the card shows at once on top of its column; the board is then read to put it at its place. */
function wake(f: Flow, card: SnoozedCard): void {
  const s = f.store.getState();
  const column = s.columns.find((c) => c.label === card.ColumnId);
  s.dropSnoozed(card.ServiceTaskId);
  const label = column?.label ?? card.ColumnId ?? '';
  const where = column?.displayName ?? (sanitize(card.ColumnName) || 'its column');
  s.unsnoozeCard(card, label).then(
    () => {
      f.notify(`${quote(card.TaskName)} is back in ${where}`);
      // The server put it back where it was, not on top: the board read again shows it there.
      void f.store.getState().refresh();
    },
    () => undefined, // the status bar has the server's words, and the card is off the board again
  );
}
