/**
 * `o`: the board's columns shown longest waiting first, and back. A view
 * only (view.ts `longestWaiting`): the team's order of the cards, in
 * `confirmed` and on the server, stays as it is, and nothing is sent.
 */
import type { Core, CoreData } from './core.js';

export interface WaitingSortActions {
  setSortByWaiting(on: boolean): void;
}

export const makeWaitingSort = (core: Core<CoreData>): WaitingSortActions => ({
  setSortByWaiting: (on) => {
    if (core.get().sortByWaiting !== on) core.update({ sortByWaiting: on });
  },
});
