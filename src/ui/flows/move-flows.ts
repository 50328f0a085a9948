/**
 * `m`: this board's columns first (most moves stay on the board; the
 * card's own column is marked), or "Another board…" for the board list;
 * then top or bottom → store.moveCard (optimistic). With cards selected
 * (`v`), the same for all of them, in their order on the board. Esc at a
 * step goes back to the one before, what was picked there highlighted; at
 * the first, it closes.
 */
import type { CardId } from '../../api/read-model.js';
import { sanitize } from '../../text/sanitize.js';
import type { ColumnInfo } from '../../store/index.js';
import { showPicker, why, type Flow } from './flow.js';

/** Past the end of any column: the server puts the card last. */
export const BOTTOM = 1_000_000;

const OTHER_BOARD = '\0other-board';

/** One `m`: the cards moving, and what runs once they leave the detail (a move to another board). */
interface Move {
  f: Flow;
  cardIds: readonly CardId[];
  after: (() => void) | undefined;
}

export function moveTo(f: Flow, cardIds: readonly CardId[], after?: () => void): void {
  const s = f.store.getState();
  if (s.boardId === null || cardIds.length === 0) return;
  pickColumn({ f, cardIds, after }, s.boardId);
}

/** "Move", or "Move 3 cards" for a selection. */
const moving = (cardIds: readonly CardId[]): string => (cardIds.length === 1 ? 'Move' : `Move ${cardIds.length} cards`);

/** A board's name as the screen may show it (its id when the list doesn't have it). */
const boardName = (f: Flow, boardId: number): string =>
  sanitize(f.store.getState().boards.items.find((b) => b.Id === boardId)?.Name ?? String(boardId));

/** Where a picker opens: the row of `value`, else the first. */
const rowOf = (items: readonly { value: string }[], value: string | undefined): number =>
  Math.max(
    0,
    items.findIndex((i) => i.value === value),
  );

/** Another board (the second step): Esc goes back to this board's columns, "Another board…" highlighted. */
function pickBoard(m: Move, highlight?: number): void {
  const { f, cardIds } = m;
  const here = f.store.getState().boardId;
  // The boards list may still be loading: the picker waits for it.
  const key = showPicker(
    f,
    (s) => s.boards.loading,
    () => {
      const s = f.store.getState();
      const boards = s.boards.items.filter((b) => b.Id !== s.boardId);
      const items = boards.map((b) => ({ value: String(b.Id), label: sanitize(b.Name) }));
      return {
        kind: 'pick',
        title: `${moving(cardIds)} to board`,
        items,
        initialIndex: rowOf(items, highlight === undefined ? undefined : String(highlight)),
        status: boards.length === 0 ? { text: 'There is no other board.' } : null,
        onCancel: () => (here === null ? f.overlays.close(key) : pickColumn(m, here, { highlight: OTHER_BOARD })),
        onPick: (value) => pickColumn(m, Number(value)),
      };
    },
  );
}

/**
 * A board's columns: this board's first (Esc closes the flow), or another
 * board's after the board list (Esc goes back to it). Another board's
 * columns are fetched: the picker shows at once, loading, and keys typed
 * meanwhile wait for the columns (see Picker). Coming back from the
 * position, the columns are there already and the one picked is highlighted.
 */
function pickColumn(
  m: Move,
  boardId: number,
  back: { columns?: readonly ColumnInfo[]; highlight?: string } = {},
): void {
  const { f, cardIds } = m;
  const s = f.store.getState();
  const here = boardId === s.boardId;
  let columns: readonly ColumnInfo[] | undefined = here ? s.columns : back.columns;
  const from = here && cardIds.length === 1 ? s.view.cards.get(cardIds[0]!)?.columnLabel : undefined;
  const loaded = (list: readonly ColumnInfo[]) => {
    const items = [
      ...list.map((c) => ({ value: c.label, label: `${c.displayName}${c.label === from ? '  (here)' : ''}` })),
      ...(here ? [{ value: OTHER_BOARD, label: 'Another board…', dim: true, action: true }] : []),
    ];
    return {
      items,
      initialIndex: rowOf(items, back.highlight),
      status: list.length === 0 ? { text: here ? 'This board has no columns.' : 'That board has no columns.' } : null,
    };
  };
  const key = f.overlays.show({
    kind: 'pick',
    title: `${moving(cardIds)} to column${here ? '' : ` on ${boardName(f, boardId)}`}`,
    ...(columns !== undefined ? loaded(columns) : { items: [], loading: true, status: { text: 'loading columns…' } }),
    onCancel: () => (here ? f.overlays.close(key) : pickBoard(m, boardId)),
    onPick: (label) => {
      if (label === OTHER_BOARD) return pickBoard(m);
      pickPosition(m, boardId, label, columns ?? []);
    },
  });
  if (columns !== undefined) return;
  f.store
    .getState()
    .loadColumnsOf(boardId)
    .then(
      (list) => {
        columns = list;
        f.overlays.update(key, { ...loaded(list), loading: false });
      },
      (e: unknown) => f.overlays.update(key, { loading: false, status: { text: why(e), error: true } }),
    );
}

/** Top or bottom (the last step): Esc goes back to the columns, the one picked highlighted. */
function pickPosition(m: Move, boardId: number, label: string, columns: readonly ColumnInfo[]): void {
  const { f, cardIds, after } = m;
  const otherBoard = boardId === f.store.getState().boardId ? undefined : boardId;
  const name = columns.find((c) => c.label === label)?.displayName ?? label;
  // Cards that leave the board: the notice says where they went, board and column.
  const dest = otherBoard === undefined ? name : `${boardName(f, otherBoard)} / ${name}`;
  const pos = f.overlays.show({
    kind: 'pick',
    title: `${moving(cardIds)} to ${name} — where?`,
    items: [
      { value: 'top', label: 'Top' },
      { value: 'bottom', label: 'Bottom' },
    ],
    onCancel: () => pickColumn(m, boardId, { columns, highlight: label }),
    onPick: (where) => {
      f.overlays.close(pos);
      if (otherBoard !== undefined) after?.();
      const store = f.store.getState();
      // Selected cards land together, in their order on the board.
      const moves = cardIds.map((id, i) => store.moveCard(id, label, where === 'top' ? i : BOTTOM, otherBoard));
      if (cardIds.length > 1) store.clearSelected();
      Promise.all(moves).then(
        () => f.notify(cardIds.length === 1 ? `Moved to ${dest}` : `Moved ${cardIds.length} cards to ${dest}`),
        () => undefined, // a refused card is back in place; the status bar has the server's words
      );
    },
  });
}
