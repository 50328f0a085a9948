/**
 * The `?` help fits the terminal it is drawn in: at 100×24 (the test
 * terminal) the board's keys are more than a screen, so the help scrolls
 * with j/k behind a marker instead of wrapping its lines into each other or
 * growing past the terminal's height (which makes Ink redraw everything).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cellWidth } from '../../src/text/width.js';
import { helpLines, helpPage } from '../../src/ui/Help.js';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

describe('help page layout', () => {
  it('shows every line side by side when they fit, and a window when they do not', () => {
    const lines = helpLines('board');
    const wide = helpPage(lines, 200, 100, 0);
    expect(wide.columns.flat()).toHaveLength(lines.length);
    expect(wide.above + wide.below).toBe(0);
    for (const [width, height] of [
      [80, 21],
      [70, 17],
      [120, 32],
    ] as const) {
      const page = helpPage(lines, width, height, 0);
      // Title and marker lines included, never taller or wider than given.
      expect(Math.max(...page.columns.map((c) => c.length)) + 2).toBeLessThanOrEqual(height);
      expect(page.columns.length * page.columnWidth + (page.columns.length - 1) * 3).toBeLessThanOrEqual(width);
      expect(page.below).toBeGreaterThan(0);
      const end = helpPage(lines, width, height, 10_000);
      expect(end.below).toBe(0);
      expect(end.columns.flat().at(-1)?.text).toContain('quit');
    }
  });
});

describe('? at 100×24', () => {
  it('stays within the screen, scrolls with j to the last key, and closes with Esc', async () => {
    ui = await startUi();
    await ui.press('?');
    const first = await ui.waitFor('Keys of the board — press ? or Esc to close');
    const lines = first.split('\n');
    // One line short of the terminal (24 rows), the title on top.
    expect(lines.length).toBeLessThanOrEqual(23);
    expect(lines[0]).toContain('Keys of the board');
    for (const l of lines) expect(cellWidth(l)).toBeLessThanOrEqual(100);
    // Every shown binding sits on one line, keys then words.
    expect(first).toMatch(/ ← \/ h {2,}previous column/);
    expect(first).toMatch(/↓ \d+ more — j\/k scroll/);
    expect(first).not.toContain('email sequences');
    for (let i = 0; i < 80; i++) await ui.press('j');
    const last = await ui.waitFor(/q \/ Ctrl\+C {2,}quit/);
    expect(last).toMatch(/ S {2,}email sequences/);
    expect(last).toMatch(/↑ \d+ more — j\/k scroll/);
    expect(last.split('\n').length).toBeLessThanOrEqual(23);
    expect(statusLine(last).trim()).toBe('Esc/? close');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('Keys of the board') && f.includes('In progress ('));
  });
});
