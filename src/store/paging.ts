/**
 * Pages of a column's cards: loading the next one, and merging what arrives
 * into confirmed state. Loads never reject: a failure lands in the column's
 * `paging.error`, so a key handler can fire them without a catch.
 */
import { isUnreadable, type CardRow } from '../api/read-model.js';
import { cardFromWire, type Card } from './card.js';
import type { ColumnInfo } from './column-info.js';
import type { Core, CoreData } from './core.js';
import { Draft } from './draft.js';
import type { StatusData } from './status.js';

export interface Paging {
  /** Pages loaded so far (0 before the first answer). */
  readonly pages: number;
  /** The last page was full, so another may follow. */
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly error: string | null;
}

export interface PagingData {
  paging: Readonly<Record<string, Paging>>;
}

export interface PagingActions {
  loadMore(columnLabel: string): Promise<void>;
}

export interface Pages {
  readonly actions: PagingActions;
  /** Loads page `page` of a column of the board opened as generation `gen`. */
  readonly loadPage: (gen: number, label: string, page: number) => Promise<void>;
}

/** A column nothing was asked of yet. */
export const IDLE: Paging = { pages: 0, hasMore: true, loading: false, error: null };

export const pagingOf = (s: PagingData, label: string): Paging => s.paging[label] ?? IDLE;

/**
 * The column a listed card belongs to: the one it was listed under, unless
 * it carries the label of another column of this board (a card moved
 * between two page loads). Where columns carry no labels, always the former.
 */
const placeIn = (w: CardRow, asked: string, columns: readonly ColumnInfo[]): string =>
  !isUnreadable(w) && w.ColumnId !== null && columns.some((c) => c.label === w.ColumnId) ? w.ColumnId : asked;

/** Rows of a page as store cards, each in the column placeIn picks. */
export const cardsOf = (
  list: readonly CardRow[],
  label: string,
  page: number,
  columns: readonly ColumnInfo[],
  boardId: number,
): Card[] => list.map((w, i) => cardFromWire(w, placeIn(w, label, columns), boardId, `${page}.${i}`));

interface Arrived {
  gen: number;
  label: string;
  page: number;
  list: CardRow[];
  /** The fold log's token for this page's request. */
  since: number;
  done: () => void;
}

export function makePaging(core: Core<CoreData & PagingData & StatusData>): Pages {
  const setPaging = (label: string, p: Partial<Paging>): void =>
    core.update({ paging: { ...core.get().paging, [label]: { ...pagingOf(core.get(), label), ...p } } });

  /**
   * Pages that have arrived but are not merged yet. Merging is one store
   * update, and every store update is a full React + Ink render (~10–30 ms on
   * a full screen): at start-up, with a page per column landing within a few
   * ms of each other, one render per page kept the next answers waiting in
   * the socket. Pages are merged together on the next setImmediate, which
   * also gathers whatever arrived while the previous render ran.
   */
  let arrived: Arrived[] = [];

  function queueMerge(gen: number, label: string, page: number, list: CardRow[], since: number): Promise<void> {
    return new Promise((done) => {
      arrived.push({ gen, label, page, list, since, done });
      if (arrived.length === 1) setImmediate(flushArrived);
    });
  }

  function flushArrived(): void {
    const batch = arrived;
    arrived = [];
    const live = batch.filter((a) => a.gen === core.generation);
    for (const a of batch) if (a.gen !== core.generation) core.folds.end(a.since);
    if (live.length > 0) mergePages(live);
    for (const a of batch) a.done();
  }

  /**
   * Appends pages to confirmed state in one update; cards already known
   * (page boundaries shift) are skipped. Folds that landed while a page was
   * in flight are applied again after it, as they were page by page.
   */
  function mergePages(pages: readonly Arrived[]): void {
    const s = core.get();
    const d = new Draft(s.confirmed);
    const paging = { ...s.paging };
    for (const { label, page, list, since } of pages) {
      for (const card of cardsOf(list, label, page, s.columns, s.boardId ?? 0)) {
        if (d.get(card.id) !== undefined) continue;
        d.put(card);
        d.attach(card.id, card.columnLabel, Number.MAX_SAFE_INTEGER);
      }
      core.folds.refold(since, d);
      paging[label] = { pages: page, hasMore: list.length >= core.pageSize, loading: false, error: null };
    }
    core.update({
      confirmed: d.result(),
      paging,
      backoff: null, // an answer came: whatever wait was shown is over
    });
  }

  async function loadPage(gen: number, label: string, page: number): Promise<void> {
    const s = core.get();
    const col = s.columns.find((c) => c.label === label);
    if (s.boardId === null || col === undefined) return;
    // openBoard already marked its columns loading: no update (and no render) per column.
    const p = pagingOf(s, label);
    if (!p.loading || p.error !== null) setPaging(label, { loading: true, error: null });
    const since = core.folds.begin();
    try {
      const list = await core.client.listCards(s.boardId, col.id, page, core.pageSize);
      if (gen !== core.generation) return void core.folds.end(since);
      await queueMerge(gen, label, page, list, since);
    } catch (e) {
      core.folds.end(since);
      if (gen !== core.generation) return;
      setPaging(label, { loading: false, error: core.fail(e) });
    }
  }

  async function loadMore(label: string): Promise<void> {
    const p = pagingOf(core.get(), label);
    if (p.loading || !p.hasMore || p.pages === 0) return;
    await loadPage(core.generation, label, p.pages + 1);
  }

  return { actions: { loadMore }, loadPage };
}
