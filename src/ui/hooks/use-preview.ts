/**
 * Whether the preview pane (the focused card's detail beside the board)
 * shows: on terminals wide enough for both, until `p` says otherwise — `p`
 * shows it at any width, and hides it on a wide terminal.
 */
import { useCallback, useRef, useState } from 'react';

/** From this many columns the pane shows without asking. */
export const PREVIEW_AUTO_WIDTH = 200;
/** The pane's share of the terminal, and its least width in cells. */
const SHARE = 0.4;
const MIN_PANE = 50;
/** What the board keeps at least: one readable column (layout.ts MIN_COLUMN_WIDTH). */
const MIN_BOARD = 24;

/** The pane's width on a terminal `width` cells wide: ~40%, at least 50, leaving the board one column. */
export function previewWidth(width: number): number {
  return Math.max(0, Math.min(Math.max(MIN_PANE, Math.round(width * SHARE)), width - MIN_BOARD));
}

export function usePreview(width: number): { shown: boolean; toggle: () => void } {
  const [chosen, setChosen] = useState<boolean | null>(null);
  // Read by the key handler: `p p` in one read toggles twice.
  const latest = useRef({ chosen, width });
  latest.current.width = width;
  const toggle = useCallback(() => {
    const l = latest.current;
    l.chosen = !(l.chosen ?? l.width >= PREVIEW_AUTO_WIDTH);
    setChosen(l.chosen);
  }, []);
  return { shown: (chosen ?? width >= PREVIEW_AUTO_WIDTH) && previewWidth(width) > 0, toggle };
}
