/**
 * The board's keys for running it: renaming, members, archiving, and the
 * focused column's name and deletion. Only the owner may (docs/api.md ›
 * "Who may do what"): for anyone else each says so instead of asking — when
 * the board names its owner and the user is known; otherwise the server
 * answers.
 */
import {
  archiveBoard,
  boardReason,
  columnReason,
  deleteColumn,
  editMembers,
  renameBoard,
  renameColumn,
} from '../flows/board-admin-flows.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

const open = (k: ScreenKeys): number => {
  const id = k.store.getState().boardId;
  if (id === null) throw new Error('No board is open');
  return id;
};
const why = (k: ScreenKeys, action: Parameters<typeof boardReason>[2]): string | null =>
  boardReason(k.store.getState(), k.store.getState().boardId, action);

const fresh = (run: (k: ScreenKeys) => void) => (k: ScreenKeys) => {
  k.store.getState().clearError();
  run(k);
};

export const BOARD_ADMIN_KEYS: readonly B[] = [
  {
    action: 'column.rename',
    keys: ['E'],
    group: 'Board',
    help: 'rename this column (the owner’s)',
    unavailable: (k) => columnReason(k.store.getState(), 'rename columns'),
    run: fresh((k) => renameColumn(k.flow)),
  },
  {
    action: 'column.delete',
    keys: ['X'],
    group: 'Board',
    help: 'delete this column (y/n); its cards go where you pick (the owner’s)',
    unavailable: (k) => columnReason(k.store.getState(), 'delete columns'),
    run: fresh((k) => deleteColumn(k.flow)),
  },
  {
    action: 'board.rename',
    keys: ['B'],
    group: 'Board',
    help: 'rename the board (the owner’s)',
    unavailable: (k) => why(k, 'rename it'),
    run: fresh((k) => renameBoard(k.flow, open(k))),
  },
  {
    action: 'board.members',
    keys: ['M'],
    group: 'Board',
    help: 'the board’s members as emails: added ones can be assigned (the owner’s)',
    unavailable: (k) => why(k, 'change its members'),
    run: fresh((k) => editMembers(k.flow, open(k))),
  },
  {
    action: 'board.archive',
    keys: ['Z'],
    group: 'Board',
    help: 'archive the board (y/n; the owner’s)',
    unavailable: (k) => why(k, 'archive it'),
    run: fresh((k) => archiveBoard(k.flow, open(k), () => k.showBoardList())),
  },
];
