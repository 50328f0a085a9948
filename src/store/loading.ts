/**
 * Reads: boards, a board's columns and pages of cards, refresh, card detail.
 * Loads never reject: their failures land in state (`boards.error`,
 * `boardError`, a column's `paging.error`, `lastError`), so a key handler
 * can fire them without a catch.
 */
import type { Board, CardDetail, CardRow, Column } from '../api/tolerant.js';
import { isUnreadable } from '../api/tolerant.js';
import { sanitize } from '../text/sanitize.js';
import type { Core } from './core.js';
import { errorText } from './core.js';
import { cardFromWire, Draft, EMPTY_CARDS, keep, sameCard } from './draft.js';
import { START_CURSOR } from './cursor.js';
import { applyEffect } from './mutations.js';
import { isServerId } from './pending-ids.js';
import { mapLimit } from './queue.js';
import { toColumnInfo } from './column-info.js';
import type { CardId } from '../api/tolerant.js';
import type { Card, CardsState, ColumnInfo, Paging } from './types.js';


/** A 300-cell terminal fits 12 columns of the minimum width. */
const FIRST_PAGES_AT_ONCE = 12;
const IDLE: Paging = { pages: 0, hasMore: true, loading: false, error: null };

export function makeLoaders(core: Core) {
  const pagingOf = (label: string): Paging => core.get().paging[label] ?? IDLE;
  const setPaging = (label: string, p: Partial<Paging>): void =>
    core.update({ paging: { ...core.get().paging, [label]: { ...pagingOf(label), ...p } } });

  /**
   * The column a listed card belongs to: the one it was listed under, unless
   * it carries the label of another column of this board (a card moved
   * between two page loads). Where columns carry no labels, always the former.
   */
  const placeIn = (w: CardRow, asked: string, columns: readonly ColumnInfo[]): string =>
    !isUnreadable(w) && w.ColumnId !== null && columns.some((c) => c.label === w.ColumnId) ? w.ColumnId : asked;

  /** Rows of a page as store cards, each in the column placeIn picks. */
  const cardsOf = (list: readonly CardRow[], label: string, page: number, columns: readonly ColumnInfo[], boardId: number) =>
    list.map((w, i) => cardFromWire(w, placeIn(w, label, columns), boardId, `${page}.${i}`));

  /**
   * Pages that have arrived but are not merged yet. Merging is one store
   * update, and every store update is a full React + Ink render (~10–30 ms on
   * a full screen): at start-up, with a page per column landing within a few
   * ms of each other, one render per page kept the next answers waiting in
   * the socket. Pages are merged together on the next setImmediate, which
   * also gathers whatever arrived while the previous render ran.
   */
  let arrived: { gen: number; label: string; page: number; list: CardRow[]; since: number; done: () => void }[] = [];

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
  function mergePages(pages: readonly { label: string; page: number; list: CardRow[]; since: number }[]): void {
    const s = core.get();
    const d = new Draft(s.confirmed);
    const paging = { ...s.paging };
    for (const { label, page, list, since } of pages) {
      for (const card of cardsOf(list, label, page, s.columns, s.boardId ?? 0)) {
        if (d.get(card.id) !== undefined) continue;
        d.put(card);
        d.attach(card.id, card.columnLabel, Number.MAX_SAFE_INTEGER);
      }
      for (const f of core.folds.end(since)) applyEffect(d, f.m, f.id, f.result);
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
    const p = pagingOf(label);
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

  async function loadBoards(): Promise<void> {
    core.update({ boards: { ...core.get().boards, loading: true, error: null } });
    try {
      const rows = await core.client.listBoards();
      const items = rows.filter((b): b is Board => !isUnreadable(b));
      const unreadable = rows.filter(isUnreadable);
      core.update({ boards: { items, unreadable, loading: false, error: null }, backoff: null });
    } catch (e) {
      core.update({ boards: { ...core.get().boards, loading: false, error: core.fail(e) } });
    }
  }

  async function openBoard(boardId: number): Promise<void> {
    const gen = ++core.generation;
    core.update({
      boardId, boardLoading: true, boardError: null, columns: [], confirmed: EMPTY_CARDS, paging: {}, tags: [],
      tagsLoading: true, tagsError: null, cursor: START_CURSOR, markedChanged: new Set(), detail: null,
      // Another board's tag ids mean nothing here; its filter and selection were for its cards.
      filter: null,
      selected: new Set(),
    });
    void loadTags(boardId, gen);
    let columns: ColumnInfo[];
    try {
      columns = (await core.client.listColumns(boardId)).map(toColumnInfo);
    } catch (e) {
      if (gen === core.generation) core.update({ boardLoading: false, boardError: core.fail(e) });
      return;
    }
    if (gen !== core.generation) return;
    const paging: Record<string, Paging> = {};
    for (const c of columns) paging[c.label] = { ...IDLE, loading: true };
    core.update({ columns, paging });
    // Page 1 of every column a screen can show is asked for at once (with the
    // usual cap of 4 the fifth column waited a whole round trip); columns show
    // as their pages arrive, merged in batches.
    await mapLimit(columns, Math.max(core.concurrency, FIRST_PAGES_AT_ONCE), (c) => loadPage(gen, c.label, 1));
    if (gen === core.generation) core.update({ boardLoading: false });
  }

  async function loadMore(label: string): Promise<void> {
    const p = pagingOf(label);
    if (p.loading || !p.hasMore || p.pages === 0) return;
    await loadPage(core.generation, label, p.pages + 1);
  }

  /** Columns again (after createColumn): new ones get their first page. */
  async function reloadColumns(): Promise<void> {
    const { boardId } = core.get();
    if (boardId === null) return;
    const gen = core.generation;
    try {
      const columns = (await core.client.listColumns(boardId)).map(toColumnInfo);
      if (gen !== core.generation) return;
      const fresh = columns.filter((c) => core.get().paging[c.label] === undefined);
      core.update({ columns });
      await mapLimit(fresh, core.concurrency, (c) => loadPage(gen, c.label, 1));
    } catch (e) {
      core.fail(e);
    }
  }

  /**
   * Columns and every page loaded so far, then confirmed state is replaced
   * in one step. Pending mutations replay over it (view.ts) and folds that
   * landed meanwhile are folded again, so nothing the user did flickers back.
   */
  /**
   * The board's tags, beside its columns: they only decorate rows, so a
   * failure is no board error. The status bar flags it, the tag picker says
   * why, and the next refresh (r, or the automatic one) asks again — which
   * also brings in tags a teammate created. Old tags stay until new ones land.
   */
  function loadTags(boardId: number, gen: number): Promise<void> {
    return core.client.listTags(boardId).then(
      (tags) => void (gen === core.generation && core.update({ tags, tagsLoading: false, tagsError: null })),
      (e: unknown) => void (gen === core.generation && core.update({ tagsLoading: false, tagsError: errorText(e) })),
    );
  }

  async function refresh(): Promise<void> {
    const { boardId } = core.get();
    if (boardId === null) return;
    const gen = core.generation;
    void loadTags(boardId, gen);
    const since = core.folds.begin();
    try {
      const columns = (await core.client.listColumns(boardId)).map(toColumnInfo);
      const jobs = columns.flatMap((c) =>
        Array.from({ length: Math.max(1, pagingOf(c.label).pages) }, (_, i) => ({ col: c, page: i + 1 })),
      );
      const pages = await mapLimit(jobs, core.concurrency, (j) =>
        core.client.listCards(boardId, j.col.id, j.page, core.pageSize),
      );
      if (gen !== core.generation) return void core.folds.end(since);
      replaceConfirmed(columns, jobs, pages, since);
    } catch (e) {
      core.folds.end(since);
      if (gen === core.generation) core.fail(e);
    }
  }

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
    for (const f of core.folds.end(since)) applyEffect(d, f.m, f.id, f.result);
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
      const differs = before === undefined ? old.cards.size > 0 : !sameCard(before, card);
      if ((differs && !own.has(card.id) && !pendingIds.has(card.id)) || marked.has(card.id)) out.add(card.id);
    }
    own.clear();
    return out.size === 0 && marked.size === 0 ? marked : out;
  }

  /**
   * What the detail shows: the server's answer over the card as listed, in
   * the column the board lists it under. Fields and sections neither sent
   * stay absent (the screen says "not provided by this server").
   */
  function detailOf(cardId: CardId, got?: CardDetail): CardDetail {
    const s = core.get();
    const card = s.view.cards.get(cardId) ?? s.confirmed.cards.get(cardId);
    if (card === undefined) return got ?? { ServiceTaskId: cardId };
    const listed: CardDetail = {
      ServiceTaskId: card.id,
      TaskName: card.title,
      ReadUnreadStatus: card.unread ? 0 : 1,
      BoardId: card.boardId,
      DueDate: card.dueDate,
      Assignees: [...(card.assignees ?? [])],
      ThreadOwnerEmail: card.owner,
      CreatedAt: card.createdAt === '' ? null : card.createdAt,
    };
    if (s.tags.length > 0 || card.tagIds.length === 0) listed.Tags = s.tags.filter((t) => card.tagIds.includes(t.Id));
    return { ...listed, ...got, ColumnId: card.columnLabel };
  }

  async function openCard(cardId: CardId): Promise<void> {
    // The listed fields draw at once; a card still being created has nothing on the server to read yet.
    core.update({ detail: { cardId, data: detailOf(cardId), loading: isServerId(cardId), error: null } });
    await reloadDetail(cardId);
  }

  async function reloadDetail(cardId: CardId): Promise<void> {
    if (core.get().detail?.cardId !== cardId || !isServerId(cardId)) return;
    try {
      const got = await core.client.getCard(cardId);
      if (core.get().detail?.cardId === cardId) {
        core.update({ detail: { cardId, data: detailOf(cardId, got), loading: false, error: null } });
      }
    } catch (e) {
      if (core.get().detail?.cardId === cardId) {
        core.update({ detail: { cardId, data: core.get().detail?.data ?? null, loading: false, error: errorText(e) } });
      }
    }
  }

  return { loadBoards, openBoard, loadMore, refresh, reloadColumns, openCard, reloadDetail };
}
