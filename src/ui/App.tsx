import { Box, useApp, useInput, type Key } from 'ink';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BoardStore } from '../store/index.js';
import { liveDetail, selectColumns, selectStatus } from '../store/index.js';
import { useShallow } from 'zustand/react/shallow';
import { Board, type Drawn } from './Board.js';
import { BoardPicker } from './BoardPicker.js';
import { CardDetail } from './CardDetail.js';
import { newBoard } from './flows/board-flows.js';
import type { Flow } from './flows/flow.js';
import { refreshClock } from './flows/refresh.js';
import { Help } from './Help.js';
import { drawNextFrameAtOnce } from './ink-overrides/throttle.js';
import type { DetailSel } from './detail-selection.js';
import { markReadOnOpen as markRead } from './flows/read-flows.js';
import { actionFor, hintsFor, keyName, screenBindingOf, type Action, type Scope } from './keymap.js';
import { overlayScope, useOverlays } from './overlay.js';
import { OverlayView, overlayHeight } from './OverlayView.js';
import { StatusBar, statusBarRows } from './StatusBar.js';
import { Preview } from './Preview.js';
import { TriageScreen } from './TriageScreen.js';
import { KeyRouter, KeyRouterContext } from './hooks/use-key-router.js';
import { HelpContext } from './hooks/use-help.js';
import { KeyScopeContext } from './hooks/use-key-scope.js';
import { REACTION_MS, type ScreenKeys } from './keys/context.js';
import { useBoardFilter } from './hooks/use-board-filter.js';
import { useAutoRefresh } from './hooks/use-auto-refresh.js';
import { useCountdown } from './hooks/use-countdown.js';
import { useNotice } from './hooks/use-notice.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { usePreview, previewWidth } from './hooks/use-preview.js';
import { useTriage } from './hooks/use-triage.js';
import { useLatestState } from './hooks/use-latest-state.js';
import { useQuit } from './hooks/use-quit.js';
import { StoreContext, useBoard } from './store-context.js';
import { sanitize } from '../text/sanitize.js';
import { REFRESH_SECONDS } from '../config/defaults.js';

export interface AppProps {
  store: BoardStore;
  /** "embedded" or the remote host, for the status bar. */
  backend: string;
  /** Open this board at once instead of the picker. */
  initialBoardId?: number | null;
  /** Auto-refresh of the open board, in seconds; 0 turns it off. Default 30. */
  refreshSeconds?: number;
  /**
   * How long (ms) a board must have been on screen before a key may move a
   * card on it (keys/context.ts REACTION_MS); tests that drive keys faster
   * than a person pass 0.
   */
  reactionMs?: number;
  /** Opening a card's detail marks it read (config `markReadOnOpen`). Default true. */
  markReadOnOpen?: boolean;
}

type Screen = 'picker' | 'board' | 'detail' | 'triage';

export function App(props: AppProps) {
  const router = useMemo(() => new KeyRouter(), []);
  return (
    <StoreContext.Provider value={props.store}>
      <KeyRouterContext.Provider value={router}>
        <Shell {...props} router={router} />
      </KeyRouterContext.Provider>
    </StoreContext.Provider>
  );
}

function Shell({
  store,
  backend,
  initialBoardId,
  reactionMs = REACTION_MS,
  markReadOnOpen = true,
  refreshSeconds = REFRESH_SECONDS,
  router,
}: AppProps & { router: KeyRouter }) {
  const { exit } = useApp();
  const { columns: width, rows } = useTerminalSize();
  const [screen, setScreen, screenNow] = useLatestState<Screen>(initialBoardId ? 'board' : 'picker');
  // The `?` help and the keymap scope it lists (what was open when `?` was pressed).
  const [help, setHelp] = useState<Scope | null>(null);
  const [scroll, setScroll] = useState(0);
  // Key handlers read these through their refs: a key right after the one
  // that changed them (same read, or before React renders) sees the change.
  const [detailSel, setDetailSel, detailSelNow] = useLatestState<DetailSel | null>(null);
  // A narrower scope named by the open overlay (a picker filtering), for the footer.
  const [overlayKeys, setOverlayKeys] = useState<Scope | null>(null);
  const [notice, notify] = useNotice();
  const quit = useQuit(store, notify);
  const overlays = useOverlays(router);
  const boards = useBoard((s) => s.boards);
  const boardId = useBoard((s) => s.boardId);
  const boardName = useBoard((s) => s.boards.items.find((b) => b.Id === s.boardId)?.Name ?? null);
  const columns = useBoard(selectColumns);
  const stored = useBoard((s) => s.detail);
  const pending = useBoard((s) => s.pending);
  // The detail with the user's changes still on their way drawn over it (a tick, a read mark).
  const detail = useMemo(
    () => (stored?.data == null ? stored : { ...stored, data: liveDetail(stored.data, pending) }),
    [stored, pending],
  );
  const sequenceOpen = useBoard((s) => s.sequence !== null);
  const status = useBoard(useShallow(selectStatus));
  const wait = useCountdown(status.backoff?.until ?? null);
  useAutoRefresh(store, screen === 'picker' ? null : boardId, refreshSeconds);

  // run.tsx opens the board and loads the list before the first render (while
  // Ink loads); ask again only for what nobody asked for yet.
  useEffect(() => {
    const s = store.getState();
    if (initialBoardId && s.boardId !== initialBoardId) void s.openBoard(initialBoardId).catch(() => undefined);
    if (s.boards.items.length === 0 && !s.boards.loading) void s.loadBoards().catch(() => undefined);
  }, [store, initialBoardId]);

  // Whether an archive can be undone here, so its y/n can say so (store/undo.ts).
  useEffect(() => {
    if (boardId !== null) void store.getState().learnRestore();
  }, [store, boardId]);
  // Whose key this is, so a teammate's comment is not offered for editing (store/me.ts).
  useEffect(() => void store.getState().loadMe(), [store]);
  // The focused card's detail is read while the cursor rests on it, so Enter draws it whole.
  useEffect(() => store.getState().prefetchWhileIdle(), [store]);

  const { filter, latest: latestFilter } = useBoardFilter(store);
  const triage = useTriage({
    store,
    filter: latestFilter,
    markRead: markReadOnOpen,
    reactionMs,
    onScreen: (on) => setScreen(on ? 'triage' : 'board'),
  });
  const preview = usePreview(width);
  // Since when the open board's cards are on screen: a key that changes a card acts only on one the user has seen.
  const drawn = useRef<Drawn>({ boardId: null, since: null });

  // Ink 6 clears and redraws everything when a frame reaches the terminal's
  // height: keep it one line shorter. Two lines or more go to the status bar (a long message wraps).
  const bodyHeight = Math.max(3, rows - 1 - statusBarRows(width, status.error, notice));
  const overlay = overlays.current;
  const promptLines =
    overlay !== null && overlay.kind !== 'pick' && overlay.kind !== 'sequences'
      ? overlayHeight(overlay, bodyHeight)
      : 0;
  // What takes the keys now names the footer's hints: the help, else what is
  // open over the screen, else the screen.
  // (The board list is a picker too: while it filters, it names `pick-filter`.)
  const keyScope: Scope =
    help !== null
      ? 'help'
      : (overlayKeys ?? (overlay === null ? screen : (overlayScope(overlay, sequenceOpen) ?? screen)));

  // Into or out of the board list, whose picker takes keys through the
  // router: keys typed after the one that switches wait until it is drawn
  // (`b j ⏎` walks the list; Enter then `j` walks the board opened).
  const goTo = (next: Screen): void => {
    if (screenNow.current === next) return;
    router.expectChange();
    setScreen(next);
  };
  // The help takes keys once drawn, and gives them back once gone: keys
  // typed meanwhile wait (`?` then Esc then j in one read walk what was open).
  const openHelp = useCallback(
    (scope: Scope) => {
      router.expectChange();
      setHelp(scope);
    },
    [router],
  );
  const closeHelp = useCallback(() => {
    router.expectChange();
    setHelp(null);
  }, [router]);

  const openBoard = useCallback(
    (id: number) => {
      goTo('board');
      // Picked from the list, even the open board starts unfiltered.
      store.getState().setFilter(null);
      if (id !== store.getState().boardId)
        void store
          .getState()
          .openBoard(id)
          .catch(() => undefined);
    },
    // goTo reads the screen through its ref: the same function in effect on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store],
  );

  const flow: Flow = {
    store,
    overlays,
    // A success outdates the error of an earlier attempt: show the notice.
    notify: (text) => {
      store.getState().clearError();
      notify(text);
    },
  };
  const keys: ScreenKeys = {
    boardSeen: () => {
      const d = drawn.current;
      return d.since !== null && d.boardId === store.getState().boardId && performance.now() - d.since >= reactionMs;
    },
    store,
    flow,
    filter: latestFilter,
    openDetail: (id) => {
      setScroll(0);
      setDetailSel(null);
      setScreen('detail');
      void store
        .getState()
        .openCard(id)
        .catch(() => undefined);
      if (markReadOnOpen) markRead(store, id);
    },
    closeDetail: () => {
      store.getState().closeCard();
      setDetailSel(null);
      setScreen('board');
    },
    detailSel: () => detailSelNow.current,
    setDetailSel,
    scrollBy: (d) => setScroll((v) => Math.max(0, v + d)),
    showBoardList: () => {
      goTo('picker');
      void store
        .getState()
        .loadBoards()
        .catch(() => undefined);
    },
    pageRows: Math.max(1, bodyHeight - 4),
    key: '',
    triage: triage.host,
    togglePreview: preview.toggle,
  };

  // The one key router: the help, else an open overlay takes every key; then
  // the screen. Ink re-subscribes a changed handler only in a later effect, so
  // the subscribed handler is stable and reads this render's through a ref:
  // a key right after another sees the state the first one left.
  const onKey = useRef<(input: string, key: Key) => void>(() => undefined);
  useInput(
    useCallback(
      (input: string, key: Key) => {
        // What a key does is drawn at once, not at the frame throttle's next edge (ink-overrides/throttle.ts).
        drawNextFrameAtOnce();
        // Ctrl+C quits from anywhere, an open prompt included.
        if (key.ctrl && input === 'c') return onKey.current(input, key);
        router.feed(input, key);
      },
      [router],
    ),
  );
  useLayoutEffect(() => router.setScreen((input, key) => onKey.current(input, key)), [router]);
  // Every commit: once the overlay drawn is the latest one asked for, its
  // handler is registered and the keys held meanwhile can go to it.
  useLayoutEffect(() => {
    if (overlays.drawn()) router.settle();
  });
  onKey.current = (input, key) => {
    // The screen as the previous key left it, rendered or not.
    const screen = screenNow.current;
    const name = keyName(input, key);
    if (name === 'C-c') return exit();
    const action = actionFor(screen, name);
    if (action === 'quit') return quit();
    if (action === 'help') return openHelp(screen);
    notify(null);
    if (screen === 'picker') return pickerAction(action);
    // The screen's binding runs, or says why it can't (keys/board-keys.ts, keys/detail-keys.ts).
    const binding = screenBindingOf(screen, name);
    if (binding === undefined || (screen === 'detail' && store.getState().detail === null)) return;
    const ctx = { ...keys, key: name };
    const why = binding.unavailable?.(ctx) ?? null;
    if (why !== null) return notify(why);
    binding.run(ctx);
  };
  /** The board list's keys that are not the list's own (BoardPicker hands them here). */
  const pickerAction = (action: Action | undefined): void => {
    if (action === 'quit') return quit();
    notify(null);
    if (action === 'list.close' && store.getState().boardId !== null) goTo('board');
    else if (action === 'list.reload')
      void store
        .getState()
        .loadBoards()
        .catch(() => undefined);
    else if (action === 'board.new') newBoard(flow, openBoard);
  };

  const bodyRows = bodyHeight - promptLines;
  // What covers the screen's body: the help, a picker or the sequences.
  const full = overlay !== null && promptLines === 0 ? overlay : null;
  const covered = help !== null || full !== null;
  let body = null;
  if (screen === 'picker')
    body = (
      <BoardPicker
        boards={boards.items}
        unreadable={boards.unreadable}
        loading={boards.loading}
        error={boards.error}
        currentId={boardId}
        width={width}
        height={bodyRows}
        isActive={overlay === null}
        onSelect={openBoard}
        onAction={pickerAction}
      />
    );
  else if (screen === 'detail' && detail !== null)
    body = (
      <CardDetail
        detail={detail}
        columns={columns}
        width={width}
        height={bodyRows}
        scroll={scroll}
        selected={detailSel}
      />
    );
  else if (screen === 'triage' && triage.triage !== null)
    body = <TriageScreen triage={triage.triage} width={width} height={bodyRows} />;

  // The board stays mounted under the card detail, help and full-screen
  // pickers, hidden rather than unmounted: Esc then redraws ~165 rows that
  // React already has instead of building them again (and each column keeps
  // its scroll offset). The board list and a full-screen overlay stay
  // mounted under the help the same way, and so keep their highlight and
  // filter (the help takes the keys meanwhile: see Help).
  const shown = (on: boolean) => (on ? 'flex' : 'none');
  // The focused card's detail beside the board (p). The board keeps its width
  // under the other screens (no relayout on Enter and Esc); the pane is drawn
  // only while the board is.
  const boardWidth = preview.shown ? width - previewWidth(width) : width;
  return (
    <HelpContext.Provider value={openHelp}>
      <KeyScopeContext.Provider value={setOverlayKeys}>
        <Box flexDirection="column" width={width}>
          {screen !== 'picker' && (
            <Box display={shown(body === null && !covered)} flexDirection="row">
              <Box flexDirection="column" width={boardWidth}>
                <Board width={boardWidth} height={bodyRows} filter={filter} drawn={drawn} />
              </Box>
              {boardWidth < width && screen === 'board' && (
                <Preview width={width - boardWidth} height={bodyRows} filter={filter} />
              )}
            </Box>
          )}
          {screen === 'picker' ? (
            <Box display={shown(!covered)} flexDirection="column">
              {body}
            </Box>
          ) : (
            !covered && body
          )}
          {full !== null && (
            <Box display={shown(help === null)} flexDirection="column">
              <OverlayView overlay={full} width={width} height={bodyHeight} />
            </Box>
          )}
          {help !== null && <Help scope={help} width={width} height={bodyHeight} onClose={closeHelp} />}
          {help === null && overlay !== null && promptLines > 0 && (
            <OverlayView overlay={overlay} width={width} height={promptLines} />
          )}
          <StatusBar
            width={width}
            board={boardName === null ? 'no board' : sanitize(boardName)}
            backend={backend}
            pending={status.pending}
            failed={status.failed}
            error={status.error}
            tagsFailed={status.tagsFailed}
            selected={status.selected}
            filter={filter?.label ?? null}
            waitSeconds={wait}
            notice={notice}
            hints={hintsFor(keyScope)}
            refresh={refreshClock(store)}
          />
        </Box>
      </KeyScopeContext.Provider>
    </HelpContext.Provider>
  );
}
