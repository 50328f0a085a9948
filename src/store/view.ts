/**
 * The view: confirmed state with pending mutations replayed. Recomputed on
 * every change, but unchanged cards and columns keep their object identity
 * so `useStore(store, selector)` re-renders only what actually changed.
 */
import type { CardId } from '../api/tolerant.js';
import { CardTable } from './card-table.js';
import { Draft, keep } from './draft.js';
import { replay } from './mutations.js';
import type { Card, CardsState, ColumnInfo, Mutation, ViewState } from './types.js';

export const EMPTY_VIEW: ViewState = { cards: CardTable.EMPTY, columns: {} };
const NO_CARDS: readonly Card[] = [];

export function deriveView(
  prev: ViewState,
  confirmed: CardsState,
  pending: readonly Mutation[],
  boardId: number | null,
  columns: readonly ColumnInfo[],
): ViewState {
  const d = new Draft(confirmed);
  // Mutations made on another board (still in flight after a switch) don't show here.
  const touched = replay(d, pending.filter((m) => m.boardId === boardId));
  for (const id of touched) {
    const card = d.get(id);
    if (card !== undefined) d.put(keep(prev.cards.get(id), card.pending ? card : { ...card, pending: true }));
  }
  const { cards, order } = d.result();

  const out: Record<string, readonly Card[]> = {};
  let changed = cards !== prev.cards;
  for (const col of columns) {
    const ids = order[col.label] ?? [];
    const before = prev.columns[col.label];
    const list = sameCards(before, ids, cards) ? (before as readonly Card[]) : collect(ids, cards);
    if (list !== before) changed = true;
    out[col.label] = list;
  }
  if (!changed && Object.keys(prev.columns).length === columns.length) return prev;
  return { cards, columns: out };
}

function sameCards(before: readonly Card[] | undefined, ids: readonly CardId[], cards: CardTable): boolean {
  if (before === undefined || before.length !== ids.length) return false;
  for (let i = 0; i < ids.length; i++) if (before[i] !== cards.get(ids[i] as CardId)) return false;
  return true;
}

function collect(ids: readonly CardId[], cards: CardTable): readonly Card[] {
  if (ids.length === 0) return NO_CARDS;
  const list: Card[] = [];
  for (const id of ids) {
    const card = cards.get(id);
    if (card !== undefined) list.push(card);
  }
  return list;
}
