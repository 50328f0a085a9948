/**
 * `A`: the open board's archived cards, newest first (title, column, when it
 * was archived), a page at a time as the highlight nears the end; Enter
 * restores one — at once on top of its column, and back in the list if the
 * server refuses. A server without the list is said once, on the status bar.
 */
import type { ArchivedCard, ArchivedCardRow } from '../../api/read-model.js';
import { isUnreadable } from '../../api/read-model.js';
import type { ArchivedList, BoardState } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { longDate } from '../card-meta.js';
import type { PickOverlay } from '../overlay.js';
import type { PickItem } from '../prompts/types.js';
import type { Flow } from './flow.js';

export const NOT_OFFERED = 'Archived cards are not offered by this server';

/** Rows from the end at which the next page is asked for. */
const AHEAD = 5;

/** Why `A` can't open the list now, or null. */
export const archivedUnavailable = (s: BoardState): string | null =>
  s.offers('archivedCards') === false ? NOT_OFFERED : null;

const valueOf = (row: ArchivedCardRow, i: number): string =>
  isUnreadable(row) ? `unreadable:${i}` : `card:${row.ServiceTaskId}`;

function items(s: BoardState): PickItem[] {
  const columnName = (label: string | null): string =>
    s.columns.find((c) => c.label === label)?.displayName ?? 'a column not on this board';
  return s.archived.items.map((row, i) =>
    isUnreadable(row)
      ? {
          value: valueOf(row, i),
          label: sanitize(`${row.rawId ?? '(no id)'} — unreadable: ${row.unreadable}`),
          dim: true,
        }
      : {
          value: valueOf(row, i),
          label: [
            sanitize(row.TaskName),
            columnName(row.ColumnId),
            row.ArchivedAt === null ? 'archived' : `archived ${longDate(row.ArchivedAt)}`,
          ].join(' · '),
        },
  );
}

function status(a: ArchivedList): { text: string; error?: boolean } | null {
  if (a.error !== null) return { text: `Couldn’t load the archived cards: ${a.error}`, error: true };
  if (a.loading && a.items.length > 0) return { text: 'loading more…' };
  if (!a.loading && a.items.length === 0) return { text: 'No archived cards on this board.' };
  return null;
}

export function archivedCards(f: Flow): void {
  const store = f.store;
  // Asked for before the list shows, so it is "loading" from its first frame
  // and keys typed meanwhile wait for the rows (see Picker).
  void store.getState().loadArchived(1);
  let stop = (): void => undefined;
  const close = (): void => {
    stop();
    f.overlays.close(key);
  };
  const build = (): PickOverlay => {
    const s = store.getState();
    const a = s.archived;
    return {
      kind: 'pick',
      title: 'Archived cards, newest first — Enter restores one to the top of its column',
      items: items(s),
      loading: a.loading && a.items.length === 0,
      status: status(a),
      help: a.error !== null ? 'r retry · Enter restore · Esc close' : 'Enter restore · Esc close',
      onCancel: close,
      onRetry: () => void store.getState().loadArchived(a.pages === 0 ? 1 : a.pages + 1),
      onHighlight: (index, rows) => {
        const now = store.getState().archived;
        if (index >= rows - AHEAD && now.hasMore && !now.loading && now.error === null)
          void store.getState().loadArchived(now.pages + 1);
      },
      onPick: (value) => {
        const s2 = store.getState();
        const row = s2.archived.items.find((r, i) => valueOf(r, i) === value);
        if (row === undefined || isUnreadable(row)) {
          f.overlays.update(key, {
            status: { text: 'This row could not be read: there is no card to restore', error: true },
          });
          return;
        }
        close();
        restore(f, row);
      },
    };
  };
  const key = f.overlays.show(build());
  stop = store.subscribe((s, before) => {
    if (s.archived === before.archived) return;
    if (s.archived.unsupported) {
      close();
      f.notify(NOT_OFFERED);
      return;
    }
    f.overlays.update(key, build());
  });
}

/** Enter: the card shows at once on top of its column; a refusal puts it back in the list. */
function restore(f: Flow, card: ArchivedCard): void {
  const s = f.store.getState();
  const column = s.columns.find((c) => c.label === card.ColumnId);
  s.dropArchived(card.ServiceTaskId);
  // A column this board doesn't know by that label: the server puts the card
  // back where it was, and the board is read again to show it there.
  const label = column?.label ?? card.ColumnId ?? '';
  const title = `“${sanitize(card.TaskName)}”`;
  s.restoreCard(card, label).then(
    () => {
      if (column === undefined) void f.store.getState().refresh();
      f.notify(column === undefined ? `Restored ${title}` : `Restored ${title} to ${column.displayName}`);
    },
    () => void f.store.getState().loadArchived(1), // the status bar has the server's words
  );
}
