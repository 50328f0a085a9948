import { Box, useApp, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { BoardStore } from '../store/index.js';
import { selectColumns, selectStatus } from '../store/index.js';
import { useShallow } from 'zustand/react/shallow';
import { Board } from './Board.js';
import { BoardPicker } from './BoardPicker.js';
import { CardDetail } from './CardDetail.js';
import { Help } from './Help.js';
import { actionFor, hintsFor, keyName, type Scope } from './keymap.js';
import { StatusBar } from './StatusBar.js';
import { runBoardAction } from './hooks/use-board-keys.js';
import { useCountdown } from './hooks/use-countdown.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { StoreContext, useBoard } from './store-context.js';
import { sanitize } from '../text/sanitize.js';

export interface AppProps {
  store: BoardStore;
  /** "embedded" or the remote host, for the status bar. */
  backend: string;
  /** Open this board at once instead of the picker. */
  initialBoardId?: number | null;
}

type Screen = 'picker' | 'board' | 'detail';

export function App(props: AppProps) {
  return (
    <StoreContext.Provider value={props.store}>
      <Shell {...props} />
    </StoreContext.Provider>
  );
}

function Shell({ store, backend, initialBoardId }: AppProps) {
  const { exit } = useApp();
  const { columns: width, rows } = useTerminalSize();
  const [screen, setScreen] = useState<Screen>(initialBoardId ? 'board' : 'picker');
  const [help, setHelp] = useState(false);
  const [scroll, setScroll] = useState(0);
  const boards = useBoard((s) => s.boards);
  const boardId = useBoard((s) => s.boardId);
  const boardName = useBoard((s) => s.boards.items.find((b) => b.Id === s.boardId)?.Name ?? null);
  const columns = useBoard(selectColumns);
  const detail = useBoard((s) => s.detail);
  const status = useBoard(useShallow(selectStatus));
  const wait = useCountdown(status.backoff?.until ?? null);

  useEffect(() => {
    const s = store.getState();
    if (initialBoardId) void s.openBoard(initialBoardId).catch(() => undefined);
    void s.loadBoards().catch(() => undefined);
  }, [store, initialBoardId]);

  // Ink 6 clears and redraws everything when a frame reaches the terminal's
  // height: keep it one line shorter. Two lines go to the status bar.
  const bodyHeight = Math.max(3, rows - 1 - 2);
  const scope: Scope = screen;

  useInput((input, key) => {
    const name = keyName(input, key);
    const action = actionFor(help ? 'global' : scope, name);
    if (help) {
      if (action === 'help' || action === 'back' || action === 'quit') setHelp(false);
      return;
    }
    if (action === 'quit' && !(screen === 'detail' && name === 'q')) return exit();
    if (action === 'help') return setHelp(true);
    const s = store.getState();
    if (screen === 'detail') {
      if (action === 'back') {
        s.closeCard();
        setScreen('board');
      } else if (action === 'card.next') setScroll((v) => v + 1);
      else if (action === 'card.prev') setScroll((v) => Math.max(0, v - 1));
      return;
    }
    if (screen === 'picker') {
      if (action === 'back' && boardId !== null) setScreen('board');
      if (name === 'r') void s.loadBoards().catch(() => undefined);
      return;
    }
    if (action === 'open' && s.cursor.cardId !== null && s.cursor.cardId > 0) {
      setScroll(0);
      setScreen('detail');
      void s.openCard(s.cursor.cardId).catch(() => undefined);
      return;
    }
    if (action === 'board.switch') {
      setScreen('picker');
      void s.loadBoards().catch(() => undefined);
      return;
    }
    if (action === 'back') return s.clearError();
    if (action !== undefined) runBoardAction(store, action, Math.max(1, bodyHeight - 4));
  });

  const openBoard = (id: number) => {
    setScreen('board');
    if (id !== boardId) void store.getState().openBoard(id).catch(() => undefined);
  };

  return (
    <Box flexDirection="column" width={width}>
      {help ? (
        <Help scope={scope} height={bodyHeight} />
      ) : screen === 'picker' ? (
        <BoardPicker
          boards={boards.items}
          loading={boards.loading}
          error={boards.error}
          currentId={boardId}
          width={width}
          height={bodyHeight}
          isFocused={!help}
          onSelect={openBoard}
        />
      ) : screen === 'detail' && detail !== null ? (
        <CardDetail detail={detail} columns={columns} width={width} height={bodyHeight} scroll={scroll} />
      ) : (
        <Board width={width} height={bodyHeight} filter={null} />
      )}
      <StatusBar
        width={width}
        board={boardName === null ? 'no board' : sanitize(boardName)}
        backend={backend}
        pending={status.pending}
        failed={status.failed}
        error={status.error}
        waitSeconds={wait}
        notice={null}
        hints={hintsFor(scope)}
      />
    </Box>
  );
}
