/**
 * `m`: this board's columns first (most moves stay on the board; the
 * card's own column is marked), or "Another board…" for the board list;
 * then top or bottom → store.moveCard (optimistic). With cards selected
 * (`v`), the same for all of them, in their order on the board.
 */
import type { CardId } from '../../api/tolerant.js';
import { sanitize } from '../../text/sanitize.js';
import type { ColumnInfo } from '../../store/index.js';
import { showPicker, why, type Flow } from './flow.js';

/** Past the end of any column: the server puts the card last. */
export const BOTTOM = 1_000_000;

const OTHER_BOARD = '\0other-board';

export function moveTo(f: Flow, cardIds: readonly CardId[], after?: () => void): void {
  const s = f.store.getState();
  if (s.boardId === null || cardIds.length === 0) return;
  pickColumn(f, cardIds, s.boardId, after);
}

/** "Move", or "Move 3 cards" for a selection. */
const moving = (cardIds: readonly CardId[]): string => (cardIds.length === 1 ? 'Move' : `Move ${cardIds.length} cards`);

function pickBoard(f: Flow, cardIds: readonly CardId[], after?: () => void): void {
  // The boards list may still be loading: the picker waits for it.
  const key = showPicker(f, (s) => s.boards.loading, () => {
    const s = f.store.getState();
    const boards = s.boards.items.filter((b) => b.Id !== s.boardId);
    return {
      kind: 'pick',
      title: `${moving(cardIds)} to board`,
      items: boards.map((b) => ({ value: String(b.Id), label: sanitize(b.Name) })),
      status: boards.length === 0 ? { text: 'There is no other board.' } : null,
      onCancel: () => f.overlays.close(key),
      onPick: (value) => pickColumn(f, cardIds, Number(value), after),
    };
  });
}

/**
 * Another board's columns are fetched: the column picker shows at once,
 * loading, and keys typed meanwhile wait for the columns (see Picker).
 */
function pickColumn(f: Flow, cardIds: readonly CardId[], boardId: number, after?: () => void): void {
  const s = f.store.getState();
  const here = boardId === s.boardId;
  let columns: readonly ColumnInfo[] = here ? s.columns : [];
  const from = here && cardIds.length === 1 ? s.view.cards.get(cardIds[0]!)?.columnLabel : undefined;
  const loaded = (list: readonly ColumnInfo[]) => ({
    items: [
      ...list.map((c) => ({ value: c.label, label: `${c.displayName}${c.label === from ? '  (here)' : ''}` })),
      ...(here ? [{ value: OTHER_BOARD, label: 'Another board…', dim: true, action: true }] : []),
    ],
    status: list.length === 0 ? { text: here ? 'This board has no columns.' : 'That board has no columns.' } : null,
  });
  const key = f.overlays.show({
    kind: 'pick',
    title: `${moving(cardIds)} to column${here ? '' : ` on ${sanitize(s.boards.items.find((b) => b.Id === boardId)?.Name ?? String(boardId))}`}`,
    ...(here ? loaded(columns) : { items: [], loading: true, status: { text: 'loading columns…' } }),
    onCancel: () => f.overlays.close(key),
    onPick: (label) => {
      if (label === OTHER_BOARD) return pickBoard(f, cardIds, after);
      pickPosition(f, cardIds, label, columns, here ? undefined : boardId, after);
    },
  });
  if (here) return;
  f.store.getState().loadColumnsOf(boardId).then(
    (list) => {
      columns = list;
      f.overlays.update(key, { ...loaded(list), loading: false });
    },
    (e: unknown) => f.overlays.update(key, { loading: false, status: { text: why(e), error: true } }),
  );
}

function pickPosition(f: Flow, cardIds: readonly CardId[], label: string, columns: readonly ColumnInfo[], otherBoard: number | undefined, after?: () => void): void {
  const name = columns.find((c) => c.label === label)?.displayName ?? label;
  const pos = f.overlays.show({
    kind: 'pick',
    title: `${moving(cardIds)} to ${name} — where?`,
    items: [
      { value: 'top', label: 'Top' },
      { value: 'bottom', label: 'Bottom' },
    ],
    onCancel: () => f.overlays.close(pos),
    onPick: (where) => {
      f.overlays.close(pos);
      if (otherBoard !== undefined) after?.();
      const store = f.store.getState();
      // Selected cards land together, in their order on the board.
      const moves = cardIds.map((id, i) => store.moveCard(id, label, where === 'top' ? i : BOTTOM, otherBoard));
      if (cardIds.length > 1) store.clearSelected();
      Promise.all(moves).then(
        () => f.notify(cardIds.length === 1 ? `Moved to ${name}` : `Moved ${cardIds.length} cards to ${name}`),
        () => undefined, // a refused card is back in place; the status bar has the server's words
      );
    },
  });
}
