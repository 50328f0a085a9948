/**
 * The board's keys, each with what it does. Walking keys move the cursor;
 * Shift moves the card (taskell's, kanban-tui's and kabmat's convention);
 * card keys act on the card the user sees focused, or say why they can't.
 */
import type { CardId } from '../../api/tolerant.js';
import type { BoardState } from '../../store/index.js';
import { shouldLoadMore } from '../../store/index.js';
import { newColumn } from '../flows/board-flows.js';
import { archivedCards, archivedUnavailable } from '../flows/archived-flows.js';
import { addText, archive, editTitle, newCard } from '../flows/card-flows.js';
import { dueDate, dueUnavailable } from '../flows/due-flows.js';
import { jumpToCard } from '../flows/jump-flows.js';
import { readUnavailable, toggleRead } from '../flows/read-flows.js';
import { moveTo } from '../flows/move-flows.js';
import { assignees } from '../flows/people-flows.js';
import { refreshBoard } from '../flows/refresh.js';
import { tagManager, tagPicker } from '../flows/tag-flows.js';
import { Triage } from '../triage.js';
import { focusedId, noCardReason, quiet, unseenReason, type ScreenKeys } from './context.js';
import { filterPrompt, snapToFilter } from './filter-keys.js';
import { HISTORY_KEYS } from './history-keys.js';
import type { ScreenBinding } from './types.js';

type B = ScreenBinding<ScreenKeys>;

/** After the cursor moved: load the next page when near the end, stay on a filter match, mark the card seen. */
function walked(k: ScreenKeys, dir: 1 | -1): void {
  const filter = k.filter();
  if (filter !== null) snapToFilter(k.store, filter.ids, dir);
  const after = k.store.getState();
  const more = shouldLoadMore(after);
  if (more !== null) quiet(after.loadMore(more));
  if (after.cursor.cardId !== null) after.markSeen(after.cursor.cardId);
}

/** A walking key; like every key that moves on, it puts the last error behind the user. */
const walk = (dir: 1 | -1, go: (s: BoardState, k: ScreenKeys) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  go(k.store.getState(), k);
  walked(k, dir);
};

/** Moves the focused card by columns or places; nothing past either end. */
function moveBy(k: ScreenKeys, dCol: number, dIndex: number): void {
  k.store.getState().clearError();
  const s = k.store.getState();
  const id = focusedId(k);
  const col = s.columns[s.cursor.col];
  if (col === undefined) return;
  if (dCol !== 0) {
    const target = s.columns[s.cursor.col + dCol];
    if (target !== undefined) quiet(s.moveCard(id, target.label, 0));
  } else if (s.cursor.index + dIndex >= 0) {
    quiet(s.moveCard(id, col.label, s.cursor.index + dIndex));
  }
  walked(k, 1);
}

const noNeighbour = (dCol: number) => (k: ScreenKeys) => {
  const why = unseenReason(k);
  if (why !== null) return why;
  const s = k.store.getState();
  return s.columns[s.cursor.col + dCol] === undefined
    ? dCol < 0
      ? 'Already in the first column'
      : 'Already in the last column'
    : null;
};

/** The selected cards still on the board, in board order (column by column, top to bottom); null when none. */
function selectedInOrder(s: BoardState): CardId[] | null {
  if (s.selected.size === 0) return null;
  const ids = s.columns.flatMap((c) =>
    (s.view.columns[c.label] ?? []).filter((card) => s.selected.has(card.id)).map((card) => card.id),
  );
  return ids.length === 0 ? null : ids;
}

/** m and a act on the selected cards when there are some, else on the focused one. */
const targets = (k: ScreenKeys): CardId[] => selectedInOrder(k.store.getState()) ?? [focusedId(k)];
const titleOf = (k: ScreenKeys, id: CardId): string => k.store.getState().view.cards.get(id)?.title ?? '';
const selectedOrCard = (k: ScreenKeys): string | null =>
  selectedInOrder(k.store.getState()) !== null ? null : noCardReason(k);

/** A card action: the error of an earlier attempt goes once the user moves on. */
const onCard = (run: (k: ScreenKeys, id: CardId) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k, focusedId(k));
};

const fresh = (run: (k: ScreenKeys) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k);
};

export const BOARD_KEYS: readonly B[] = (
  [
    {
      action: 'column.prev',
      keys: ['left', 'h'],
      group: 'Navigate',
      help: 'previous column',
      run: walk(1, (s) => s.focusColumn(-1)),
    },
    {
      action: 'column.next',
      keys: ['right', 'l'],
      group: 'Navigate',
      help: 'next column',
      hint: 'walk',
      hintKey: 'hjkl',
      run: walk(1, (s) => s.focusColumn(1)),
    },
    {
      action: 'card.prev',
      keys: ['up', 'k'],
      group: 'Navigate',
      help: 'previous card',
      run: walk(-1, (s) => s.focusCard(-1)),
    },
    {
      action: 'card.next',
      keys: ['down', 'j'],
      group: 'Navigate',
      help: 'next card',
      run: walk(1, (s) => s.focusCard(1)),
    },
    {
      action: 'card.first',
      keys: ['g', 'home'],
      group: 'Navigate',
      help: 'first card',
      run: walk(1, (s) => s.focusFirst()),
    },
    {
      action: 'card.last',
      keys: ['G', 'end'],
      group: 'Navigate',
      help: 'last card',
      run: walk(1, (s) => s.focusLast()),
    },
    {
      action: 'page.up',
      keys: ['pageup'],
      group: 'Navigate',
      help: 'a screen up',
      run: walk(-1, (s, k) => s.focusCard(-k.pageRows)),
    },
    {
      action: 'page.down',
      keys: ['pagedown'],
      group: 'Navigate',
      help: 'a screen down',
      run: walk(1, (s, k) => s.focusCard(k.pageRows)),
    },
    {
      action: 'card.jump',
      keys: ['#'],
      group: 'Navigate',
      help: 'go to a card by its id (any board) or title (this board)',
      run: fresh((k) =>
        jumpToCard(k.flow, (id) => {
          const filter = k.filter();
          return filter !== null && !filter.ids.has(id);
        }),
      ),
    },
    {
      action: 'move.left',
      keys: ['S-left', 'H'],
      group: 'Move',
      help: 'move card to previous column',
      unavailable: noNeighbour(-1),
      run: (k) => moveBy(k, -1, 0),
    },
    {
      action: 'move.right',
      keys: ['S-right', 'L'],
      group: 'Move',
      help: 'move card to next column',
      hint: 'move',
      hintKey: 'HJKL',
      unavailable: noNeighbour(1),
      run: (k) => moveBy(k, 1, 0),
    },
    {
      action: 'move.up',
      keys: ['S-up', 'K'],
      group: 'Move',
      help: 'move card up',
      unavailable: unseenReason,
      run: (k) => moveBy(k, 0, -1),
    },
    {
      action: 'move.down',
      keys: ['S-down', 'J'],
      group: 'Move',
      help: 'move card down',
      unavailable: unseenReason,
      run: (k) => moveBy(k, 0, 1),
    },
    {
      action: 'card.moveTo',
      keys: ['m'],
      group: 'Move',
      help: 'move card (or the selected cards) to another column or board',
      unavailable: selectedOrCard,
      run: fresh((k) => moveTo(k.flow, targets(k))),
    },
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
      action: 'card.edit',
      keys: ['e'],
      group: 'Card',
      help: 'edit title',
      unavailable: noCardReason,
      run: onCard((k, id) => editTitle(k.flow, id, titleOf(k, id))),
    },
    {
      action: 'card.comment',
      keys: ['c'],
      group: 'Card',
      help: 'comment',
      hint: 'comment',
      unavailable: noCardReason,
      run: onCard((k, id) => addText(k.flow, id, 'comment')),
    },
    {
      action: 'card.note',
      keys: ['N'],
      group: 'Card',
      help: 'note',
      unavailable: noCardReason,
      run: onCard((k, id) => addText(k.flow, id, 'note')),
    },
    {
      action: 'card.subtask',
      keys: ['s'],
      group: 'Card',
      help: 'sub-task',
      unavailable: noCardReason,
      run: onCard((k, id) => addText(k.flow, id, 'subTask')),
    },
    {
      action: 'card.tags',
      keys: ['t'],
      group: 'Card',
      help: 'tags',
      hint: 'tags',
      unavailable: noCardReason,
      run: onCard((k, id) => tagPicker(k.flow, id)),
    },
    {
      action: 'card.assign',
      keys: ['@'],
      group: 'Card',
      help: 'assignees',
      unavailable: noCardReason,
      run: onCard((k, id) => assignees(k.flow, id)),
    },
    {
      action: 'card.archive',
      keys: ['a'],
      group: 'Card',
      help: 'archive, or the selected cards (asks y/n)',
      unavailable: selectedOrCard,
      run: fresh((k) => {
        const ids = targets(k);
        archive(k.flow, ids, titleOf(k, ids[0] ?? ''));
      }),
    },
    {
      action: 'card.due',
      keys: ['D'],
      group: 'Card',
      help: 'due date (tomorrow, fri 17:00, +3d; empty clears)',
      unavailable: (k) => noCardReason(k) ?? dueUnavailable(k.store),
      run: onCard((k, id) => dueDate(k.flow, id)),
    },
    {
      action: 'card.read',
      keys: ['R'],
      group: 'Card',
      help: 'mark read / unread',
      unavailable: (k) => noCardReason(k) ?? readUnavailable(k.store),
      run: onCard((k, id) => toggleRead(k.flow, id)),
    },
    {
      action: 'card.select',
      keys: ['v'],
      group: 'Card',
      help: 'select the card or unselect it: m and a then act on every selected card, Esc unselects all',
      unavailable: noCardReason,
      run: (k) => k.store.getState().toggleSelected(focusedId(k)),
    },
    ...HISTORY_KEYS,
    { action: 'column.new', keys: ['C'], group: 'Board', help: 'new column', run: fresh((k) => newColumn(k.flow)) },
    {
      action: 'board.filter',
      keys: ['/'],
      group: 'Board',
      help: 'filter cards',
      hint: 'filter',
      run: fresh(filterPrompt),
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
