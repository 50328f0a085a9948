/**
 * The boards: the list, opening one (its columns, their first pages, its
 * tags), its columns again after one is added, and other boards' columns
 * (for a move there). Loads of the list and of the open board never reject:
 * failures land in `boards.error` and `boardError`.
 */
import { isUnreadable, type Board, type Unreadable } from '../api/read-model.js';
import type { DetailData } from './card-detail.js';
import { toColumnInfo, type ColumnInfo } from './column-info.js';
import type { MailHealthData } from './mail-health.js';
import type { TargetsData } from './targets.js';
import type { Core, CoreData } from './core.js';
import { START_CURSOR, type SelectionData } from './cursor.js';
import { EMPTY_CARDS } from './draft.js';
import type { FilterData } from './filter.js';
import { IDLE, type Pages, type Paging, type PagingData } from './paging.js';
import { mapLimit } from './queue.js';
import type { RefreshData } from './refresh.js';
import { reportFailure, type StatusData } from './status.js';
import type { TagsData } from './tags.js';

export interface BoardsState {
  readonly items: readonly Board[];
  /** Entries of the list the client could not read: shown as such, never opened. */
  readonly unreadable: readonly Unreadable[];
  readonly loading: boolean;
  readonly error: string | null;
}

export interface OpenBoardData {
  boards: BoardsState;
  boardLoading: boolean;
  boardError: string | null;
  /** Columns of other boards, by board id, as loaded for a cross-board move. */
  foreignColumns: Readonly<Record<number, readonly ColumnInfo[]>>;
}

export interface OpenBoardActions {
  loadBoards(): Promise<void>;
  openBoard(boardId: number): Promise<void>;
  /** Columns of any board (the open one's come from state); remembered for moves. */
  loadColumnsOf(boardId: number): Promise<readonly ColumnInfo[]>;
}

export interface Boards {
  readonly actions: OpenBoardActions;
  /** Columns again (after createColumn): new ones get their first page. */
  readonly reloadColumns: () => Promise<void>;
  /** Numeric id of a column label, on the open board or another one loaded (for a cross-board move). */
  readonly columnId: (label: string) => number | undefined;
}

/** Everything a board opening resets. */
type Opened = CoreData &
  OpenBoardData &
  PagingData &
  TagsData &
  MailHealthData &
  TargetsData &
  RefreshData &
  DetailData &
  FilterData &
  SelectionData;

/** A 300-cell terminal fits 12 columns of the minimum width. */
const FIRST_PAGES_AT_ONCE = 12;

export function makeBoard(
  core: Core<Opened & StatusData>,
  pages: Pages,
  loadTags: (boardId: number, gen: number) => Promise<void>,
): Boards {
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
      boardId,
      boardLoading: true,
      boardError: null,
      columns: [],
      confirmed: EMPTY_CARDS,
      paging: {},
      tags: [],
      tagsLoading: true,
      tagsError: null,
      // Another board's mailboxes are not this one's.
      stuckMail: null,
      boardTargets: null,
      cursor: START_CURSOR,
      markedChanged: new Set(),
      detail: null,
      // Another board's tag ids mean nothing here; its filter and selection were for its cards.
      filter: null,
      selected: new Set(),
      // A sort by waiting is a way of looking at one board.
      sortByWaiting: false,
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
    await mapLimit(columns, Math.max(core.concurrency, FIRST_PAGES_AT_ONCE), (c) => pages.loadPage(gen, c.label, 1));
    if (gen === core.generation) core.update({ boardLoading: false });
  }

  async function reloadColumns(): Promise<void> {
    const { boardId } = core.get();
    if (boardId === null) return;
    const gen = core.generation;
    try {
      const columns = (await core.client.listColumns(boardId)).map(toColumnInfo);
      if (gen !== core.generation) return;
      const fresh = columns.filter((c) => core.get().paging[c.label] === undefined);
      core.update({ columns });
      await mapLimit(fresh, core.concurrency, (c) => pages.loadPage(gen, c.label, 1));
    } catch (e) {
      core.fail(e);
    }
  }

  async function loadColumnsOf(boardId: number): Promise<readonly ColumnInfo[]> {
    const s = core.get();
    if (boardId === s.boardId) return s.columns;
    // The user asked for them (a move to another board): a failure counts, and rejects.
    const list = await core.client.listColumns(boardId).catch((e: unknown) => {
      throw new Error(reportFailure(core, e), { cause: e });
    });
    const columns = list.map(toColumnInfo);
    core.set({ foreignColumns: { ...core.get().foreignColumns, [boardId]: columns } });
    return columns;
  }

  function columnId(label: string): number | undefined {
    const s = core.get();
    const own = s.columns.find((c) => c.label === label);
    if (own !== undefined) return own.id;
    for (const list of Object.values(s.foreignColumns)) {
      const hit = list.find((c) => c.label === label);
      if (hit !== undefined) return hit.id;
    }
    return undefined;
  }

  return { actions: { loadBoards, openBoard, loadColumnsOf }, reloadColumns, columnId };
}
