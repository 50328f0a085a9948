/**
 * The footer at narrow widths: the hints that don't fit give way, but
 * `? help` and the way out always show (a 70-column terminal used to cut
 * the line at "/ filte…", hiding both).
 */
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { cellWidth } from '../../src/text/width.js';
import { actionFor, hintsFor, type Hint } from '../../src/ui/keymap.js';
import { StatusBar, footerHints } from '../../src/ui/StatusBar.js';

const bar = (width: number, hints: Hint[]) =>
  render(
    createElement(StatusBar, {
      width,
      board: 'Support Inbox',
      backend: 'embedded',
      pending: 0,
      failed: 0,
      error: null,
      waitSeconds: null,
      notice: null,
      hints,
    }),
  );

describe('footer hints', () => {
  it('keep ? help and q quit at 70 and 50 columns, dropping others from the right', () => {
    for (const width of [70, 50]) {
      const app = bar(width, hintsFor('board'));
      const line = (app.lastFrame() ?? '').split('\n').pop() ?? '';
      app.unmount();
      expect(line.trimEnd()).toMatch(/^hjkl walk .*… {2}\? help {2}q quit$/);
      expect(cellWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('the card detail keeps ? help and Ctrl+C quit', () => {
    const text = footerHints(hintsFor('detail'), 45);
    expect(text.endsWith('? help  Ctrl+C quit')).toBe(true);
    expect(cellWidth(text)).toBeLessThanOrEqual(45);
  });

  it('w reply is hinted where a card is read whole (the detail, triage), not on the board; r refreshes on all', () => {
    const reply = (scope: 'detail' | 'triage' | 'board') =>
      hintsFor(scope).filter((h) => h.key === 'w' && h.label === 'reply');
    expect(reply('detail')).toEqual([{ key: 'w', label: 'reply', action: 'card.reply' }]);
    expect(reply('triage')).toEqual([{ key: 'w', label: 'reply', action: 'card.reply' }]);
    expect(reply('board')).toEqual([]);
    expect(footerHints(hintsFor('detail'), 100)).toContain('c comment  w reply');
    expect(footerHints(hintsFor('triage'), 100)).toContain('a archive  w reply');
    expect(actionFor('detail', 'r')).toBe('view.refresh');
    expect(actionFor('triage', 'r')).toBe('view.refresh');
    expect(actionFor('board', 'r')).toBe('board.refresh');
  });

  it('all hints, unchanged, when they fit', () => {
    const all = hintsFor('board')
      .map((h) => `${h.key} ${h.label}`)
      .join('  ');
    expect(footerHints(hintsFor('board'), 120)).toBe(all);
    expect(footerHints(hintsFor('prompt'), 10)).toBe('Enter save');
  });
});
