import { Box, useApp } from 'ink';
import { useMemo } from 'react';
import type { BoardStore } from '../store/index.js';
import { BoardPane } from './Board.js';
import { Help } from './Help.js';
import { hintsFor } from './keymap.js';
import { useOverlays } from './overlay.js';
import { coversBody, OverlayView, overlayHeight } from './OverlayView.js';
import { StatusBar, statusBarRows } from './StatusBar.js';
import { screenBody } from './screen-body.js';
import { KeyRouter, KeyRouterContext } from './hooks/use-key-router.js';
import { HelpContext } from './hooks/use-help.js';
import { KeyScopeContext } from './hooks/use-key-scope.js';
import { REACTION_MS } from './keys/context.js';
import { useBoardFilter } from './hooks/use-board-filter.js';
import { useBoardSeen } from './hooks/use-board-seen.js';
import { useAutoRefresh } from './hooks/use-auto-refresh.js';
import { useNotifyAlerts } from './hooks/use-notify-alerts.js';
import { useHintScope } from './hooks/use-hint-scope.js';
import { useNavigation } from './hooks/use-navigation.js';
import { useNotice } from './hooks/use-notice.js';
import { useScreenData } from './hooks/use-screen-data.js';
import { useScreenInput } from './hooks/use-screen-input.js';
import { useStartup } from './hooks/use-startup.js';
import { useStatusLine } from './hooks/use-status-line.js';
import { usePresence } from './hooks/use-presence.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { usePreview } from './hooks/use-preview.js';
import { useQuit } from './hooks/use-quit.js';
import { StoreContext } from './store-context.js';
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

/** The hooks that hold the app's concerns, composed; and the layout. */
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
  const [notice, notify] = useNotice();
  const quit = useQuit(store, notify);
  const overlays = useOverlays(router);
  const overlay = overlays.current;
  const { filter, latest: latestFilter } = useBoardFilter(store);
  const nav = useNavigation({
    store,
    router,
    initial: initialBoardId ? 'board' : 'picker',
    markReadOnOpen,
    filter: latestFilter,
    reactionMs,
  });
  const { screen, help } = nav;
  const hints = useHintScope(nav, overlay);
  const data = useScreenData();
  const statusLine = useStatusLine(store);
  usePresence(store, screen, overlay);
  useAutoRefresh(store, screen === 'picker' ? null : data.boardId, refreshSeconds);
  useNotifyAlerts(store);
  useStartup(store, initialBoardId);
  const preview = usePreview(width);
  const board = useBoardSeen(store, reactionMs);

  // Ink 6 clears and redraws everything when a frame reaches the terminal's
  // height: keep it one line shorter. Two lines or more go to the status bar (a long message wraps).
  const bodyHeight = Math.max(3, rows - 1 - statusBarRows(width, statusLine.error, notice, statusLine.stuckMail));
  const promptLines = overlay !== null && !coversBody(overlay) ? overlayHeight(overlay, bodyHeight) : 0;

  const pickerAction = useScreenInput({
    router,
    overlays,
    nav,
    notify,
    quit,
    backend,
    // Ctrl+C quits at once.
    interrupt: exit,
    keys: {
      store,
      boardSeen: board.seen,
      filter: latestFilter,
      pageRows: Math.max(1, bodyHeight - 4),
      togglePreview: preview.toggle,
    },
  });

  const bodyRows = bodyHeight - promptLines;
  // What covers the screen's body: the help, a picker, the search or the sequences.
  const full = overlay !== null && promptLines === 0 ? overlay : null;
  const covered = help !== null || full !== null;
  const body = screenBody({ ...data, nav, width, height: bodyRows, pickerActive: overlay === null, pickerAction });

  // The board stays mounted under the card detail, help and full-screen
  // pickers, hidden rather than unmounted: Esc then redraws ~165 rows that
  // React already has instead of building them again (and each column keeps
  // its scroll offset). The board list and a full-screen overlay stay
  // mounted under the help the same way, and so keep their highlight and
  // filter (the help takes the keys meanwhile: see Help).
  const shown = (on: boolean) => (on ? 'flex' : 'none');
  return (
    <HelpContext.Provider value={nav.openHelp}>
      <KeyScopeContext.Provider value={hints.setOverlayKeys}>
        <Box flexDirection="column" width={width}>
          {screen !== 'picker' && (
            <BoardPane
              width={width}
              height={bodyRows}
              filter={filter}
              seenClock={board.clock}
              visible={body === null && !covered}
              preview={preview.shown}
              onBoard={screen === 'board'}
            />
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
          {help !== null && <Help scope={help} width={width} height={bodyHeight} onClose={nav.closeHelp} />}
          {help === null && overlay !== null && promptLines > 0 && (
            <OverlayView overlay={overlay} width={width} height={promptLines} />
          )}
          <StatusBar
            width={width}
            backend={backend}
            {...statusLine}
            filter={filter?.label ?? null}
            notice={notice}
            hints={hintsFor(
              hints.scope,
              // A prompt whose Enter doesn't save says what it does ("Enter jump").
              help === null && overlay?.kind === 'text' && overlay.submit !== undefined
                ? { 'prompt.submit': overlay.submit }
                : {},
            )}
            pollSeconds={refreshSeconds}
          />
        </Box>
      </KeyScopeContext.Provider>
    </HelpContext.Provider>
  );
}
