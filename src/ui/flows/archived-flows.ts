/**
 * `A`: the open board's archived cards, newest first (title, column, when it
 * was archived), a page at a time as the highlight nears the end; Enter
 * restores one — at once on top of its column, and back in the list if the
 * server refuses. A server without the list is said once, on the status bar.
 */
import type { ArchivedCard } from '../../api/read-model.js';
import type { ArchivedList, BoardState } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { longDate } from '../card-meta.js';
import { showCardList } from './card-list.js';
import type { Flow } from './flow.js';

export const NOT_OFFERED = 'Archived cards are not offered by this server';

/** Rows from the end at which the next page is asked for. */
const AHEAD = 5;

/** Why `A` can't open the list now, or null. */
export const archivedUnavailable = (s: BoardState): string | null =>
  s.offers('archivedCards') === false ? NOT_OFFERED : null;

export function archivedCards(f: Flow): void {
  const store = f.store;
  const columnName = (s: BoardState, label: string | null): string =>
    s.columns.find((c) => c.label === label)?.displayName ?? 'a column not on this board';
  showCardList<ArchivedCard, ArchivedList>(f, {
    title: 'Archived cards, newest first — Enter restores one to the top of its column',
    what: 'archived cards',
    verb: 'restore',
    list: (s) => s.archived,
    load: () => void store.getState().loadArchived(1),
    retry: (a) => void store.getState().loadArchived(a.pages === 0 ? 1 : a.pages + 1),
    describe: (row, s) => [
      columnName(s, row.ColumnId),
      row.ArchivedAt === null ? 'archived' : `archived ${longDate(row.ArchivedAt)}`,
    ],
    loading: (a) => a.loading && a.items.length === 0,
    status: (a) => (a.loading && a.items.length > 0 ? { text: 'loading more…' } : null),
    onHighlight: (index, rows) => {
      const now = store.getState().archived;
      if (index >= rows - AHEAD && now.hasMore && !now.loading && now.error === null)
        void store.getState().loadArchived(now.pages + 1);
    },
    notOffered: NOT_OFFERED,
    act: restore,
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
