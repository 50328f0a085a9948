/**
 * The cursor: a column index and the focused card. Kept valid after every
 * change: it follows its card (a move, a refresh that finds it elsewhere)
 * and, when the card is gone, lands on the card now at the same index.
 */
import type { Card, ColumnInfo, Cursor, ViewState } from './types.js';

export const START_CURSOR: Cursor = { col: 0, cardId: null, index: 0 };

const clamp = (n: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, n));

function same(a: Cursor, b: Cursor): boolean {
  return a.col === b.col && a.cardId === b.cardId && a.index === b.index;
}

/** The cursor at `index` of column `col`, both clamped. */
export function at(columns: readonly ColumnInfo[], view: ViewState, col: number, index: number): Cursor {
  if (columns.length === 0) return START_CURSOR;
  const c = clamp(col, 0, columns.length - 1);
  const list = view.columns[(columns[c] as ColumnInfo).label] ?? [];
  if (list.length === 0) return { col: c, cardId: null, index: 0 };
  const i = clamp(index, 0, list.length - 1);
  return { col: c, cardId: (list[i] as Card).id, index: i };
}

/** `cur` made valid for `view`; the same object when it already is. */
export function fixCursor(cur: Cursor, columns: readonly ColumnInfo[], view: ViewState): Cursor {
  let next: Cursor | undefined;
  const card = cur.cardId === null ? undefined : view.cards.get(cur.cardId);
  if (card !== undefined) {
    // Fast path for a keypress: the card is still where the cursor says.
    const here = columns[cur.col]?.label === card.columnLabel ? cur.col : -1;
    const col = here >= 0 ? here : columns.findIndex((c) => c.label === card.columnLabel);
    const list = col >= 0 ? view.columns[card.columnLabel] : undefined;
    const index = list === undefined ? -1 : list[cur.index] === card ? cur.index : list.indexOf(card);
    if (index >= 0) next = { col, cardId: card.id, index };
  }
  next ??= at(columns, view, cur.col, cur.index);
  return same(cur, next) ? cur : next;
}
