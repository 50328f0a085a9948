/** `m`: board, then column, then top or bottom → store.moveCard (optimistic). */
import { sanitize } from '../../text/sanitize.js';
import type { ColumnInfo } from '../../store/index.js';
import { showPicker, why, type Flow } from './flow.js';

/** Past the end of any column: the server puts the card last. */
export const BOTTOM = 1_000_000;

export function moveTo(f: Flow, cardId: number, after?: () => void): void {
  // The boards list may still be loading: the picker waits for it.
  const key = showPicker(f, (s) => s.boards.loading, () => {
    const s = f.store.getState();
    const boards = [...s.boards.items].sort((a, b) => (a.Id === s.boardId ? -1 : b.Id === s.boardId ? 1 : 0));
    return {
      kind: 'pick',
      title: 'Move to board',
      items: boards.map((b) => ({ value: String(b.Id), label: `${sanitize(b.Name)}${b.Id === s.boardId ? '  (this board)' : ''}` })),
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
  const loaded = (list: readonly ColumnInfo[]) => ({
    items: list.map((c) => ({ value: c.label, label: c.displayName })),
    status: list.length === 0 ? { text: 'That board has no columns.' } : null,
  });
  const key = f.overlays.show({
    kind: 'pick',
    title: `Move to column${here ? '' : ` on ${sanitize(s.boards.items.find((b) => b.Id === boardId)?.Name ?? String(boardId))}`}`,
    ...(here ? loaded(columns) : { items: [], loading: true, status: { text: 'loading columns…' } }),
    onCancel: () => f.overlays.close(key),
    onPick: (label) => pickPosition(f, cardId, label, columns, here ? undefined : boardId, after),
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
