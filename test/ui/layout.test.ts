import { describe, expect, it } from 'vitest';
import { previewByItself } from '../../src/ui/hooks/use-preview.js';
import { cardWindow, columnWindow, MIN_COLUMN_WIDTH, READABLE_TITLE_CELLS } from '../../src/ui/layout.js';

describe('columnWindow', () => {
  it('shows every column when they fit', () => {
    expect(columnWindow(4, 0, 200)).toEqual({ start: 0, end: 4, width: 48 });
  });
  it('shows as many as fit at the minimum width and follows the focus', () => {
    const w = columnWindow(8, 6, MIN_COLUMN_WIDTH * 3 + 5);
    expect(w.end - w.start).toBe(3);
    expect(w.start).toBeLessThanOrEqual(6);
    expect(w.end).toBeGreaterThan(6);
    expect(w.width).toBeGreaterThanOrEqual(MIN_COLUMN_WIDTH);
  });
  it('keeps the previous start while the focus stays inside', () => {
    expect(columnWindow(8, 3, MIN_COLUMN_WIDTH * 3, 2).start).toBe(2);
    expect(columnWindow(8, 1, MIN_COLUMN_WIDTH * 3, 2).start).toBe(1);
  });
  it('shows one column on a very narrow terminal', () => {
    expect(columnWindow(5, 4, 10)).toMatchObject({ start: 4, end: 5 });
  });
});

describe('cardWindow', () => {
  it('shows all cards with no markers when they fit', () => {
    expect(cardWindow(3, 2, 10)).toEqual({ offset: 0, count: 3, above: 0, below: 0 });
  });
  it('keeps the cursor inside the window and counts what is hidden', () => {
    const w = cardWindow(100, 50, 10, 0);
    expect(w.offset).toBeLessThanOrEqual(50);
    expect(w.offset + w.count).toBeGreaterThan(50);
    expect(w.above + w.count + w.below).toBe(100);
  });
  it('scrolls minimally from the previous offset', () => {
    expect(cardWindow(100, 12, 10, 5).offset).toBe(5);
    expect(cardWindow(100, 13, 10, 5).offset).toBe(6);
  });
  it('reaches the last card', () => {
    const w = cardWindow(10_000, 9_999, 20, 0);
    expect(w.offset + w.count).toBe(10_000);
    expect(w.below).toBe(0);
  });
});

describe('the preview pane by itself', () => {
  it('the rule: by itself only where every column beside it keeps 20 title cells', () => {
    expect(READABLE_TITLE_CELLS).toBe(20);
    // Four columns (the demo's boards): from 240 terminal columns.
    expect(previewByItself(239, 4)).toBe(false);
    expect(previewByItself(240, 4)).toBe(true);
    expect(previewByItself(200, 4)).toBe(false);
    // Two columns: a narrower terminal will do.
    expect(previewByItself(150, 2)).toBe(true);
    expect(previewByItself(120, 2)).toBe(false);
    // No columns yet (a board still loading): not by itself, so it does not open and close again.
    expect(previewByItself(400, 0)).toBe(false);
  });
});
