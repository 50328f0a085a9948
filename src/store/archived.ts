/**
 * The open board's archived cards (`A`), newest first, a page at a time —
 * the `archivedCards` extension. Restoring one is a card mutation
 * (card-mutations.ts `restoreCard`); this slice only lists them. Loads never
 * reject: a failure lands in `error`, and a server without the extension in
 * `unsupported`.
 */
import type { ArchivedCardRow, CardId } from '../api/read-model.js';
import { isUnreadable } from '../api/read-model.js';
import type { Core, CoreData } from './core.js';
import { errorText } from './status.js';

export interface ArchivedList {
  /** The board the rows are of; null before the first load. */
  readonly boardId: number | null;
  readonly items: readonly ArchivedCardRow[];
  /** Pages loaded so far. */
  readonly pages: number;
  /** The last page was full, so another may follow. */
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly error: string | null;
  /** The server has no such list (it said so once; the client remembers). */
  readonly unsupported: boolean;
}

export interface ArchivedData {
  archived: ArchivedList;
}

export interface ArchivedActions {
  /** Page 1 starts the open board's list afresh; a later page adds to it. */
  loadArchived(page: number): Promise<void>;
  /** Takes a card out of the list (it is being restored). */
  dropArchived(cardId: CardId): void;
}

export const NO_ARCHIVED: ArchivedList = {
  boardId: null,
  items: [],
  pages: 0,
  hasMore: false,
  loading: false,
  error: null,
  unsupported: false,
};

const idOf = (row: ArchivedCardRow): string | null => (isUnreadable(row) ? row.rawId : row.ServiceTaskId);

export function makeArchived(core: Core<CoreData & ArchivedData>): ArchivedActions {
  /** Bumped by every page-1 load: an older list's answers are dropped. */
  let run = 0;
  const patch = (p: Partial<ArchivedList>): void => core.set({ archived: { ...core.get().archived, ...p } });

  return {
    async loadArchived(page) {
      const boardId = core.get().boardId;
      if (boardId === null) return;
      if (core.client.offers('archivedCards') === false) return patch({ unsupported: true, loading: false });
      const a = core.get().archived;
      if (page > 1 && (a.loading || a.boardId !== boardId || !a.hasMore)) return;
      if (page === 1) {
        run++;
        core.set({ archived: { ...NO_ARCHIVED, boardId, loading: true } });
      } else patch({ loading: true, error: null });
      const mine = run;
      try {
        const rows = await core.client.listArchivedCards(boardId, page, core.pageSize);
        if (mine !== run || core.get().archived.boardId !== boardId) return;
        const had = core.get().archived.items;
        const known = new Set(had.map(idOf).filter((id) => id !== null));
        // Pages shift when cards are archived or restored between two loads: a row already listed stays once.
        const fresh = rows.filter((r) => {
          const id = idOf(r);
          return id === null || !known.has(id);
        });
        patch({ items: [...had, ...fresh], pages: page, hasMore: rows.length >= core.pageSize, loading: false });
      } catch (e) {
        if (mine !== run) return;
        if (core.client.offers('archivedCards') === false) return patch({ unsupported: true, loading: false });
        patch({ loading: false, error: errorText(e) });
      }
    },
    dropArchived(cardId) {
      const a = core.get().archived;
      const items = a.items.filter((r) => idOf(r) !== cardId);
      if (items.length !== a.items.length) patch({ items });
    },
  };
}
