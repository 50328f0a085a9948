/** The config's "keys" applied to the built-in keymap: replaced, unbound, refused in words, all or nothing. */
import { afterEach, describe, expect, it } from 'vitest';
import { configKeyName, parseKeyName } from '../../../src/ui/keys/key-names.js';
import { applyUserKeys } from '../../../src/ui/keys/user-keys.js';
import { actionFor, applyKeys, bindingsFor, hintsFor, KEYMAP, press } from '../../../src/ui/keymap.js';

const keysOf = (
  table: readonly { scope: string; action: string; keys: readonly string[] }[],
  scope: string,
  action: string,
) => table.find((b) => b.scope === scope && b.action === action)?.keys;

afterEach(() => {
  applyKeys({});
});

describe('key names in the config', () => {
  it('reads characters, ctrl/shift/alt and named keys into the keymap’s names', () => {
    const name = (t: string) => {
      const p = parseKeyName(t);
      return 'name' in p ? p.name : p.error;
    };
    expect(name('X')).toBe('X');
    expect(name('#')).toBe('#');
    expect(name('ctrl+x')).toBe('C-x');
    expect(name('Ctrl+X')).toBe('C-x');
    expect(name('C-x')).toBe('C-x');
    expect(name('shift+left')).toBe('S-left');
    expect(name('shift+x')).toBe('X');
    expect(name('shift+tab')).toBe('S-tab');
    expect(name('space')).toBe(' ');
    expect(name('Enter')).toBe('enter');
    expect(name('pgdn')).toBe('pagedown');
    expect(name('alt+b')).toBe('M-b');
  });

  it('says why a name can’t be read', () => {
    const error = (t: string) => {
      const p = parseKeyName(t);
      return 'error' in p ? p.error : null;
    };
    expect(error('ctrl+i')).toMatch(/same byte as Tab/);
    expect(error('ctrl+shift+x')).toMatch(/is not a key/);
    expect(error('F5')).toMatch(/"F5" is not a key name/);
    expect(error('shift+enter')).toMatch(/not told apart/);
  });

  it('writes names back as the config does', () => {
    expect(['C-x', 'S-left', 'M-b', ' ', 'j'].map(configKeyName)).toEqual([
      'ctrl+x',
      'shift+left',
      'alt+b',
      'space',
      'j',
    ]);
  });
});

describe('applying the config’s keys', () => {
  it('replaces an action’s keys in every scope it is bound in, and [] unbinds it', () => {
    const { table, problems } = applyUserKeys(KEYMAP, { 'card.archive': ['x'], 'card.due': [] });
    expect(problems).toEqual([]);
    for (const scope of ['board', 'detail', 'triage']) {
      expect(keysOf(table, scope, 'card.archive')).toEqual(['x']);
      expect(keysOf(table, scope, 'card.due')).toEqual([]);
    }
  });

  it('a scope:action setting changes that scope only, and wins over the action’s', () => {
    const { table, problems } = applyUserKeys(KEYMAP, { 'detail:scroll.down': ['ctrl+n'], 'scroll.down': ['down'] });
    expect(problems).toEqual([]);
    expect(keysOf(table, 'detail', 'scroll.down')).toEqual(['C-n']);
    expect(keysOf(table, 'help', 'scroll.down')).toEqual(['down']);
  });

  it('leaves a printable key out where typing is text, keeping that scope’s own keys', () => {
    const { table, problems } = applyUserKeys(KEYMAP, { 'list.next': ['J'] });
    expect(problems).toEqual([]);
    expect(keysOf(table, 'pick', 'list.next')).toEqual(['J']);
    expect(keysOf(table, 'pick-filter', 'list.next')).toEqual(['down', 'C-n']);
  });

  it('refuses a key bound twice in a scope, naming both actions and where each came from', () => {
    const { problems } = applyUserKeys(KEYMAP, { 'card.archive': ['X'] });
    expect(problems).toEqual([
      '"X" is bound twice in board: to card.archive (keys."card.archive") and to column.delete (built in)',
    ]);
  });

  it('refuses a screen key that would hide a global one, but not the built-in q of the detail', () => {
    expect(applyUserKeys(KEYMAP, { 'card.archive': ['?'] }).problems[0]).toMatch(
      /"\?" is bound to card.archive \(keys."card.archive"\) in board, which hides help \(built in\) there/,
    );
    expect(applyUserKeys(KEYMAP, { quit: ['q', 'ctrl+q'] }).problems).toEqual([]);
  });

  it('names every problem at once: unknown actions, scopes and keys, digits, a quit with no key', () => {
    const { problems } = applyUserKeys(KEYMAP, {
      nope: ['a'],
      'detail:board.filter': ['/'],
      'card.tags': ['F5'],
      'list.nth': ['a'],
      quit: [],
      'prompt:prompt.submit': ['s'],
      'card.comment': ['alt+c'],
    });
    expect(problems).toEqual([
      'keys."nope": there is no action "nope" (`inboard keymap` lists them all)',
      expect.stringMatching(/^keys."card.tags"\[0\] "F5": "F5" is not a key name: use a character/),
      expect.stringMatching(/^keys."list.nth"\[0\] "a": list.nth takes digits 1–9 only/),
      'keys."quit": quit needs a key, or there is no way out of the board',
      'keys."card.comment": alt+c can only be read in a text prompt, not in board, detail, triage',
      expect.stringMatching(/^keys."detail:board.filter": "board.filter" is not bound in "detail"/),
      expect.stringMatching(/^keys."prompt:prompt.submit": "s" would be typed as text in prompt/),
    ]);
  });
});

describe('the keymap in force', () => {
  it('drives input, help, hints and the words that name keys; nothing applies while any key is refused', () => {
    expect(applyKeys({ 'move.right': ['ctrl+l'], 'card.new': ['+'], 'board.filter': ['f'] })).toEqual([]);
    expect(actionFor('board', 'C-l')).toBe('move.right');
    expect(actionFor('board', 'L')).toBeUndefined();
    expect(actionFor('board', 'f')).toBe('board.filter');
    expect(bindingsFor('board').find((b) => b.action === 'card.new')?.keys).toEqual(['+']);
    expect(hintsFor('board').map((h) => `${h.key} ${h.label}`)).toEqual(
      expect.arrayContaining(['Ctrl+L move', '+ new', 'f filter']),
    );
    expect(press('board', 'card.new')).toBe('press +');

    expect(applyKeys({ 'card.archive': ['X'] })).toHaveLength(1);
    // The last good keymap stays: a refused config changes nothing.
    expect(actionFor('board', 'C-l')).toBe('move.right');
    expect(actionFor('board', 'X')).toBe('column.delete');
  });
});
