/**
 * The board's cursor keys and the moves of the focused card. Walking keys
 * move the cursor; Shift moves the card (taskell's, kanban-tui's and
 * kabmat's convention), and only a card the user has seen (unseenReason).
 */
import type { BoardState } from '../../store/index.js';
import { shouldLoadMore } from '../../store/index.js';
import { focusedId, quiet, unseenReason, type ScreenKeys } from './context.js';
import { snapToFilter } from './filter-keys.js';
import type { ScreenBinding } from './types.js';
import { keyOf } from './active.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

/** After the cursor moved: load the next page when near the end, stay on a filter match, mark the card seen. */
export function walked(k: ScreenKeys, dir: 1 | -1): void {
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

/** The Navigate keys of the board. */
export const CURSOR_KEYS: readonly B[] = [
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
];

/**
 * Why the focused card can't go up or down its column: on top of
 * unseenReason, a column sorted by waiting is not the team's order, which
 * a reorder changes.
 */
function reorderReason(k: ScreenKeys): string | null {
  const why = unseenReason(k);
  if (why !== null) return why;
  if (!k.store.getState().sortByWaiting) return null;
  const sort = keyOf('board', 'board.sort');
  return `Sorted by waiting, which is not the team’s order: ${sort === null ? 'the sort key' : sort} shows it again to reorder`;
}

/** The Move keys of the focused card (m, which can move a selection too, is a card action). */
export const MOVE_KEYS: readonly B[] = [
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
    unavailable: reorderReason,
    run: (k) => moveBy(k, 0, -1),
  },
  {
    action: 'move.down',
    keys: ['S-down', 'J'],
    group: 'Move',
    help: 'move card down',
    unavailable: reorderReason,
    run: (k) => moveBy(k, 0, 1),
  },
];
