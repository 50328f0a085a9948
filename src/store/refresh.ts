/**
 * Reading the open board again (`r`, and the automatic refresh): its
 * columns and every page loaded so far, replacing confirmed state in one
 * step; and which cards others changed meanwhile (`markedChanged`).
 */
import type { CardId, CardRow } from '../api/read-model.js';
import { changedByPeople, keep } from './card.js';
import { toColumnInfo, type ColumnInfo } from './column-info.js';
import type { Core, CoreData } from './core.js';
import { Draft, EMPTY_CARDS, type CardsState } from './draft.js';
import { cardsOf, pagingOf, type Paging, type PagingData } from './paging.js';
import { mapLimit } from './queue.js';

export interface RefreshData {
  /** Cards a refresh found changed by someone else since the user last looked. */
  markedChanged: ReadonlySet<CardId>;
}

export interface RefreshActions {
  refresh(): Promise<void>;
  /** The user has looked at the card: it is no longer marked changed. */
  markSeen(cardId: CardId): void;
}

export function makeRefresh(
  core: Core<CoreData & PagingData & RefreshData>,
  loadTags: (boardId: number, gen: number) => Promise<void>,
): RefreshActions {
  // Refreshes overlap (`r`, the automatic one, the one a refused change asks for): an answer is
  // dropped once a refresh begun after it has landed, or the older lists would replace the newer.
  let begun = 0;
  let landed = 0;

  async function refresh(): Promise<void> {
    const { boardId } = core.get();
    if (boardId === null) return;
    const gen = core.generation;
    const order = ++begun;
    void loadTags(boardId, gen);
    const since = core.folds.begin();
    try {
      const columns = (await core.client.listColumns(boardId)).map(toColumnInfo);
      const jobs = columns.flatMap((c) =>
        Array.from({ length: Math.max(1, pagingOf(core.get(), c.label).pages) }, (_, i) => ({ col: c, page: i + 1 })),
      );
      const pages = await mapLimit(jobs, core.concurrency, (j) =>
        core.client.listCards(boardId, j.col.id, j.page, core.pageSize),
      );
      if (gen !== core.generation || order < landed) return void core.folds.end(since);
      landed = order;
      replaceConfirmed(columns, jobs, pages, since);
    } catch (e) {
      core.folds.end(since);
      if (gen === core.generation && order > landed) core.fail(e);
    }
  }

  /**
   * Confirmed state becomes what the lists said, in one step. Pending
   * mutations replay over it (view.ts) and folds that landed while the
   * lists were in flight are folded again, so nothing the user did flickers
   * back.
   */
  function replaceConfirmed(
    columns: ColumnInfo[],
    jobs: { col: ColumnInfo; page: number }[],
    pages: CardRow[][],
    since: number,
  ): void {
    const s = core.get();
    const old = s.confirmed;
    const d = new Draft(EMPTY_CARDS);
    const paging: Record<string, Paging> = {};
    for (const c of columns) d.setColumn(c.label, []);
    jobs.forEach((j, i) => {
      const list = pages[i] ?? [];
      for (const fresh of cardsOf(list, j.col.label, j.page, columns, s.boardId ?? 0)) {
        if (d.get(fresh.id) !== undefined) continue;
        const card = keep(old.cards.get(fresh.id), fresh);
        d.put(card);
        d.attach(card.id, card.columnLabel, Number.MAX_SAFE_INTEGER);
      }
      paging[j.col.label] = { pages: j.page, hasMore: list.length >= core.pageSize, loading: false, error: null };
    });
    core.folds.refold(since, d);
    const confirmed = d.result();
    core.update({ columns, confirmed, paging, markedChanged: changedByOthers(old, confirmed, s.markedChanged) });
  }

  /** Cards that differ from what we had, not through our own mutations. */
  function changedByOthers(old: CardsState, next: CardsState, marked: ReadonlySet<CardId>): ReadonlySet<CardId> {
    const own = core.folds.ownTouched;
    const pendingIds = new Set(core.get().pending.flatMap((m) => ('cardId' in m ? [m.cardId] : [])));
    const out = new Set<CardId>();
    for (const card of next.cards.values()) {
      const before = old.cards.get(card.id);
      const differs = before === undefined ? old.cards.size > 0 : changedByPeople(before, card);
      if ((differs && !own.has(card.id) && !pendingIds.has(card.id)) || marked.has(card.id)) out.add(card.id);
    }
    own.clear();
    return out.size === 0 && marked.size === 0 ? marked : out;
  }

  return {
    refresh,
    markSeen(cardId) {
      const marked = core.get().markedChanged;
      if (!marked.has(cardId)) return;
      const next = new Set(marked);
      next.delete(cardId);
      core.set({ markedChanged: next });
    },
  };
}
