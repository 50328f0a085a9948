/**
 * Narrow selectors for `useStore(store, selector)`. Each returns a value
 * that keeps its identity while the thing it names is unchanged (the view
 * preserves card and column identity), so components re-render only for
 * their own data. Selectors returning a fresh object are marked: wrap those
 * in `useShallow`.
 */
import type { CardId, Tag } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';
import type { Card } from './card.js';
import type { ColumnInfo } from './column-info.js';
import type { Cursor } from './core.js';
import type { Paging } from './paging.js';
import type { BoardState } from './types.js';

const NO_CARDS: readonly Card[] = [];
const NO_PAGING: Paging = { pages: 0, hasMore: false, loading: false, error: null };

export const selectColumns = (s: BoardState): readonly ColumnInfo[] => s.columns;
export const selectCursor = (s: BoardState): Cursor => s.cursor;

/** Cards of one column, in view order. */
export const selectColumnCards =
  (label: string) =>
  (s: BoardState): readonly Card[] =>
    s.view.columns[label] ?? NO_CARDS;

export const selectCard =
  (id: CardId) =>
  (s: BoardState): Card | undefined =>
    s.view.cards.get(id);

export const selectFocusedColumn = (s: BoardState): ColumnInfo | undefined => s.columns[s.cursor.col];

export const selectFocusedCard = (s: BoardState): Card | undefined =>
  s.cursor.cardId === null ? undefined : s.view.cards.get(s.cursor.cardId);

export const selectPaging =
  (label: string) =>
  (s: BoardState): Paging =>
    s.paging[label] ?? NO_PAGING;

/** True when the cursor is within `threshold` cards of a column's loaded end and more may follow. */
export function shouldLoadMore(s: BoardState, threshold = 5): string | null {
  const col = s.columns[s.cursor.col];
  if (col === undefined) return null;
  const p = s.paging[col.label];
  const loaded = s.view.columns[col.label]?.length ?? 0;
  if (p === undefined || !p.hasMore || p.loading || p.pages === 0) return null;
  return s.cursor.index >= loaded - threshold ? col.label : null;
}

/** For the status bar. Fresh object: use with `useShallow`. */
export const selectStatus = (s: BoardState) => ({
  pending: s.pendingCount,
  checking: s.checkingCount,
  /** Failures not yet put behind the user (see clearError). */
  failed: s.failedCount - s.failedSeen,
  error: s.lastError,
  tagsFailed: s.tagsError !== null,
  selected: s.selected.size,
  backoff: s.backoff,
  loading: s.boardLoading,
  stuckMail: s.stuckMail,
});

/** Name of the open board, sanitised. */
export const selectBoardName = (s: BoardState): string | null => {
  const b = s.boards.items.find((x) => x.Id === s.boardId);
  return b === undefined ? null : sanitize(b.Name);
};

export const selectTags = (s: BoardState): readonly Tag[] => s.tags;

export const isChanged =
  (id: CardId) =>
  (s: BoardState): boolean =>
    s.markedChanged.has(id);
