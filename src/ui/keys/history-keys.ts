/**
 * `u` and `U`, the same on every screen that changes cards (the board, the
 * card detail, triage): undo and redo the user's own changes (store/undo.ts).
 */
import { travel } from '../flows/history-flows.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

export const HISTORY_KEYS: readonly B[] = [
  {
    action: 'undo',
    keys: ['u'],
    group: 'Edit',
    help: 'undo your last change (move, archive, tags, title, due, read…)',
    hint: 'undo',
    run: (k) => {
      // Like every key that moves on, it puts the last error behind the user.
      k.store.getState().clearError();
      travel(k.flow, true);
    },
  },
  {
    action: 'redo',
    keys: ['U'],
    group: 'Edit',
    help: 'redo what u undid',
    run: (k) => {
      k.store.getState().clearError();
      travel(k.flow, false);
    },
  },
];
