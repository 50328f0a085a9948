/**
 * Copy-on-write edits of a CardsState. Replaying pending mutations and
 * folding answers both go through a Draft, which copies a map or an order
 * array only the first time it is written: everything untouched keeps its
 * identity, so selectors on unchanged columns and cards stay stable.
 */
import type { CardId } from '../api/read-model.js';
import type { Card } from './card.js';
import { CardTable, type CardTableEditor } from './card-table.js';

/** Cards by id and their order per column label: what `confirmed` holds. */
export interface CardsState {
  readonly cards: CardTable;
  readonly order: Readonly<Record<string, readonly CardId[]>>;
}

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
