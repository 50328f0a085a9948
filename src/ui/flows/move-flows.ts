/**
 * `m`: this board's columns first (most moves stay on the board; the
 * card's own column is marked), or "Another board…" for the board list;
 * then top or bottom → store.moveCard (optimistic).
 */
import { sanitize } from '../../text/sanitize.js';
import type { ColumnInfo } from '../../store/index.js';
import { showPicker, why, type Flow } from './flow.js';

/** Past the end of any column: the server puts the card last. */
export const BOTTOM = 1_000_000;

const OTHER_BOARD = '\0other-board';

export function moveTo(f: Flow, cardId: number, after?: () => void): void {
  const s = f.store.getState();
  if (s.boardId === null) return;
  pickColumn(f, cardId, s.boardId, after);
}

function pickBoard(f: Flow, cardId: number, after?: () => void): void {
  // The boards list may still be loading: the picker waits for it.
  const key = showPicker(f, (s) => s.boards.loading, () => {
    const s = f.store.getState();
    const boards = s.boards.items.filter((b) => b.Id !== s.boardId);
    return {
      kind: 'pick',
      title: 'Move to board',
      items: boards.map((b) => ({ value: String(b.Id), label: sanitize(b.Name) })),
      status: boards.length === 0 ? { text: 'There is no other board.' } : null,
      onCancel: () => f.overlays.close(key),
      onPick: (value) => pickColumn(f, cardId, Number(value), after),
    };
  });
}

/**
 * Another board's columns are fetched: the column picker shows at once,
 * loading, and keys typed meanwhile wait for the columns (see Picker).
 */
function pickColumn(f: Flow, cardId: number, boardId: number, after?: () => void): void {
  const s = f.store.getState();
  const here = boardId === s.boardId;
  let columns: readonly ColumnInfo[] = here ? s.columns : [];
  const from = here ? s.view.cards.get(cardId)?.columnLabel : undefined;
  const loaded = (list: readonly ColumnInfo[]) => ({
    items: [
      ...list.map((c) => ({ value: c.label, label: `${c.displayName}${c.label === from ? '  (here)' : ''}` })),
      ...(here ? [{ value: OTHER_BOARD, label: 'Another board…', dim: true, action: true }] : []),
    ],
    status: list.length === 0 ? { text: here ? 'This board has no columns.' : 'That board has no columns.' } : null,
  });
  const key = f.overlays.show({
    kind: 'pick',
    title: `Move to column${here ? '' : ` on ${sanitize(s.boards.items.find((b) => b.Id === boardId)?.Name ?? String(boardId))}`}`,
    ...(here ? loaded(columns) : { items: [], loading: true, status: { text: 'loading columns…' } }),
    onCancel: () => f.overlays.close(key),
    onPick: (label) => {
      if (label === OTHER_BOARD) return pickBoard(f, cardId, after);
      pickPosition(f, cardId, label, columns, here ? undefined : boardId, after);
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

function pickPosition(f: Flow, cardId: number, label: string, columns: readonly ColumnInfo[], otherBoard: number | undefined, after?: () => void): void {
  const name = columns.find((c) => c.label === label)?.displayName ?? label;
  const pos = f.overlays.show({
    kind: 'pick',
    title: `Move to ${name} — where?`,
    items: [
      { value: 'top', label: 'Top' },
      { value: 'bottom', label: 'Bottom' },
    ],
    onCancel: () => f.overlays.close(pos),
    onPick: (where) => {
      f.overlays.close(pos);
      if (otherBoard !== undefined) after?.();
      const index = where === 'top' ? 0 : BOTTOM;
      f.store.getState().moveCard(cardId, label, index, otherBoard).then(
        () => f.notify(`Moved to ${name}`),
        () => undefined, // the card is back; the status bar has the server's words
      );
    },
  });
}
