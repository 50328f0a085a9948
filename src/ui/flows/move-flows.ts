/** `m`: board, then column, then top or bottom → store.moveCard (optimistic). */
import { sanitize } from '../../text/sanitize.js';
import type { ColumnInfo } from '../../store/index.js';
import { why, type Flow } from './flow.js';

/** Past the end of any column: the server puts the card last. */
export const BOTTOM = 1_000_000;

export function moveTo(f: Flow, cardId: number, after?: () => void): void {
  const s = f.store.getState();
  const boards = [...s.boards.items].sort((a, b) => (a.Id === s.boardId ? -1 : b.Id === s.boardId ? 1 : 0));
  const key = f.overlays.show({
    kind: 'pick',
    title: 'Move to board',
    items: boards.map((b) => ({ value: String(b.Id), label: `${sanitize(b.Name)}${b.Id === s.boardId ? '  (this board)' : ''}` })),
    onCancel: () => f.overlays.close(key),
    onPick: (value) => {
      const boardId = Number(value);
      f.overlays.update(key, { status: { text: 'loading columns…' } });
      f.store.getState().loadColumnsOf(boardId).then(
        (columns) => pickColumn(f, cardId, boardId, columns, after),
        (e: unknown) => f.overlays.update(key, { status: { text: why(e), error: true } }),
      );
    },
  });
}

function pickColumn(f: Flow, cardId: number, boardId: number, columns: readonly ColumnInfo[], after?: () => void): void {
  const s = f.store.getState();
  const here = boardId === s.boardId;
  const key = f.overlays.show({
    kind: 'pick',
    title: `Move to column${here ? '' : ` on ${sanitize(s.boards.items.find((b) => b.Id === boardId)?.Name ?? String(boardId))}`}`,
    items: columns.map((c) => ({ value: c.label, label: c.displayName })),
    status: columns.length === 0 ? { text: 'That board has no columns.' } : null,
    onCancel: () => f.overlays.close(key),
    onPick: (label) => {
      const pos = f.overlays.show({
        kind: 'pick',
        title: `Move to ${columns.find((c) => c.label === label)?.displayName ?? label} — where?`,
        items: [
          { value: 'top', label: 'Top' },
          { value: 'bottom', label: 'Bottom' },
        ],
        onCancel: () => f.overlays.close(pos),
        onPick: (where) => {
          f.overlays.close(pos);
          if (!here) after?.();
          const state = f.store.getState();
          const index = where === 'top' ? 0 : BOTTOM;
          state.moveCard(cardId, label, index, here ? undefined : boardId).then(
            () => f.notify(`Moved to ${columns.find((c) => c.label === label)?.displayName ?? label}`),
            () => undefined, // the card is back; the status bar has the server's words
          );
        },
      });
    },
  });
}
