/**
 * Copy-on-write edits of a CardsState. Replaying pending mutations and
 * folding answers both go through a Draft, which copies a map or an order
 * array only the first time it is written: everything untouched keeps its
 * identity, so selectors on unchanged columns and cards stay stable.
 */
import type { Card as ListedCard, CardId, CardRow } from '../api/tolerant.js';
import { isUnreadable } from '../api/tolerant.js';
import { sanitize } from '../text/sanitize.js';
import { CardTable, type CardTableEditor } from './card-table.js';
import { unreadableId } from './pending-ids.js';
import type { Card, CardsState } from './types.js';

export const EMPTY_CARDS: CardsState = { cards: CardTable.EMPTY, order: {} };

export class Draft {
  private readonly cards: CardTableEditor;
  private order: Record<string, readonly CardId[]>;
  private orderCopied = false;
  private copiedColumns = new Set<string>();

  constructor(private readonly base: CardsState) {
    this.cards = base.cards.edit();
    this.order = base.order;
  }

  get(id: CardId): Card | undefined {
    return this.cards.get(id);
  }

  column(label: string): readonly CardId[] | undefined {
    return this.order[label];
  }

  put(card: Card): void {
    if (this.cards.get(card.id) === card) return;
    this.cards.set(card);
  }

  /** Set a whole column's order (used when a page of cards arrives). */
  setColumn(label: string, ids: readonly CardId[]): void {
    this.writableOrder();
    this.order[label] = ids;
    this.copiedColumns.add(label);
  }

  /** Removes the card from its column; returns the index it had, or -1. */
  detach(id: CardId): number {
    const card = this.cards.get(id);
    if (card === undefined) return -1;
    const ids = this.order[card.columnLabel];
    const at = ids === undefined ? -1 : ids.indexOf(id);
    if (at >= 0) this.editColumn(card.columnLabel).splice(at, 1);
    return at;
  }

  /** Places the card (already `put` with its new columnLabel) at `index`, clamped. */
  attach(id: CardId, label: string, index: number): void {
    const ids = this.editColumn(label);
    const at = Math.max(0, Math.min(index, ids.length));
    ids.splice(at, 0, id);
  }

  remove(id: CardId): void {
    if (this.cards.get(id) === undefined) return;
    this.detach(id);
    this.cards.delete(id);
  }

  result(): CardsState {
    const cards = this.cards.result();
    if (cards === this.base.cards && !this.orderCopied) return this.base;
    return { cards, order: this.order };
  }

  private writableOrder(): void {
    if (!this.orderCopied) {
      this.order = { ...this.order };
      this.orderCopied = true;
    }
  }

  private editColumn(label: string): CardId[] {
    this.writableOrder();
    if (!this.copiedColumns.has(label)) {
      this.order[label] = [...(this.order[label] ?? [])];
      this.copiedColumns.add(label);
    }
    return this.order[label] as CardId[];
  }
}

/**
 * A listed row as the store keeps it, in the column it was listed under
 * (`columnLabel`): the label a card carries is not trusted to name a column.
 * A row the client could not read becomes a card that says so.
 */
export function cardFromWire(row: CardRow, columnLabel: string, boardId: number, position: string): Card {
  if (isUnreadable(row)) {
    return {
      id: unreadableId(`${columnLabel}-${position}`, row.rawId),
      title: '',
      displayTitle: sanitize(`${row.rawId ?? '(no id)'} — unreadable: ${row.unreadable}`),
      columnLabel,
      boardId,
      unread: false,
      assignees: null,
      tagIds: [],
      owner: '',
      createdAt: '',
      dueDate: null,
      unreadable: row.unreadable,
      pending: false,
    };
  }
  return listedCard(row, columnLabel, boardId);
}

function listedCard(w: ListedCard, columnLabel: string, boardId: number): Card {
  return {
    id: w.ServiceTaskId,
    title: w.TaskName,
    displayTitle: sanitize(w.TaskName),
    columnLabel,
    boardId: w.BoardId ?? boardId,
    unread: w.ReadUnreadStatus === 0,
    assignees: w.Assignees,
    tagIds: (w.Tags ?? []).map((t) => t.Id),
    owner: w.ThreadOwnerEmail,
    createdAt: w.CreatedAt ?? '',
    dueDate: w.DueDate,
    pending: false,
  };
}

const sameList = <T>(a: readonly T[] | null, b: readonly T[] | null): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

export function sameCard(a: Card, b: Card): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    a.columnLabel === b.columnLabel &&
    a.boardId === b.boardId &&
    a.unread === b.unread &&
    sameList(a.assignees, b.assignees) &&
    sameList(a.tagIds, b.tagIds) &&
    a.owner === b.owner &&
    a.createdAt === b.createdAt &&
    a.dueDate === b.dueDate &&
    a.unreadable === b.unreadable &&
    a.pending === b.pending
  );
}

/** `next` where it differs from `prev`, else `prev` (keeps identity). */
export const keep = (prev: Card | undefined, next: Card): Card =>
  prev !== undefined && sameCard(prev, next) ? prev : next;

export function withTitle(card: Card, title: string): Card {
  return { ...card, title, displayTitle: sanitize(title) };
}
