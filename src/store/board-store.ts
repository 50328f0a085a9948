/**
 * The board store: `createBoardStore(client)` → a zustand vanilla store.
 * Runs without React; the UI reads it with `useStore(store, selector)`.
 * This is where the slices are put together; the model they share (confirmed
 * + pending → view) is docs/architecture.md, "The mutation protocol".
 */
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { CardId } from '../api/read-model.js';
import type { Client } from '../api/types.js';
import { makeBoard } from './board.js';
import { closeOpenBoard, makeBoardAdmin } from './board-admin.js';
import { makeCardDetail } from './card-detail.js';
import { makeCardMutations } from './card-mutations.js';
import { makeComments } from './comments.js';
import type { Core } from './core.js';
import { makeCursorActions, START_CURSOR } from './cursor.js';
import { DetailCache } from './detail-cache.js';
import { makeDetailPeek } from './detail-peek.js';
import { makeDetailPrefetch } from './detail-prefetch.js';
import { EMPTY_CARDS } from './draft.js';
import { makeLive } from './events.js';
import { makeFilterActions } from './filter.js';
import { FoldLog } from './fold-log.js';
import { makeEngine } from './mutation-engine.js';
import { makeHistory } from './undo.js';
import { makeJump } from './jump.js';
import { makeArchived, NO_ARCHIVED } from './archived.js';
import { makeSearch, NO_SEARCH } from './search.js';
import { makePaging } from './paging.js';
import { KeyedQueue } from './queue.js';
import { followOpen } from './follow-open.js';
import { makeMailHealth } from './mail-health.js';
import { makeSnoozed, NO_SNOOZED } from './snoozed.js';
import { makeRules, NO_RULES } from './rules.js';
import { makeReport, NO_REPORT } from './report.js';
import { makeCustomer, NO_CUSTOMER } from './customer.js';
import { makeNotifications, NO_NOTIFICATIONS } from './notifications.js';
import { makeTargets } from './targets.js';
import { makeWaitingSort } from './waiting-sort.js';
import { makeRefresh } from './refresh.js';
import { makeMe } from './me.js';
import { makeSequences } from './sequences.js';
import { errorText, makeStatusActions, reportFailure, watchReach } from './status.js';
import { sanitize } from '../text/sanitize.js';
import { makeTags } from './tags.js';
import { makeThread, NO_THREADS } from './thread.js';
import { makeOutbox, type Timers } from './outbox.js';
import { makeSendMail } from './send-mail.js';
import { makePresence } from './presence.js';
import type { BoardData, BoardState } from './types.js';
import { EMPTY_VIEW, makeUpdate } from './view.js';

export interface BoardStoreOptions {
  /** Cards per page request (`limit`); a full page means another may follow. Default 50. */
  pageSize?: number;
  /** Requests in flight at once, for mutations and for page loads. Default 4. */
  concurrency?: number;
  /** Clock for the backoff countdown (tests pass a fixed one). */
  now?: () => number;
  /** The user's email when configured (flag, INBOARD_EMAIL, config file); else asked of the server. */
  meEmail?: string;
  /**
   * Follow the open board's live events (the server's `events` extension):
   * a teammate's change is read as it happens, not at the next refresh.
   * Off by default: a store alone never holds a stream open unasked.
   */
  live?: boolean;
  /** Timers of the replies on their way out (outbox.ts); tests pass a clock of their own. */
  timers?: Timers;
  /** How long a reply is held here where the server has no outbox (ms); default LOCAL_DELAY_MS. */
  localSendDelayMs?: number;
}

export type BoardStore = StoreApi<BoardState>;

export function initialData(): BoardData {
  return {
    boards: { items: [], unreadable: [], loading: false, error: null },
    boardId: null,
    boardLoading: false,
    boardError: null,
    columns: [],
    foreignColumns: {},
    confirmed: EMPTY_CARDS,
    paging: {},
    tags: [],
    tagsLoading: false,
    tagsError: null,
    stuckMail: null,
    boardTargets: null,
    snoozedCards: NO_SNOOZED,
    boardRules: NO_RULES,
    boardReport: NO_REPORT,
    customer: NO_CUSTOMER,
    notifications: NO_NOTIFICATIONS,
    pending: [],
    view: EMPTY_VIEW,
    cursor: START_CURSOR,
    sortByWaiting: false,
    lastError: null,
    pendingCount: 0,
    checkingCount: 0,
    failedCount: 0,
    failedSeen: 0,
    backoff: null,
    unreachable: null,
    markedChanged: new Set(),
    live: null,
    changedBy: new Map(),
    detail: null,
    detailsRead: 0,
    filter: null,
    selected: new Set(),
    sequences: { items: [], loading: false, error: null },
    sequence: null,
    me: null,
    history: { undo: null, redo: null },
    archived: NO_ARCHIVED,
    search: NO_SEARCH,
    threads: NO_THREADS,
    threadsOffered: undefined,
    threadUnfolded: false,
    outgoing: [],
    presence: [],
  };
}

export function createBoardStore(client: Client, opts: BoardStoreOptions = {}): BoardStore {
  return createStore<BoardState>()((set, get, api) => {
    const core: Core<BoardState> = {
      // Watched, so the status bar can name an unreachable server before what it broke.
      client: watchReach(client, { get: () => get().unreachable, set: (unreachable) => set({ unreachable }) }),
      pageSize: opts.pageSize ?? 50,
      concurrency: opts.concurrency ?? 4,
      queue: new KeyedQueue(opts.concurrency ?? 4),
      folds: new FoldLog(),
      generation: 0,
      get,
      set: (patch) => set(patch),
      update: makeUpdate(get, set),
      fail(e) {
        const text = errorText(e);
        // The client has given up: no retry is coming, so no countdown either.
        set({ lastError: text, backoff: null });
        return text;
      },
    };

    const status = makeStatusActions(core, opts.now ?? Date.now);
    // The client reports retries and waits through its optional onBackoff
    // hook; chain onto it (keeping any observer already there) when writable.
    try {
      const prior = client.onBackoff;
      client.onBackoff = (info) => {
        prior?.(info);
        status.noteBackoff(info);
      };
    } catch {
      // A frozen client: the app calls noteBackoff itself.
    }

    // The history is made below, from the engine; a tag's deletion is recorded there as final.
    const tags = makeTags(
      core,
      (label, why, sent, back) => history.barrier(label, why, sent, back),
      (id) => {
        // The deletion made each card that had the tag one version newer.
        const v = engine.versionOf(id);
        if (v !== undefined) engine.sawVersion(id, v + 1);
      },
    );
    const pages = makePaging(core);
    // Details read ahead (and by earlier openings): dropped by the card's own
    // mutations and by the reloads that follow a change, cleared by a refresh.
    const cache = new DetailCache();
    // Replies go through the history (History.run), made below; the thread is read ahead with the detail.
    const thread = makeThread(core, (input, focus, undoable) => history.run(input, focus, undoable));
    const prefetch = makeDetailPrefetch(
      core,
      cache,
      (listener) => api.subscribe(listener),
      Date.now,
      (id) => void thread.loadThread(id),
    );
    const detail = makeCardDetail(core, cache);
    const reloadDetail = (cardId: CardId): Promise<void> => {
      cache.drop(cardId);
      return detail.reloadDetail(cardId);
    };
    const mailHealth = makeMailHealth(core);
    // Made before the refresh it asks for once targets change; `refresh` is defined below.
    const targets = makeTargets(core, () => refresh.refresh());
    // Read beside the board's columns whenever they are: its tags, whether its mail comes in, its response targets.
    const beside = (boardId: number, gen: number): Promise<void> =>
      Promise.all([
        tags.loadTags(boardId, gen),
        mailHealth.loadMailHealth(boardId, gen),
        targets.loadTargets(boardId, gen),
      ]).then(() => undefined);
    const reads = makeRefresh(core, beside);
    const refresh = {
      ...reads,
      // The open detail and its thread follow every read of the board (follow-open.ts).
      refresh: async () => {
        await prefetch.during(() => reads.refresh());
        await followOpen({ get, reloadDetail, loadThread: (id, o) => thread.loadThread(id, o) });
      },
    };
    const board = makeBoard(core, pages, beside);
    const engine = makeEngine(core, {
      columnId: board.columnId,
      reloadColumns: board.reloadColumns,
      loadBoards: () => board.actions.loadBoards(),
      reloadDetail,
      foldIntoDetail: detail.foldIntoDetail,
      refresh: () => refresh.refresh(),
      shownVersion: (id) => {
        const open = core.get().detail;
        return open?.cardId === id ? open.data?.Version : undefined;
      },
    });
    const history = makeHistory(core, engine);
    const me = makeMe(core);
    const presence = makePresence(core);
    const notifications = makeNotifications(core);
    const live =
      opts.live === true
        ? makeLive(core, {
            refresh: () => refresh.refresh(),
            loadBoards: () => board.actions.loadBoards(),
            boardGone: (by) => {
              closeOpenBoard(core);
              reportFailure(core, new Error(`${sanitize(by)} archived this board: pick another`));
              void board.actions.loadBoards();
            },
            loadMe: () => me.loadMe(),
            loadPresence: () => presence.loadPresence(),
            loadNotifications: () => notifications.loadNotifications(),
            watch: (listener) => api.subscribe(listener),
          })
        : { stopLive: () => undefined };

    return {
      ...initialData(),
      me: opts.meEmail === undefined ? null : { email: opts.meEmail, userId: null },
      // The board: the list, the open one, its pages, refresh, detail, cursor, filter, selection.
      ...board.actions,
      ...pages.actions,
      ...refresh,
      ...detail.actions,
      prefetchWhileIdle: (idleMs) => prefetch.start(idleMs),
      ...makeDetailPeek(core, cache, detail.detailOf),
      ...makeCursorActions(core),
      ...makeFilterActions(core),
      ...makeJump(core, {
        openBoard: (id) => board.actions.openBoard(id),
        loadMore: (label) => pages.actions.loadMore(label),
      }),
      ...makeArchived(core),
      ...makeSearch(core),
      ...makeSnoozed(core),
      ...makeRules(core),
      ...makeReport(core),
      ...makeCustomer(core),
      ...notifications,
      ...targets.actions,
      ...makeWaitingSort(core),
      // Changes: card mutations, comments, tags.
      ...makeCardMutations(history.run, () => get().boardId),
      ...history.actions,
      ...makeComments(core, history, reloadDetail, engine),
      ...tags.actions,
      ...makeBoardAdmin(core, {
        loadBoards: () => board.actions.loadBoards(),
        reloadColumns: board.reloadColumns,
        refresh: () => refresh.refresh(),
      }),
      ...thread,
      ...makeOutbox(core, opts.timers, opts.localSendDelayMs, (o) =>
        history.forgetSent((m) => m.kind === 'reply' && m.cardId === o.cardId),
      ),
      ...makeSendMail(core, {
        loadThread: (id, o) => thread.loadThread(id, o),
        refresh: () => refresh.refresh(),
        focus: (id) => get().focusCardId(id),
      }),
      ...presence,
      ...makeSequences(core),
      ...me,
      ...live,
      ...status,
      offers: (ext) => client.offers(ext),
      getAttachment: (id) => core.client.getAttachment(id),
    };
  });
}
