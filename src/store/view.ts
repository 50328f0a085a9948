/**
 * The view: confirmed state with the pending mutations replayed (the
 * engine's `replay`), re-derived by `update` on every change that touches
 * what it is made of. Unchanged cards and columns keep their object
 * identity, so `useStore(store, selector)` re-renders only what changed.
 */
import type { CardId } from '../api/read-model.js';
import { keep, type Card } from './card.js';
import { CardTable } from './card-table.js';
import type { ColumnInfo } from './column-info.js';
import type { CoreData, ViewState } from './core.js';
import { fixCursor } from './cursor.js';
import { Draft, type CardsState } from './draft.js';
import { replay } from './mutation-engine.js';
import type { Mutation } from './mutation-kinds.js';

export const EMPTY_VIEW: ViewState = { cards: CardTable.EMPTY, columns: {} };
const NO_CARDS: readonly Card[] = [];

/**
 * The store's `update`: applies a patch; when it touches confirmed, pending,
 * the columns or the board, the view is derived again, and the cursor is
 * kept valid either way.
 */
export function makeUpdate<S extends CoreData>(get: () => S, set: (patch: Partial<S>) => void) {
  return (patch: Partial<S>): void => {
    const s = get();
    const next = { ...s, ...patch };
    const derived: Partial<CoreData> = {};
    if (
      patch.confirmed ||
      patch.pending ||
      patch.columns ||
      patch.boardId !== undefined ||
      patch.sortByWaiting !== undefined
    ) {
      derived.view = deriveView(s.view, next.confirmed, next.pending, next.boardId, next.columns, next.sortByWaiting);
      derived.pendingCount = next.pending.length;
      derived.checkingCount = next.pending.filter((m) => m.checking === true).length;
    }
    derived.cursor = fixCursor(patch.cursor ?? s.cursor, next.columns, derived.view ?? s.view);
    set({ ...patch, ...derived });
  };
}

export function deriveView(
  prev: ViewState,
  confirmed: CardsState,
  pending: readonly Mutation[],
  boardId: number | null,
  columns: readonly ColumnInfo[],
  sortByWaiting = false,
): ViewState {
  const d = new Draft(confirmed);
  // Mutations made on another board (still in flight after a switch) don't show here.
  const touched = replay(
    d,
    pending.filter((m) => m.boardId === boardId),
  );
  const checking = new Set<CardId>();
  for (const m of pending) if (m.checking === true && 'cardId' in m) checking.add(m.cardId);
  for (const id of touched) {
    const card = d.get(id);
    if (card === undefined) continue;
    const marked: Card = checking.has(id) ? { ...card, pending: true, checking: true } : { ...card, pending: true };
    d.put(keep(prev.cards.get(id), marked));
  }
  const { cards, order } = d.result();

  const team = prev.teamOrder ?? prev.columns;
  const out: Record<string, readonly Card[]> = {};
  const shown: Record<string, readonly Card[]> = {};
  let changed = cards !== prev.cards || sortByWaiting !== (prev.teamOrder !== undefined);
  for (const col of columns) {
    const ids = order[col.label] ?? [];
    const before = team[col.label];
    const list = sameCards(before, ids, cards) ? (before as readonly Card[]) : collect(ids, cards);
    if (list !== before) changed = true;
    out[col.label] = list;
    if (sortByWaiting)
      // A column whose cards are as they were keeps its sorted list (and its identity).
      shown[col.label] =
        list === before && prev.teamOrder !== undefined ? (prev.columns[col.label] ?? NO_CARDS) : longestWaiting(list);
  }
  if (!changed && Object.keys(team).length === columns.length) return prev;
  return sortByWaiting ? { cards, columns: shown, teamOrder: out } : { cards, columns: out };
}

/**
 * A column longest waiting first: by `waitingSince`, oldest first; cards
 * nobody waits on after them, in the team's order (the sort is stable).
 */
export function longestWaiting(list: readonly Card[]): readonly Card[] {
  const since = (c: Card): number => {
    const t = c.waitingSince == null ? NaN : Date.parse(c.waitingSince);
    return Number.isNaN(t) ? Infinity : t;
  };
  const keyed = list.map((card, i) => ({ card, i, at: since(card) }));
  keyed.sort((a, b) => (a.at === b.at ? a.i - b.i : a.at < b.at ? -1 : 1));
  return keyed.every((k, i) => k.i === i) ? list : keyed.map((k) => k.card);
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
