/**
 * Whether the preview pane (the focused card's detail beside the board)
 * shows: by itself when the board beside it stays readable — every column it
 * shows keeps READABLE_TITLE_CELLS (20) cells of title (layout.ts
 * readableBoard) — until `p` says otherwise; `p` shows it at any width, and
 * hides it where it opened by itself.
 */
import { useCallback, useRef, useState } from 'react';
import { readableBoard } from '../layout.js';
import { useBoard } from '../store-context.js';
/** The pane's share of the terminal, and its least width in cells. */
const SHARE = 0.4;
const MIN_PANE = 50;
/** What the board keeps at least: one readable column (layout.ts MIN_COLUMN_WIDTH). */
const MIN_BOARD = 24;

/** The pane's width on a terminal `width` cells wide: ~40%, at least 50, leaving the board one column. */
export function previewWidth(width: number): number {
  return Math.max(0, Math.min(Math.max(MIN_PANE, Math.round(width * SHARE)), width - MIN_BOARD));
}

/** Whether the pane opens by itself on a terminal `width` cells wide, beside a board of `columns` columns. */
export function previewByItself(width: number, columns: number): boolean {
  const pane = previewWidth(width);
  return pane > 0 && readableBoard(columns, width - pane);
}

export function usePreview(width: number): { shown: boolean; toggle: () => void } {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const columns = useBoard((s) => s.columns.length);
  const auto = previewByItself(width, columns);
  // Read by the key handler: `p p` in one read toggles twice.
  const latest = useRef({ chosen, auto });
  latest.current.auto = auto;
  const toggle = useCallback(() => {
    const l = latest.current;
    l.chosen = !(l.chosen ?? l.auto);
    setChosen(l.chosen);
  }, []);
  return { shown: (chosen ?? auto) && previewWidth(width) > 0, toggle };
}
