/**
 * Which cards the keys act on: the cursor (a column index and the focused
 * card) and the selection (cards picked with `v`). The cursor is kept valid
 * after every change (view.ts, update): it follows its card (a move, a
 * refresh that finds it elsewhere) and, when the card is gone, lands on the
 * card now at the same index.
 */
import type { CardId } from '../api/read-model.js';
import type { Card } from './card.js';
import type { ColumnInfo } from './column-info.js';
import type { Core, CoreData, Cursor, ViewState } from './core.js';

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

export interface SelectionData {
  /** Cards picked with `v` for a move or archive of them all; reset when another board opens. */
  selected: ReadonlySet<CardId>;
}

export interface CursorActions {
  focusColumn(delta: number): void;
  focusCard(delta: number): void;
  focusFirst(): void;
  focusLast(): void;
  focusCardId(cardId: CardId): void;
  /** Adds the card to the selection, or takes it out. */
  toggleSelected(cardId: CardId): void;
  clearSelected(): void;
}

export function makeCursorActions(core: Core<CoreData & SelectionData>): CursorActions {
  const move = (col: number, index: number): void => {
    const s = core.get();
    core.update({ cursor: at(s.columns, s.view, col, index) });
  };
  return {
    focusColumn(delta) {
      const { cursor } = core.get();
      move(cursor.col + delta, cursor.index);
    },
    focusCard(delta) {
      const { cursor } = core.get();
      move(cursor.col, cursor.index + delta);
    },
    focusFirst: () => move(core.get().cursor.col, 0),
    focusLast: () => move(core.get().cursor.col, Number.MAX_SAFE_INTEGER),
    focusCardId(cardId) {
      if (core.get().view.cards.get(cardId) !== undefined) core.update({ cursor: { ...core.get().cursor, cardId } });
    },
    toggleSelected(cardId) {
      const next = new Set(core.get().selected);
      if (!next.delete(cardId)) next.add(cardId);
      core.set({ selected: next });
    },
    clearSelected: () => {
      if (core.get().selected.size > 0) core.set({ selected: new Set() });
    },
  };
}
