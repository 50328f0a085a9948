/**
 * The board's keys, each with what it does: the cursor's and the moves
 * (cursor-keys.ts), the card actions (card-actions.ts) on the card the
 * user sees focused — or, for m, a, t and @, on the selected cards — or
 * saying why they can't, and the board's own.
 */
import type { CardId } from '../../api/read-model.js';
import type { BoardState } from '../../store/index.js';
import { newColumn } from '../flows/board-flows.js';
import { archivedCards, archivedUnavailable } from '../flows/archived-flows.js';
import { snoozedCards, snoozeUnavailable } from '../flows/snooze-flows.js';
import { responseTargets, targetsUnavailable } from '../flows/targets-flows.js';
import { boardRules, rulesUnavailable } from '../flows/rules-flows.js';
import { newCard } from '../flows/card-flows.js';
import { newMail, newMailUnavailable } from '../flows/new-mail-flows.js';
import { jumpBack, jumpBackUnavailable, jumpToCard } from '../flows/jump-flows.js';
import { searchEverywhere } from '../flows/search-flows.js';
import { notificationsUnavailable, showNotifications } from '../flows/notification-flows.js';
import { refreshBoard } from '../flows/refresh.js';
import { tagManager } from '../flows/tag-flows.js';
import { Triage } from '../triage.js';
import { ownerOnly } from '../../store/index.js';
import { BOARD_ADMIN_KEYS } from './board-admin-keys.js';
import { cardBindings, type CardScreen } from './card-actions.js';
import { focusedId, noCardReason, quiet, type ScreenKeys } from './context.js';
import { CURSOR_KEYS, MOVE_KEYS, walked } from './cursor-keys.js';
import { filterPrompt, filterWordsUnavailable, hiddenBy, searchFilterWords } from './filter-keys.js';
import { HISTORY_KEYS } from './history-keys.js';
import type { ScreenBinding } from './types.js';
import { keyOf } from './active.js';
import { VIEW_KEYS } from './view-keys.js';

type B = ScreenBinding<ScreenKeys>;

/** The selected cards still on the board, in board order (column by column, top to bottom); null when none. */
function selectedInOrder(s: BoardState): CardId[] | null {
  if (s.selected.size === 0) return null;
  const ids = s.columns.flatMap((c) =>
    (s.view.columns[c.label] ?? []).filter((card) => s.selected.has(card.id)).map((card) => card.id),
  );
  return ids.length === 0 ? null : ids;
}

/** Why `o` can't sort: a sorted board can always go back; a server that never says who waits has nothing to sort by. */
function sortUnavailable(s: BoardState): string | null {
  if (s.sortByWaiting) return null;
  for (const c of s.view.cards.values()) if (c.waitingSince !== undefined) return null;
  return s.view.cards.size === 0
    ? 'No cards to sort'
    : 'This server does not say how long customers have waited: there is nothing to sort by';
}

const titleOf = (k: ScreenKeys, id: CardId): string => k.store.getState().view.cards.get(id)?.title ?? '';

/** The board's card: the focused one, or the selected cards for an action that takes several. */
export const BOARD_CARDS: CardScreen = {
  scope: 'board',
  unavailable: (k, many) => (many && selectedInOrder(k.store.getState()) !== null ? null : noCardReason(k)),
  targets: (k, many) => {
    const ids = (many ? selectedInOrder(k.store.getState()) : null) ?? [focusedId(k)];
    return { ids, title: titleOf(k, ids[0] ?? ''), record: () => undefined, leave: undefined };
  },
  selects: true,
  hinted: ['card.comment', 'card.tags'],
};

const fresh = (run: (k: ScreenKeys) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k);
};

export const BOARD_KEYS: readonly B[] = (
  [
    ...CURSOR_KEYS,
    {
      action: 'card.jump',
      keys: ['#'],
      group: 'Navigate',
      help: 'go to a card by its id (any board) or title (this board)',
      run: fresh((k) => jumpToCard(k.flow, hiddenBy(k))),
    },
    {
      action: 'jump.back',
      keys: ["'"],
      group: 'Navigate',
      help: 'back to where you were before the last jump (#, a search’s result): its board and card',
      unavailable: (k) => jumpBackUnavailable(k.flow),
      run: fresh((k) => jumpBack(k.flow, hiddenBy(k))),
    },
    {
      action: 'search',
      keys: ['F'],
      group: 'Navigate',
      help: 'search every board as you type: titles, notes, comments, email',
      run: fresh((k) => searchEverywhere(k.flow, hiddenBy(k))),
    },
    {
      action: 'notifications.list',
      keys: ['I'],
      group: 'Navigate',
      help: 'your notifications (mentions, assignments, answers, late cards): Enter opens the card, marked read',
      unavailable: (k) => notificationsUnavailable(k.store.getState()),
      run: fresh((k) => showNotifications(k.flow, hiddenBy(k), k.openDetail)),
    },
    ...MOVE_KEYS,
    {
      action: 'card.open',
      keys: ['enter'],
      group: 'Card',
      help: 'card detail',
      hint: 'detail',
      unavailable: noCardReason,
      run: (k) => k.openDetail(focusedId(k)),
    },
    {
      action: 'card.new',
      keys: ['n'],
      group: 'Card',
      help: 'new card in this column',
      hint: 'new',
      run: fresh((k) => newCard(k.flow)),
    },
    {
      action: 'mail.new',
      keys: ['w'],
      group: 'Card',
      help: 'write new mail to a customer (To, Subject, text, files): sent, it is a new card in this column',
      unavailable: (k) => newMailUnavailable(k.store.getState()),
      run: fresh((k) => newMail(k.flow)),
    },
    ...cardBindings(BOARD_CARDS),
    {
      action: 'card.select',
      keys: ['v'],
      group: 'Card',
      help: 'select the card or unselect it: m, a, t and @ then act on every selected card, Esc unselects all',
      unavailable: noCardReason,
      run: (k) => k.store.getState().toggleSelected(focusedId(k)),
    },
    ...HISTORY_KEYS,
    {
      action: 'column.new',
      keys: ['C'],
      group: 'Board',
      help: 'new column',
      unavailable: (k) => ownerOnly(k.store.getState(), k.store.getState().boardId, 'add columns'),
      run: fresh((k) => newColumn(k.flow)),
    },
    ...BOARD_ADMIN_KEYS,
    ...VIEW_KEYS,
    {
      action: 'board.filter',
      keys: ['/'],
      group: 'Board',
      help: 'filter cards',
      hint: 'filter',
      run: fresh(filterPrompt),
    },
    {
      action: 'filter.search',
      keys: ['tab'],
      group: 'Board',
      help: 'search every board for the filter’s words (F with them typed)',
      unavailable: filterWordsUnavailable,
      run: fresh(searchFilterWords),
    },
    {
      action: 'board.refresh',
      keys: ['r'],
      group: 'Board',
      help: 'refresh',
      run: (k) => {
        k.store.getState().clearError();
        // Through the clock, so the status bar says "refreshing…", then when.
        quiet(refreshBoard(k.store));
        walked(k, 1);
      },
    },
    { action: 'board.switch', keys: ['b'], group: 'Board', help: 'switch board', run: (k) => k.showBoardList() },
    {
      action: 'board.archived',
      keys: ['A'],
      group: 'Board',
      help: 'the board’s archived cards, newest first: Enter restores one',
      unavailable: (k) => archivedUnavailable(k.store.getState()),
      run: fresh((k) => archivedCards(k.flow)),
    },
    {
      action: 'board.snoozed',
      keys: ['z'],
      group: 'Board',
      help: 'the board’s snoozed cards, soonest back first: Enter brings one back now',
      unavailable: (k) => snoozeUnavailable(k.store.getState()),
      run: fresh((k) => snoozedCards(k.flow)),
    },
    {
      action: 'board.sort',
      keys: ['o'],
      group: 'Board',
      help: 'sort every column by longest waiting, or back to the team’s order (only the view: no card moves)',
      unavailable: (k) => sortUnavailable(k.store.getState()),
      run: fresh((k) => {
        const s = k.store.getState();
        s.setSortByWaiting(!s.sortByWaiting);
        k.flow.notify(
          s.sortByWaiting
            ? 'The team’s order again'
            : `Longest waiting first: only your view — ${keyOf('board', 'board.sort') ?? 'o'} again for the team’s order`,
        );
      }),
    },
    {
      action: 'board.targets',
      keys: ['P'],
      group: 'Board',
      help: 'response targets: first 4h next 8h, business hours and zone (the owner’s)',
      unavailable: (k) => targetsUnavailable(k.store.getState()),
      run: fresh((k) => responseTargets(k.flow)),
    },
    {
      action: 'board.rules',
      keys: ['C-r'],
      group: 'Board',
      help: 'the board’s rules in the order they sort arriving mail, and why one is off: Enter turns one off or on (the owner’s)',
      unavailable: (k) => rulesUnavailable(k.store.getState()),
      run: fresh((k) => boardRules(k.flow)),
    },
    {
      action: 'sequences',
      keys: ['S'],
      group: 'Board',
      help: 'email sequences',
      run: fresh((k) => {
        // Asked for before the list shows, so it is "loading" from its first
        // frame and keys typed meanwhile wait for it (see Picker).
        void k.store.getState().loadSequences();
        const key = k.flow.overlays.show({ kind: 'sequences', onCancel: () => k.flow.overlays.close(key) });
      }),
    },
    {
      action: 'board.report',
      keys: ['Y'],
      group: 'Board',
      help: 'the board’s report: volume, response and resolution times, now, the week’s hours, who',
      run: fresh((k) => {
        // Asked for before the view shows, so it says "reading…" from its first frame.
        void k.store.getState().loadReport();
        const key = k.flow.overlays.show({ kind: 'report', onClose: () => k.flow.overlays.close(key) });
      }),
    },
    {
      action: 'tags.manage',
      keys: ['T'],
      group: 'Board',
      help: 'manage the board’s tags',
      run: fresh((k) => tagManager(k.flow)),
    },
    {
      action: 'board.triage',
      keys: ['i'],
      group: 'Board',
      help: 'triage this column: one card at a time, one key per decision (1–9 move, a archive)',
      unavailable: (k) => Triage.unavailable(k.store.getState(), k.filter()),
      run: fresh((k) => k.triage.start()),
    },
    {
      action: 'board.preview',
      keys: ['p'],
      group: 'Board',
      help: 'show the focused card beside the board, or hide it (by itself where the board keeps readable titles)',
      run: (k) => k.togglePreview(),
    },
    {
      action: 'board.back',
      keys: ['esc'],
      group: 'App',
      help: 'unselect the selected cards, else clear the filter',
      run: (k) => {
        // Esc undoes the nearest thing first: the selection, then the filter.
        const s = k.store.getState();
        if (s.selected.size > 0) s.clearSelected();
        else if (k.filter() !== null) s.setFilter(null);
        else s.clearError();
      },
    },
  ] satisfies Omit<B, 'scope'>[]
).map((b): B => ({ ...b, scope: 'board' }));
