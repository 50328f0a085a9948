/**
 * The scroll actions of a screen that scrolls text (the help, a command's
 * output): how far each moves, and the foot's words for them.
 */
import { keyOf } from './active.js';
import type { Action, Scope } from './types.js';

/** Lines an action moves: one, or a page of `page` lines; 0 for any other action. */
export function scrollStep(action: Action | undefined, page: number): number {
  if (action === 'scroll.down') return 1;
  if (action === 'scroll.up') return -1;
  if (action === 'scroll.pageDown') return page;
  if (action === 'scroll.pageUp') return -page;
  return 0;
}

/** "j/k scroll", in the keys in force in `scope`; null when either has none. */
export function scrollWords(scope: Scope): string | null {
  const down = keyOf(scope, 'scroll.down');
  const up = keyOf(scope, 'scroll.up');
  return down !== null && up !== null ? `${down}/${up} scroll` : null;
}
