/**
 * Board-scope key actions → store calls. Every failure is already in the
 * store's lastError (the status bar shows it), so promises are only caught.
 */
import type { BoardStore } from '../../store/index.js';
import { isServerId, shouldLoadMore } from '../../store/index.js';
import type { Action } from '../keymap.js';

const quiet = (p: Promise<unknown>): void => {
  p.catch(() => undefined);
};

/** Runs a navigation or move action; returns false when it isn't one of those. */
export function runBoardAction(store: BoardStore, action: Action, pageRows: number): boolean {
  const s = store.getState();
  const col = s.columns[s.cursor.col];
  const cardId = s.cursor.cardId;
  const moveBy = (dCol: number, dIndex: number) => {
    if (col === undefined || cardId === null || !isServerId(cardId)) return;
    if (dCol !== 0) {
      const target = s.columns[s.cursor.col + dCol];
      if (target !== undefined) quiet(s.moveCard(cardId, target.label, 0));
    } else if (s.cursor.index + dIndex >= 0) {
      quiet(s.moveCard(cardId, col.label, s.cursor.index + dIndex));
    }
  };
  switch (action) {
    case 'column.prev': s.focusColumn(-1); break;
    case 'column.next': s.focusColumn(1); break;
    case 'card.prev': s.focusCard(-1); break;
    case 'card.next': s.focusCard(1); break;
    case 'page.up': s.focusCard(-pageRows); break;
    case 'page.down': s.focusCard(pageRows); break;
    case 'card.first': s.focusFirst(); break;
    case 'card.last': s.focusLast(); break;
    case 'move.left': moveBy(-1, 0); break;
    case 'move.right': moveBy(1, 0); break;
    case 'move.up': moveBy(0, -1); break;
    case 'move.down': moveBy(0, 1); break;
    case 'refresh': quiet(s.refresh()); break;
    default: return false;
  }
  const after = store.getState();
  const more = shouldLoadMore(after);
  if (more !== null) quiet(after.loadMore(more));
  if (after.cursor.cardId !== null) after.markSeen(after.cursor.cardId);
  return true;
}
