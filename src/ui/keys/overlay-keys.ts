/**
 * The keys of the board list and of what opens over a screen: prompts and
 * y/n (prompt-keys.ts), pickers, the tag manager, the help, a sequence being
 * read, the output of one of your commands (the pager). Their handlers are the components that own the state they act on
 * (TextPrompt's text, Picker's highlight), and they dispatch on these action ids.
 */
import { PROMPT_KEYS, type EditBinding } from './prompt-keys.js';

export type { EditBinding } from './prompt-keys.js';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const OVERLAY_KEYS: readonly EditBinding[] = [
  // The board list is a picker on a screen of its own: the pickers' keys
  // (filter included, see pick-filter), its own n and r, and the global ones.
  { action: 'list.prev', keys: ['up', 'k'], scope: 'picker', group: 'Navigate', help: 'previous board' },
  {
    action: 'list.next',
    keys: ['down', 'j'],
    scope: 'picker',
    group: 'Navigate',
    help: 'next board',
    hint: 'choose',
    hintKey: 'j/k',
  },
  { action: 'list.first', keys: ['g', 'home'], scope: 'picker', group: 'Navigate', help: 'first board' },
  { action: 'list.last', keys: ['G', 'end'], scope: 'picker', group: 'Navigate', help: 'last board' },
  { action: 'list.pick', keys: ['enter'], scope: 'picker', group: 'Board', help: 'open board', hint: 'open' },
  { action: 'list.nth', keys: DIGITS, scope: 'picker', group: 'Board', help: 'open the board with that number' },
  {
    action: 'list.filter',
    keys: ['/'],
    scope: 'picker',
    group: 'Navigate',
    help: 'filter the boards by typing',
    hint: 'filter',
  },
  { action: 'board.new', keys: ['n'], scope: 'picker', group: 'Board', help: 'new board', hint: 'new board' },
  { action: 'board.rename', keys: ['e'], scope: 'picker', group: 'Board', help: 'rename the board (the owner’s)' },
  {
    action: 'board.members',
    keys: ['m'],
    scope: 'picker',
    group: 'Board',
    help: 'the board’s members as emails (the owner’s)',
  },
  {
    action: 'board.archive',
    keys: ['a'],
    scope: 'picker',
    group: 'Board',
    help: 'archive the board (y/n; the owner’s)',
  },
  {
    action: 'list.reload',
    keys: ['r'],
    scope: 'picker',
    group: 'Board',
    help: 'reload the list (also after it failed to load)',
  },
  {
    action: 'list.profile',
    keys: ['p'],
    scope: 'picker',
    group: 'App',
    help: 'switch to another server: a profile of the config file ("profiles")',
  },
  { action: 'list.close', keys: ['esc'], scope: 'picker', group: 'App', help: 'back to the open board' },

  ...PROMPT_KEYS,

  { action: 'list.prev', keys: ['up', 'k'], scope: 'pick', group: 'Navigate', help: 'previous item' },
  {
    action: 'list.next',
    keys: ['down', 'j'],
    scope: 'pick',
    group: 'Navigate',
    help: 'next item',
    hint: 'choose',
    hintKey: 'j/k',
  },
  { action: 'list.first', keys: ['g', 'home'], scope: 'pick', group: 'Navigate', help: 'first item' },
  { action: 'list.last', keys: ['G', 'end'], scope: 'pick', group: 'Navigate', help: 'last item' },
  {
    action: 'list.pick',
    keys: ['enter'],
    scope: 'pick',
    group: 'App',
    help: 'pick the highlighted item',
    hint: 'pick',
  },
  { action: 'list.nth', keys: DIGITS, scope: 'pick', group: 'App', help: 'pick the item with that number' },
  {
    action: 'list.filter',
    keys: ['/'],
    scope: 'pick',
    group: 'Navigate',
    help: 'filter the items by typing',
    hint: 'filter',
  },
  { action: 'list.close', keys: ['esc'], scope: 'pick', group: 'App', help: 'close', hint: 'close' },
  // Not hinted: most pickers have nothing to retry; one that does names it in its own footer.
  {
    action: 'list.reload',
    keys: ['r'],
    scope: 'pick',
    group: 'App',
    help: 'load the options again when they failed to load',
  },
  // Not while filtering: there `?` is text.
  { action: 'help', keys: ['?'], scope: 'pick', group: 'App', help: 'these keys', hint: 'help' },

  // The tag manager (T) is a picker of the board's tags. There is no tag
  // rename in the API; Enter shows the board's cards carrying the tag.
  { action: 'list.prev', keys: ['up', 'k'], scope: 'tags', group: 'Navigate', help: 'previous tag' },
  {
    action: 'list.next',
    keys: ['down', 'j'],
    scope: 'tags',
    group: 'Navigate',
    help: 'next tag',
    hint: 'choose',
    hintKey: 'j/k',
  },
  { action: 'list.first', keys: ['g', 'home'], scope: 'tags', group: 'Navigate', help: 'first tag' },
  { action: 'list.last', keys: ['G', 'end'], scope: 'tags', group: 'Navigate', help: 'last tag' },
  {
    action: 'list.pick',
    keys: ['enter'],
    scope: 'tags',
    group: 'Board',
    help: 'show only the cards with this tag (Esc on the board: all again)',
    hint: 'show its cards',
  },
  {
    action: 'list.nth',
    keys: DIGITS,
    scope: 'tags',
    group: 'Board',
    help: 'show the cards of the tag with that number',
  },
  {
    action: 'list.filter',
    keys: ['/'],
    scope: 'tags',
    group: 'Navigate',
    help: 'filter the tags by typing',
    hint: 'filter',
  },
  { action: 'tag.new', keys: ['n'], scope: 'tags', group: 'Board', help: 'new tag', hint: 'new' },
  {
    action: 'tag.delete',
    keys: ['d'],
    scope: 'tags',
    group: 'Board',
    help: 'delete the tag from the board and every card (asks y/n)',
    hint: 'delete',
  },
  { action: 'list.close', keys: ['esc'], scope: 'tags', group: 'App', help: 'close', hint: 'close' },
  {
    action: 'list.reload',
    keys: ['r'],
    scope: 'tags',
    group: 'App',
    help: 'load the tags again when they failed to load',
  },
  { action: 'help', keys: ['?'], scope: 'tags', group: 'App', help: 'these keys', hint: 'help' },

  // Filtering a picker (after /): every other key is text, j, k, g and G included.
  { action: 'list.prev', keys: ['up', 'C-p'], scope: 'pick-filter', group: 'Navigate', help: 'previous match' },
  {
    action: 'list.next',
    keys: ['down', 'C-n'],
    scope: 'pick-filter',
    group: 'Navigate',
    help: 'next match',
    hint: 'choose',
    hintKey: '↑/↓',
  },
  {
    action: 'list.pick',
    keys: ['enter'],
    scope: 'pick-filter',
    group: 'App',
    help: 'pick the highlighted match',
    hint: 'pick',
  },
  {
    action: 'filter.erase',
    keys: ['backspace'],
    scope: 'pick-filter',
    group: 'App',
    help: 'delete a character; on an empty filter, stop filtering',
  },
  {
    action: 'filter.clear',
    keys: ['esc'],
    scope: 'pick-filter',
    group: 'App',
    help: 'clear the filter (again: close)',
    hint: 'clear filter',
  },

  {
    action: 'help.close',
    keys: ['esc', '?', 'q'],
    scope: 'help',
    group: 'App',
    help: 'close the help (back to what was open, as it was)',
    hint: 'close',
    hintKey: 'Esc/?',
  },
  {
    action: 'scroll.down',
    keys: ['down', 'j'],
    scope: 'help',
    group: 'Navigate',
    help: 'scroll down (when the help is taller than the screen)',
  },
  { action: 'scroll.up', keys: ['up', 'k'], scope: 'help', group: 'Navigate', help: 'scroll up' },
  { action: 'scroll.pageDown', keys: ['pagedown', ' '], scope: 'help', group: 'Navigate', help: 'a screen down' },
  { action: 'scroll.pageUp', keys: ['pageup'], scope: 'help', group: 'Navigate', help: 'a screen up' },

  { action: 'scroll.up', keys: ['up', 'k'], scope: 'sequence', group: 'Navigate', help: 'scroll up' },
  {
    action: 'scroll.down',
    keys: ['down', 'j'],
    scope: 'sequence',
    group: 'Navigate',
    help: 'scroll down',
    hint: 'scroll',
    hintKey: 'j/k',
  },
  {
    action: 'sequence.back',
    keys: ['esc', 'q'],
    scope: 'sequence',
    group: 'App',
    help: 'back to the list',
    hint: 'back',
  },
  { action: 'help', keys: ['?'], scope: 'sequence', group: 'App', help: 'these keys', hint: 'help' },

  {
    action: 'scroll.down',
    keys: ['down', 'j'],
    scope: 'pager',
    group: 'Navigate',
    help: 'scroll down',
    hint: 'scroll',
    hintKey: 'j/k',
  },
  { action: 'scroll.up', keys: ['up', 'k'], scope: 'pager', group: 'Navigate', help: 'scroll up' },
  { action: 'scroll.pageDown', keys: ['pagedown', ' '], scope: 'pager', group: 'Navigate', help: 'a screen down' },
  { action: 'scroll.pageUp', keys: ['pageup'], scope: 'pager', group: 'Navigate', help: 'a screen up' },
  { action: 'pager.close', keys: ['esc', 'q'], scope: 'pager', group: 'App', help: 'close it', hint: 'close' },
  { action: 'help', keys: ['?'], scope: 'pager', group: 'App', help: 'these keys', hint: 'help' },

  { action: 'help', keys: ['?'], scope: 'global', group: 'App', help: 'this help', hint: 'help' },
  { action: 'quit', keys: ['q', 'C-c'], scope: 'global', group: 'App', help: 'quit', hint: 'quit' },
];
