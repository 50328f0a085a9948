/**
 * `r` on the screens that show one card whole (the card detail, triage):
 * the board read again and, with it, the card on screen — its fields,
 * comments, sub-tasks, column and email thread (store/follow-open.ts). The
 * same `r` as the board's and the pickers': `r` refreshes what is on screen.
 */
import { refreshBoard } from '../flows/refresh.js';
import { quiet, type ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

export const CARD_REFRESH_KEY: B = {
  action: 'view.refresh',
  keys: ['r'],
  group: 'Card',
  help: 'refresh: the card, its comments and thread as the server has them now',
  run: (k) => {
    k.store.getState().clearError();
    // Through the clock, so the status bar says "refreshing…", then when.
    quiet(refreshBoard(k.store));
  },
};
