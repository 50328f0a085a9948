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
      { key: 'y', label: 'yes', action: 'confirm.yes' },
      { key: 'n/Esc', label: 'no', action: 'confirm.no' },
    ]);
  });

  it('what is open over a screen takes every key: no global binding applies or is hinted', () => {
    for (const scope of ['prompt', 'confirm', 'pick', 'pick-filter', 'tags', 'help', 'sequence'] as const) {
      expect(bindingsFor(scope).every((b) => b.scope === scope)).toBe(true);
      expect(actionFor(scope, 'C-c')).toBeUndefined();
    }
    expect(actionFor('pick', 'q')).toBeUndefined();
    expect(actionFor('board', 'q')).toBe('quit');
    expect(actionFor('help', 'q')).toBe('help.close');
  });

  it('a picker: j/k, 1–9, Enter, Esc and r', () => {
    expect(actionFor('pick', 'j')).toBe('list.next');
    expect(actionFor('pick', 'up')).toBe('list.prev');
    expect(actionFor('pick', '3')).toBe('list.nth');
    expect(actionFor('pick', 'enter')).toBe('list.pick');
    expect(actionFor('pick', 'esc')).toBe('list.close');
    // r retries options that failed to load; not hinted, as most pickers have none to retry.
    expect(actionFor('pick', 'r')).toBe('list.reload');
    expect(hintsFor('pick').map((h) => h.label)).toEqual(['choose', 'pick', 'filter', 'close', 'help']);
  });

  it('a picker of several (tags, assignees): the picker’s keys, Space marks, Enter applies, and the footer says so', () => {
    expect(actionFor('multi-pick', ' ')).toBe('list.mark');
    expect(actionFor('multi-pick', 'enter')).toBe('list.pick');
    expect(actionFor('multi-pick', 'j')).toBe('list.next');
    expect(actionFor('multi-pick', '3')).toBe('list.nth');
    expect(actionFor('multi-pick', '/')).toBe('list.filter');
    // It takes every key, as every picker does.
    expect(actionFor('multi-pick', 'q')).toBeUndefined();
    expect(actionFor('multi-pick', 'C-c')).toBeUndefined();
    expect(hintsFor('multi-pick').map((h) => `${h.key} ${h.label}`)).toEqual([
      'j/k choose',
      'Space mark',
      'Enter apply',
      '/ filter',
      'Esc close',
      '? help',
    ]);
  });

  it('a picker filtering (after /): ↑↓ Ctrl+P/N, Enter, Backspace, Esc; j, k, digits and r are text', () => {
    expect(actionFor('pick', '/')).toBe('list.filter');
    expect(actionFor('pick-filter', 'up')).toBe('list.prev');
    expect(actionFor('pick-filter', 'C-n')).toBe('list.next');
    expect(actionFor('pick-filter', 'enter')).toBe('list.pick');
    expect(actionFor('pick-filter', 'backspace')).toBe('filter.erase');
    expect(actionFor('pick-filter', 'esc')).toBe('filter.clear');
    for (const text of ['j', 'k', '3', 'r', 'q', '?', 'd']) expect(actionFor('pick-filter', text)).toBeUndefined();
    expect(hintsFor('pick-filter')).toEqual([
      { key: '↑/↓', label: 'choose', action: 'list.next' },
      { key: 'Enter', label: 'pick', action: 'list.pick' },
      { key: 'Esc', label: 'clear filter', action: 'filter.clear' },
    ]);
  });

  it('the board list: the pickers’ keys (/ filter included), its own n and r, and the global ? and q', () => {
    expect(actionFor('picker', 'j')).toBe('list.next');
    expect(actionFor('picker', 'up')).toBe('list.prev');
    expect(actionFor('picker', 'enter')).toBe('list.pick');
    expect(actionFor('picker', '2')).toBe('list.nth');
    expect(actionFor('picker', '/')).toBe('list.filter');
    expect(actionFor('picker', 'n')).toBe('board.new');
    expect(actionFor('picker', 'r')).toBe('list.reload');
    expect(actionFor('picker', 'esc')).toBe('list.close');
    expect(actionFor('picker', '?')).toBe('help');
    expect(actionFor('picker', 'q')).toBe('quit');
    expect(hintsFor('picker').map((h) => `${h.key} ${h.label}`)).toEqual([
      'j/k choose',
      'Enter open',
      '/ filter',
      'n new board',
      '? help',
      'q quit',
    ]);
  });

  it('? opens the help from a picker and a sequence being read; not while filtering, typing or answering y/n', () => {
    expect(actionFor('pick', '?')).toBe('help');
    expect(actionFor('sequence', '?')).toBe('help');
    expect(actionFor('picker', '?')).toBe('help');
    expect(actionFor('pick-filter', '?')).toBeUndefined();
    expect(actionFor('prompt', '?')).toBeUndefined();
    expect(actionFor('confirm', '?')).toBeUndefined();
    for (const k of ['esc', '?', 'q']) expect(actionFor('help', k)).toBe('help.close');
  });

  it('the tag manager: a picker of tags whose Enter shows the board’s cards with the tag; n new, d delete', () => {
    expect(actionFor('tags', 'enter')).toBe('list.pick');
    expect(actionFor('tags', 'n')).toBe('tag.new');
    expect(actionFor('tags', 'd')).toBe('tag.delete');
    expect(actionFor('tags', '/')).toBe('list.filter');
    expect(actionFor('tags', '?')).toBe('help');
    expect(actionFor('tags', 'q')).toBeUndefined();
    expect(hintsFor('tags').map((h) => `${h.key} ${h.label}`)).toEqual([
      'j/k choose',
      'Enter show its cards',
      '/ filter',
      'n new',
      'd delete',
      'Esc close',
      '? help',
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
    expect(actionFor('detail', 'q')).toBe('detail.back');
    expect(hintsFor('detail').map((h) => `${h.key} ${h.label}`)).toContain('Ctrl+C quit');
    expect(hintsFor('detail').map((h) => `${h.key} ${h.label}`)).not.toContain('q quit');
    const quit = bindingsFor('detail').filter((b) => b.action === 'quit');
    expect(quit.map((b) => b.keys)).toEqual([['C-c']]);
    // Esc is the detail's own way back: no global Esc is listed beside it.
    expect(bindingsFor('detail').filter((b) => b.keys.includes('esc'))).toHaveLength(1);
    // Where nothing shadows them, the global keys stay whole.
    expect(hintsFor('board').map((h) => `${h.key} ${h.label}`)).toContain('q quit');
    expect(bindingsFor('board').find((b) => b.action === 'quit')?.keys).toEqual(['q', 'C-c']);
  });

  it('the help scrolls with keys from the table, so its own ? lists them', () => {
    expect(actionFor('help', 'j')).toBe('scroll.down');
    expect(actionFor('help', 'up')).toBe('scroll.up');
    expect(actionFor('help', ' ')).toBe('scroll.pageDown');
    expect(actionFor('help', 'pageup')).toBe('scroll.pageUp');
    expect(displayKey(' ')).toBe('Space');
  });
});
