/**
 * Pure layout arithmetic: which columns fit side by side and which window of
 * cards a column shows. Kept out of components so it is cheap and testable.
 */

export const MIN_COLUMN_WIDTH = 24;
export const MAX_COLUMN_WIDTH = 48;

export interface ColumnWindow {
  /** First visible column index. */
  start: number;
  /** One past the last visible column index. */
  end: number;
  /** Width of each visible column in cells. */
  width: number;
}

/**
 * As many columns as fit at a readable width, scrolled so the focused one is
 * visible; keeps the previous start when the focus is still inside it so the
 * view doesn't jump on every key.
 */
export function columnWindow(total: number, focus: number, termWidth: number, prevStart = 0): ColumnWindow {
  if (total <= 0) return { start: 0, end: 0, width: termWidth };
  const fit = Math.max(1, Math.min(total, Math.floor(termWidth / MIN_COLUMN_WIDTH)));
  const width = Math.min(MAX_COLUMN_WIDTH, Math.floor(termWidth / fit));
  let start = Math.min(Math.max(0, prevStart), total - fit);
  if (focus < start) start = focus;
  if (focus >= start + fit) start = focus - fit + 1;
  return { start, end: start + fit, width };
}

/**
 * The cells a card row keeps for its title at least in a column `width`
 * cells wide: the column's gap (1) and the row's marks (3) aside, 60% of the
 * rest (CardRow gives the other 40% to the tag, initials and due date).
 */
export function titleCells(width: number): number {
  return Math.max(0, Math.ceil((width - 1 - 3) * 0.6));
}

/** Title cells every column keeps for the board to count as readable (the preview opens by itself only then). */
export const READABLE_TITLE_CELLS = 20;

/** Whether a board of `total` columns `width` cells wide keeps READABLE_TITLE_CELLS in every column it shows. */
export function readableBoard(total: number, width: number): boolean {
  if (total <= 0) return false;
  return titleCells(columnWindow(total, 0, width).width) >= READABLE_TITLE_CELLS;
}

export interface CardWindow {
  /** Index of the first visible card. */
  offset: number;
  /** How many cards are shown. */
  count: number;
  /** Cards hidden above / below the window. */
  above: number;
  below: number;
}

/**
 * The window of `rows` card rows that keeps `cursor` visible, moving as little
 * as possible from `prevOffset`. One row each is given up to the "n more"
 * markers when cards are hidden on that side.
 */
export function cardWindow(total: number, cursor: number, rows: number, prevOffset = 0): CardWindow {
  const capacity = Math.max(1, rows);
  if (total <= capacity) return { offset: 0, count: total, above: 0, below: 0 };
  // Markers take a row each, so the window of cards is smaller than `rows`.
  const inner = Math.max(1, capacity - 2);
  let offset = Math.min(Math.max(0, prevOffset), total - inner);
  const c = Math.min(Math.max(0, cursor), total - 1);
  if (c < offset) offset = c;
  if (c >= offset + inner) offset = c - inner + 1;
  return { offset, count: inner, above: offset, below: total - offset - inner };
}
