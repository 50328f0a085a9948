/**
 * The keymap, once: input handling, the `?` help screen and the footer hints
 * are all generated from this table. Lowercase walks, Shift moves (the
 * convention of taskell, kanban-tui, kabmat).
 */
import type { Key } from 'ink';

/**
 * Where keys go: a screen (board, card detail, the board list `picker`), or what
 * is open over it (a text prompt, a y/n confirm, a picker such as tags or
 * move-to, the `?` help, an email sequence being read). `global` keys work
 * on the screens only: what is open over them takes every key.
 */
export type Scope = 'board' | 'detail' | 'picker' | 'prompt' | 'filter-prompt' | 'confirm' | 'pick' | 'pick-filter' | 'tags' | 'help' | 'sequence' | 'global';

/** Scopes that take every key: the global ones (? help, q quit) don't apply there. */
const MODAL: ReadonlySet<Scope> = new Set<Scope>(['prompt', 'filter-prompt', 'confirm', 'pick', 'pick-filter', 'tags', 'help', 'sequence']);

export type Action =
  | 'column.prev' | 'column.next' | 'card.prev' | 'card.next' | 'card.first' | 'card.last'
  | 'page.up' | 'page.down'
  | 'move.left' | 'move.right' | 'move.up' | 'move.down'
  | 'open' | 'back'
  | 'card.new' | 'card.edit' | 'card.comment' | 'card.note' | 'card.subtask'
  | 'card.tags' | 'card.assign' | 'card.moveTo' | 'card.archive' | 'card.select'
  | 'column.new' | 'board.new' | 'board.switch' | 'filter' | 'refresh' | 'sequences' | 'tags.manage' | 'tag.new' | 'tag.delete'
  | 'comment.next' | 'comment.prev' | 'comment.delete'
  | 'prompt.submit' | 'prompt.cancel' | 'prompt.newline' | 'prompt.home' | 'prompt.end'
  | 'prompt.deleteWord' | 'prompt.deleteToStart' | 'prompt.deleteToEnd'
  | 'confirm.yes' | 'confirm.no' | 'pick.nth' | 'pick.filter' | 'filter.erase'
  | 'help' | 'quit';

export interface Binding {
  action: Action;
  /** Normalised key names (see `keyName`): 'h', 'H', 'left', 'S-left', 'C-c', 'enter', 'esc'. */
  keys: readonly string[];
  scope: Scope;
  /** Help-screen text. */
  help: string;
  group: 'Navigate' | 'Move' | 'Card' | 'Board' | 'App';
  /** Short footer label; only the bindings with one are hinted. */
  hint?: string;
  /** How the footer names the keys, when one key alone would mislead ('hjkl'). */
  hintKey?: string;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const KEYMAP: readonly Binding[] = [
  { action: 'column.prev', keys: ['left', 'h'], scope: 'board', group: 'Navigate', help: 'previous column' },
  { action: 'column.next', keys: ['right', 'l'], scope: 'board', group: 'Navigate', help: 'next column', hint: 'walk', hintKey: 'hjkl' },
  { action: 'card.prev', keys: ['up', 'k'], scope: 'board', group: 'Navigate', help: 'previous card' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'board', group: 'Navigate', help: 'next card' },
  { action: 'card.first', keys: ['g', 'home'], scope: 'board', group: 'Navigate', help: 'first card' },
  { action: 'card.last', keys: ['G', 'end'], scope: 'board', group: 'Navigate', help: 'last card' },
  { action: 'page.up', keys: ['pageup'], scope: 'board', group: 'Navigate', help: 'a screen up' },
  { action: 'page.down', keys: ['pagedown'], scope: 'board', group: 'Navigate', help: 'a screen down' },
  { action: 'move.left', keys: ['S-left', 'H'], scope: 'board', group: 'Move', help: 'move card to previous column' },
  { action: 'move.right', keys: ['S-right', 'L'], scope: 'board', group: 'Move', help: 'move card to next column', hint: 'move', hintKey: 'HJKL' },
  { action: 'move.up', keys: ['S-up', 'K'], scope: 'board', group: 'Move', help: 'move card up' },
  { action: 'move.down', keys: ['S-down', 'J'], scope: 'board', group: 'Move', help: 'move card down' },
  { action: 'card.moveTo', keys: ['m'], scope: 'board', group: 'Move', help: 'move card (or the selected cards) to another column or board' },
  { action: 'open', keys: ['enter'], scope: 'board', group: 'Card', help: 'card detail', hint: 'detail' },
  { action: 'card.new', keys: ['n'], scope: 'board', group: 'Card', help: 'new card in this column', hint: 'new' },
  { action: 'card.edit', keys: ['e'], scope: 'board', group: 'Card', help: 'edit title' },
  { action: 'card.comment', keys: ['c'], scope: 'board', group: 'Card', help: 'comment', hint: 'comment' },
  { action: 'card.note', keys: ['N'], scope: 'board', group: 'Card', help: 'note' },
  { action: 'card.subtask', keys: ['s'], scope: 'board', group: 'Card', help: 'sub-task' },
  { action: 'card.tags', keys: ['t'], scope: 'board', group: 'Card', help: 'tags', hint: 'tags' },
  { action: 'card.assign', keys: ['@'], scope: 'board', group: 'Card', help: 'assignees' },
  { action: 'card.archive', keys: ['a'], scope: 'board', group: 'Card', help: 'archive, or the selected cards (asks y/n)' },
  { action: 'card.select', keys: ['v'], scope: 'board', group: 'Card', help: 'select the card or unselect it: m and a then act on every selected card, Esc unselects all' },
  { action: 'column.new', keys: ['C'], scope: 'board', group: 'Board', help: 'new column' },
  { action: 'filter', keys: ['/'], scope: 'board', group: 'Board', help: 'filter cards', hint: 'filter' },
  { action: 'refresh', keys: ['r'], scope: 'board', group: 'Board', help: 'refresh' },
  { action: 'board.switch', keys: ['b'], scope: 'board', group: 'Board', help: 'switch board' },
  { action: 'sequences', keys: ['S'], scope: 'board', group: 'Board', help: 'email sequences' },
  { action: 'tags.manage', keys: ['T'], scope: 'board', group: 'Board', help: 'manage the board’s tags' },
  // The board list is a picker on a screen of its own: the pickers' keys
  // (filter included, see pick-filter), its own n and r, and the global ones.
  { action: 'card.prev', keys: ['up', 'k'], scope: 'picker', group: 'Navigate', help: 'previous board' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'picker', group: 'Navigate', help: 'next board', hint: 'choose', hintKey: 'j/k' },
  { action: 'open', keys: ['enter'], scope: 'picker', group: 'Board', help: 'open board', hint: 'open' },
  { action: 'pick.nth', keys: DIGITS, scope: 'picker', group: 'Board', help: 'open the board with that number' },
  { action: 'pick.filter', keys: ['/'], scope: 'picker', group: 'Navigate', help: 'filter the boards by typing', hint: 'filter' },
  { action: 'board.new', keys: ['n'], scope: 'picker', group: 'Board', help: 'new board', hint: 'new board' },
  { action: 'refresh', keys: ['r'], scope: 'picker', group: 'Board', help: 'reload the list (also after it failed to load)' },
  { action: 'back', keys: ['esc'], scope: 'picker', group: 'App', help: 'back to the open board' },
  { action: 'card.prev', keys: ['up', 'k'], scope: 'detail', group: 'Navigate', help: 'scroll up' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'detail', group: 'Navigate', help: 'scroll down' },
  { action: 'comment.next', keys: ['tab'], scope: 'detail', group: 'Navigate', help: 'select the next comment', hint: 'select comment', hintKey: 'Tab' },
  { action: 'comment.prev', keys: ['S-tab'], scope: 'detail', group: 'Navigate', help: 'select the previous comment' },
  { action: 'card.edit', keys: ['e'], scope: 'detail', group: 'Card', help: 'edit the selected comment, else the title', hint: 'edit' },
  { action: 'comment.delete', keys: ['d'], scope: 'detail', group: 'Card', help: 'delete the selected comment (yours only)' },
  { action: 'card.comment', keys: ['c'], scope: 'detail', group: 'Card', help: 'comment', hint: 'comment' },
  { action: 'card.note', keys: ['N'], scope: 'detail', group: 'Card', help: 'note' },
  { action: 'card.subtask', keys: ['s'], scope: 'detail', group: 'Card', help: 'sub-task' },
  { action: 'card.tags', keys: ['t'], scope: 'detail', group: 'Card', help: 'tags' },
  { action: 'card.assign', keys: ['@'], scope: 'detail', group: 'Card', help: 'assignees' },
  { action: 'card.moveTo', keys: ['m'], scope: 'detail', group: 'Move', help: 'move to another column or board' },
  { action: 'card.archive', keys: ['a'], scope: 'detail', group: 'Card', help: 'archive (asks y/n)' },
  { action: 'back', keys: ['esc', 'q'], scope: 'detail', group: 'App', help: 'back to the board', hint: 'back' },
  { action: 'prompt.submit', keys: ['enter'], scope: 'prompt', group: 'App', help: 'save / submit', hint: 'save' },
  { action: 'prompt.cancel', keys: ['esc'], scope: 'prompt', group: 'App', help: 'cancel', hint: 'cancel' },
  { action: 'prompt.newline', keys: ['C-j'], scope: 'prompt', group: 'App', help: 'new line (notes and comments)' },
  { action: 'prompt.home', keys: ['home', 'C-a'], scope: 'prompt', group: 'Navigate', help: 'start of the line' },
  { action: 'prompt.end', keys: ['end', 'C-e'], scope: 'prompt', group: 'Navigate', help: 'end of the line' },
  { action: 'prompt.deleteWord', keys: ['C-w'], scope: 'prompt', group: 'App', help: 'delete the word before the cursor' },
  { action: 'prompt.deleteToStart', keys: ['C-u'], scope: 'prompt', group: 'App', help: 'delete to the start of the line' },
  { action: 'prompt.deleteToEnd', keys: ['C-k'], scope: 'prompt', group: 'App', help: 'delete to the end of the line' },
  // The board's / filter is a text prompt whose Enter and Esc mean something else (screen-keys.ts).
  { action: 'prompt.submit', keys: ['enter'], scope: 'filter-prompt', group: 'App', help: 'keep the filter', hint: 'keep' },
  { action: 'prompt.cancel', keys: ['esc'], scope: 'filter-prompt', group: 'App', help: 'undo: the filter there was before /', hint: 'undo' },
  { action: 'confirm.yes', keys: ['y', 'Y'], scope: 'confirm', group: 'App', help: 'yes', hint: 'yes' },
  { action: 'confirm.no', keys: ['n', 'N', 'esc'], scope: 'confirm', group: 'App', help: 'no', hint: 'no', hintKey: 'n/Esc' },
  { action: 'card.prev', keys: ['up', 'k'], scope: 'pick', group: 'Navigate', help: 'previous item' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'pick', group: 'Navigate', help: 'next item', hint: 'choose', hintKey: 'j/k' },
  { action: 'open', keys: ['enter'], scope: 'pick', group: 'App', help: 'pick the highlighted item', hint: 'pick' },
  { action: 'pick.nth', keys: DIGITS, scope: 'pick', group: 'App', help: 'pick the item with that number' },
  { action: 'pick.filter', keys: ['/'], scope: 'pick', group: 'Navigate', help: 'filter the items by typing', hint: 'filter' },
  { action: 'back', keys: ['esc'], scope: 'pick', group: 'App', help: 'close', hint: 'close' },
  // Not hinted: most pickers have nothing to retry; one that does names it in its own footer.
  { action: 'refresh', keys: ['r'], scope: 'pick', group: 'App', help: 'load the options again when they failed to load' },
  // Not while filtering: there `?` is text.
  { action: 'help', keys: ['?'], scope: 'pick', group: 'App', help: 'these keys', hint: 'help' },
  // The tag manager (T) is a picker of the board's tags. There is no tag
  // rename in the API; Enter shows the board's cards carrying the tag.
  { action: 'card.prev', keys: ['up', 'k'], scope: 'tags', group: 'Navigate', help: 'previous tag' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'tags', group: 'Navigate', help: 'next tag', hint: 'choose', hintKey: 'j/k' },
  { action: 'open', keys: ['enter'], scope: 'tags', group: 'Board', help: 'show only the cards with this tag (Esc on the board: all again)', hint: 'show its cards' },
  { action: 'pick.nth', keys: DIGITS, scope: 'tags', group: 'Board', help: 'show the cards of the tag with that number' },
  { action: 'pick.filter', keys: ['/'], scope: 'tags', group: 'Navigate', help: 'filter the tags by typing', hint: 'filter' },
  { action: 'tag.new', keys: ['n'], scope: 'tags', group: 'Board', help: 'new tag', hint: 'new' },
  { action: 'tag.delete', keys: ['d'], scope: 'tags', group: 'Board', help: 'delete the tag from the board and every card (asks y/n)', hint: 'delete' },
  { action: 'back', keys: ['esc'], scope: 'tags', group: 'App', help: 'close', hint: 'close' },
  { action: 'refresh', keys: ['r'], scope: 'tags', group: 'App', help: 'load the tags again when they failed to load' },
  { action: 'help', keys: ['?'], scope: 'tags', group: 'App', help: 'these keys', hint: 'help' },
  // Filtering a picker (after /): every other key is text, j and k included.
  { action: 'card.prev', keys: ['up', 'C-p'], scope: 'pick-filter', group: 'Navigate', help: 'previous match' },
  { action: 'card.next', keys: ['down', 'C-n'], scope: 'pick-filter', group: 'Navigate', help: 'next match', hint: 'choose', hintKey: '↑/↓' },
  { action: 'open', keys: ['enter'], scope: 'pick-filter', group: 'App', help: 'pick the highlighted match', hint: 'pick' },
  { action: 'filter.erase', keys: ['backspace'], scope: 'pick-filter', group: 'App', help: 'delete a character; on an empty filter, stop filtering' },
  { action: 'back', keys: ['esc'], scope: 'pick-filter', group: 'App', help: 'clear the filter (again: close)', hint: 'clear filter' },
  { action: 'back', keys: ['esc', '?', 'q'], scope: 'help', group: 'App', help: 'close the help (back to what was open, as it was)', hint: 'close', hintKey: 'Esc/?' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'help', group: 'Navigate', help: 'scroll down (when the help is taller than the screen)' },
  { action: 'card.prev', keys: ['up', 'k'], scope: 'help', group: 'Navigate', help: 'scroll up' },
  { action: 'page.down', keys: ['pagedown', ' '], scope: 'help', group: 'Navigate', help: 'a screen down' },
  { action: 'page.up', keys: ['pageup'], scope: 'help', group: 'Navigate', help: 'a screen up' },
  { action: 'card.prev', keys: ['up', 'k'], scope: 'sequence', group: 'Navigate', help: 'scroll up' },
  { action: 'card.next', keys: ['down', 'j'], scope: 'sequence', group: 'Navigate', help: 'scroll down', hint: 'scroll', hintKey: 'j/k' },
  { action: 'back', keys: ['esc', 'q'], scope: 'sequence', group: 'App', help: 'back to the list', hint: 'back' },
  { action: 'help', keys: ['?'], scope: 'sequence', group: 'App', help: 'these keys', hint: 'help' },
  { action: 'help', keys: ['?'], scope: 'global', group: 'App', help: 'this help', hint: 'help' },
  { action: 'back', keys: ['esc'], scope: 'global', group: 'App', help: 'back / cancel' },
  { action: 'quit', keys: ['q', 'C-c'], scope: 'global', group: 'App', help: 'quit', hint: 'quit' },
];

/** Ink's (input, key) as one name the table uses. */
export function keyName(input: string, key: Key): string {
  const shift = key.shift ? 'S-' : '';
  if (key.upArrow) return `${shift}up`;
  if (key.downArrow) return `${shift}down`;
  if (key.leftArrow) return `${shift}left`;
  if (key.rightArrow) return `${shift}right`;
  if (key.pageUp) return 'pageup';
  if (key.pageDown) return 'pagedown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  if (key.return) return 'enter';
  if (key.escape) return 'esc';
  if (key.tab) return key.shift ? 'S-tab' : 'tab';
  // Ink 6.8 reports Backspace (0x7f) as `delete`: both delete backwards.
  if (key.backspace || key.delete) return 'backspace';
  if (key.ctrl && input) return `C-${input.toLowerCase()}`;
  return input;
}

const index = new Map<string, Action>();
for (const b of KEYMAP) {
  for (const k of b.keys) {
    const id = `${b.scope}:${k}`;
    if (!index.has(id)) index.set(id, b.action);
  }
}

/** The action a key triggers in a scope; scope bindings win over global ones. */
export function actionFor(scope: Scope, name: string): Action | undefined {
  return index.get(`${scope}:${name}`) ?? (MODAL.has(scope) ? undefined : index.get(`global:${name}`));
}

/** How a key name is shown to people. */
export function displayKey(name: string): string {
  const arrows: Record<string, string> = { left: '←', right: '→', up: '↑', down: '↓' };
  if (name.startsWith('S-')) return `Shift+${arrows[name.slice(2)] ?? name.slice(2)}`;
  if (name.startsWith('C-')) return `Ctrl+${name.slice(2).toUpperCase()}`;
  if (arrows[name]) return arrows[name];
  const words: Record<string, string> = { enter: 'Enter', esc: 'Esc', tab: 'Tab', backspace: 'Backspace', pageup: 'PgUp', pagedown: 'PgDn', home: 'Home', end: 'End', ' ': 'Space' };
  return words[name] ?? name;
}

/**
 * Bindings shown in a scope's help, global ones last — with only the keys
 * that still reach them: in the card detail `q` goes back, so help and footer
 * must not also promise it quits.
 */
export function bindingsFor(scope: Scope): Binding[] {
  const own = KEYMAP.filter((b) => b.scope === scope);
  if (MODAL.has(scope)) return own;
  const taken = new Set(own.flatMap((b) => b.keys));
  const global = KEYMAP.filter((b) => b.scope === 'global')
    .map((b) => ({ ...b, keys: b.keys.filter((k) => !taken.has(k)) }))
    .filter((b) => b.keys.length > 0);
  return own.concat(global);
}

/** Footer hints for a scope: `key label` pairs from the table. */
export function hintsFor(scope: Scope): { key: string; label: string }[] {
  return bindingsFor(scope)
    .filter((b): b is Binding & { hint: string } => b.hint !== undefined)
    .map((b) => ({ key: b.hintKey ?? displayKey(b.keys[0] ?? ''), label: b.hint }));
}
