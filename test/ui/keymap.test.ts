/** The one keymap table: what a key does in each scope, and what the footer hints. */
import { describe, expect, it } from 'vitest';
import { actionFor, bindingsFor, displayKey, hintsFor, KEYMAP } from '../../src/ui/keymap.js';

describe('keymap', () => {
  it('the y/n confirm: y yes, n and Esc no, nothing else (not even q or ?)', () => {
    expect(actionFor('confirm', 'y')).toBe('confirm.yes');
    expect(actionFor('confirm', 'Y')).toBe('confirm.yes');
    expect(actionFor('confirm', 'n')).toBe('confirm.no');
    expect(actionFor('confirm', 'esc')).toBe('confirm.no');
    expect(actionFor('confirm', 'q')).toBeUndefined();
    expect(actionFor('confirm', '?')).toBeUndefined();
    expect(hintsFor('confirm')).toEqual([
      { key: 'y', label: 'yes' },
      { key: 'n/Esc', label: 'no' },
    ]);
  });

  it('what is open over a screen takes every key: no global binding applies or is hinted', () => {
    for (const scope of ['prompt', 'confirm', 'pick', 'pick-filter', 'tags', 'help', 'sequence'] as const) {
      expect(bindingsFor(scope).every((b) => b.scope === scope)).toBe(true);
      expect(actionFor(scope, 'C-c')).toBeUndefined();
    }
    expect(actionFor('pick', 'q')).toBeUndefined();
    expect(actionFor('board', 'q')).toBe('quit');
    expect(actionFor('help', 'q')).toBe('back');
  });

  it('a picker: j/k, 1–9, Enter, Esc and r', () => {
    expect(actionFor('pick', 'j')).toBe('card.next');
    expect(actionFor('pick', 'up')).toBe('card.prev');
    expect(actionFor('pick', '3')).toBe('pick.nth');
    expect(actionFor('pick', 'enter')).toBe('open');
    expect(actionFor('pick', 'esc')).toBe('back');
    // r retries options that failed to load; not hinted, as most pickers have none to retry.
    expect(actionFor('pick', 'r')).toBe('refresh');
    expect(hintsFor('pick').map((h) => h.label)).toEqual(['choose', 'pick', 'filter', 'close', 'help']);
  });

  it('a picker filtering (after /): ↑↓ Ctrl+P/N, Enter, Backspace, Esc; j, k, digits and r are text', () => {
    expect(actionFor('pick', '/')).toBe('pick.filter');
    expect(actionFor('pick-filter', 'up')).toBe('card.prev');
    expect(actionFor('pick-filter', 'C-n')).toBe('card.next');
    expect(actionFor('pick-filter', 'enter')).toBe('open');
    expect(actionFor('pick-filter', 'backspace')).toBe('filter.erase');
    expect(actionFor('pick-filter', 'esc')).toBe('back');
    for (const text of ['j', 'k', '3', 'r', 'q', '?', 'd']) expect(actionFor('pick-filter', text)).toBeUndefined();
    expect(hintsFor('pick-filter')).toEqual([
      { key: '↑/↓', label: 'choose' },
      { key: 'Enter', label: 'pick' },
      { key: 'Esc', label: 'clear filter' },
    ]);
  });

  it('the board list: the pickers’ keys (/ filter included), its own n and r, and the global ? and q', () => {
    expect(actionFor('picker', 'j')).toBe('card.next');
    expect(actionFor('picker', 'up')).toBe('card.prev');
    expect(actionFor('picker', 'enter')).toBe('open');
    expect(actionFor('picker', '2')).toBe('pick.nth');
    expect(actionFor('picker', '/')).toBe('pick.filter');
    expect(actionFor('picker', 'n')).toBe('board.new');
    expect(actionFor('picker', 'r')).toBe('refresh');
    expect(actionFor('picker', 'esc')).toBe('back');
    expect(actionFor('picker', '?')).toBe('help');
    expect(actionFor('picker', 'q')).toBe('quit');
    expect(hintsFor('picker').map((h) => `${h.key} ${h.label}`)).toEqual([
      'j/k choose', 'Enter open', '/ filter', 'n new board', '? help', 'q quit',
    ]);
  });

  it('? opens the help from a picker and a sequence being read; not while filtering, typing or answering y/n', () => {
    expect(actionFor('pick', '?')).toBe('help');
    expect(actionFor('sequence', '?')).toBe('help');
    expect(actionFor('picker', '?')).toBe('help');
    expect(actionFor('pick-filter', '?')).toBeUndefined();
    expect(actionFor('prompt', '?')).toBeUndefined();
    expect(actionFor('confirm', '?')).toBeUndefined();
    for (const k of ['esc', '?', 'q']) expect(actionFor('help', k)).toBe('back');
  });

  it('the tag manager: a picker of tags whose Enter shows the board’s cards with the tag; n new, d delete', () => {
    expect(actionFor('tags', 'enter')).toBe('open');
    expect(actionFor('tags', 'n')).toBe('tag.new');
    expect(actionFor('tags', 'd')).toBe('tag.delete');
    expect(actionFor('tags', '/')).toBe('pick.filter');
    expect(actionFor('tags', '?')).toBe('help');
    expect(actionFor('tags', 'q')).toBeUndefined();
    expect(hintsFor('tags').map((h) => `${h.key} ${h.label}`)).toEqual([
      'j/k choose', 'Enter show its cards', '/ filter', 'n new', 'd delete', 'Esc close', '? help',
    ]);
  });

  it('no key means two things in one scope', () => {
    const seen = new Map<string, string>();
    for (const b of KEYMAP) {
      for (const k of b.keys) {
        const id = `${b.scope}:${k}`;
        expect(seen.get(id) ?? b.action, id).toBe(b.action);
        seen.set(id, b.action);
      }
    }
  });

  it('help and footer name only the keys that reach a global action: in the card detail q goes back', () => {
    expect(actionFor('detail', 'q')).toBe('back');
    expect(hintsFor('detail').map((h) => `${h.key} ${h.label}`)).toContain('Ctrl+C quit');
    expect(hintsFor('detail').map((h) => `${h.key} ${h.label}`)).not.toContain('q quit');
    const quit = bindingsFor('detail').filter((b) => b.action === 'quit');
    expect(quit.map((b) => b.keys)).toEqual([['C-c']]);
    // Esc is the detail's own 'back': the global 'back / cancel' is not listed twice.
    expect(bindingsFor('detail').filter((b) => b.keys.includes('esc'))).toHaveLength(1);
    // Where nothing shadows them, the global keys stay whole.
    expect(hintsFor('board').map((h) => `${h.key} ${h.label}`)).toContain('q quit');
    expect(bindingsFor('board').find((b) => b.action === 'quit')?.keys).toEqual(['q', 'C-c']);
  });

  it('the help scrolls with keys from the table, so its own ? lists them', () => {
    expect(actionFor('help', 'j')).toBe('card.next');
    expect(actionFor('help', 'up')).toBe('card.prev');
    expect(actionFor('help', ' ')).toBe('page.down');
    expect(actionFor('help', 'pageup')).toBe('page.up');
    expect(displayKey(' ')).toBe('Space');
  });
});
