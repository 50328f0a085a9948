/**
 * The board list's e, m and a on the highlighted board: rename it, its
 * members, archive it — or, for a board the user doesn't own, why not.
 */
import type { Action } from '../keys/types.js';
import { archiveBoard, boardReason, editMembers, renameBoard } from './board-admin-flows.js';
import type { Flow } from './flow.js';

export function boardListAction(f: Flow, action: Action, value: string | null, notify: (text: string) => void): void {
  if (action !== 'board.rename' && action !== 'board.members' && action !== 'board.archive') return;
  const boardId = value === null ? NaN : Number(value);
  if (!Number.isSafeInteger(boardId)) return notify('No board here');
  const s = f.store.getState();
  const what =
    action === 'board.rename' ? 'rename it' : action === 'board.members' ? 'change its members' : 'archive it';
  const no = boardReason(s, boardId, what);
  if (no !== null) return notify(no);
  s.clearError();
  if (action === 'board.rename') renameBoard(f, boardId);
  else if (action === 'board.members') editMembers(f, boardId);
  else archiveBoard(f, boardId, () => undefined);
}
