/**
 * What every slice of the store shares (types only): the card model the view
 * is made of, and the handle a slice reads and changes the store through.
 *
 * A slice asks for `Core<S>` with S the parts of the state it uses, so its
 * types name only what it touches and no slice needs the whole BoardState
 * (types.ts composes that from the slices' own types, with no cycle back).
 */
import type { CardId } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import type { Card } from './card.js';
import type { CardTable } from './card-table.js';
import type { ColumnInfo } from './column-info.js';
import type { CardsState } from './draft.js';
import type { FoldLog } from './fold-log.js';
import type { Mutation } from './mutation-kinds.js';
import type { KeyedQueue } from './queue.js';

/** What the screen renders: per column label, its cards in order. */
export interface ViewState {
  readonly cards: CardTable;
  /** Arrays keep their identity while their cards do: safe for selectors. */
  readonly columns: Readonly<Record<string, readonly Card[]>>;
  /**
   * While the board is sorted by waiting (`CoreData.sortByWaiting`), each
   * column in the team's order, which `columns` then isn't: what a position
   * is taken from (undo puts a card back at its place in it). Absent when
   * `columns` is the team's order.
   */
  readonly teamOrder?: Readonly<Record<string, readonly Card[]>>;
}

export interface Cursor {
  /** Index into `columns`. */
  readonly col: number;
  /** The focused card, or null when the column is empty. */
  readonly cardId: CardId | null;
  /** Its index in the column; kept so focus lands nearby when the card goes. */
  readonly index: number;
}

/**
 * The card model: `confirmed` is what the server last said, `pending` the
 * mutations not yet settled, `view` confirmed with pending replayed — the
 * only cards the screen reads (docs/architecture.md, "The mutation protocol").
 */
export interface CoreData {
  boardId: number | null;
  columns: readonly ColumnInfo[];
  confirmed: CardsState;
  pending: readonly Mutation[];
  view: ViewState;
  pendingCount: number;
  /** Pending changes whose answer never came, being checked on the server (outcome.ts). */
  checkingCount: number;
  cursor: Cursor;
  /**
   * The columns are shown longest waiting first (`o`): a view only, the
   * team's order in `confirmed` stays as it is. Reset when a board opens.
   */
  sortByWaiting: boolean;
}

export interface Core<S> {
  readonly client: Client;
  readonly pageSize: number;
  readonly concurrency: number;
  /** Where mutations wait: one at a time per card, different cards in parallel. */
  readonly queue: KeyedQueue;
  readonly folds: FoldLog;
  /** Bumped by openBoard: answers for an older generation are dropped. */
  generation: number;
  get(): S;
  /** Applies `patch` as is (fields the view and the cursor do not depend on). */
  set(patch: Partial<S>): void;
  /** Applies `patch`, then re-derives the view and re-validates the cursor (view.ts). */
  update(patch: Partial<S>): void;
  /** Records a load's failure for the status bar (not counted as a failed change); returns its text. */
  fail(e: unknown): string;
}
