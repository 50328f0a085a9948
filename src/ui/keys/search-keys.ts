/**
 * The keys of `F`, the search of every board: a query typed over its
 * matches. Every key not bound here is the query's (text, or a text prompt's
 * editing key), so the list moves with arrows and Ctrl keys only; the
 * search prompt (prompts/SearchPrompt.tsx) dispatches on these action ids.
 */
import type { Binding } from './types.js';

export const SEARCH_KEYS: readonly Binding[] = [
  { action: 'list.prev', keys: ['up', 'C-p'], scope: 'search', group: 'Navigate', help: 'the match above' },
  {
    action: 'list.next',
    keys: ['down', 'C-n'],
    scope: 'search',
    group: 'Navigate',
    help: 'the match below',
    hint: 'choose',
    hintKey: '↑/↓',
  },
  { action: 'page.up', keys: ['pageup'], scope: 'search', group: 'Navigate', help: 'a screen of matches up' },
  { action: 'page.down', keys: ['pagedown'], scope: 'search', group: 'Navigate', help: 'a screen of matches down' },
  {
    action: 'list.pick',
    keys: ['enter'],
    scope: 'search',
    group: 'App',
    help: 'open the match in focus on its board (nothing listed yet: search now)',
    hint: 'open',
  },
  {
    action: 'list.close',
    keys: ['esc'],
    scope: 'search',
    group: 'App',
    help: 'close the search, the board as it was',
    hint: 'close',
  },
];
