import { Box, Text } from 'ink';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { isKeyRefusal } from '../config/key-refused.js';
import { selectBoardName, selectColumns, selectCursor } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { fit } from '../text/width.js';
import { Column } from './Column.js';
import type { BoardFilter } from './filter.js';
import { previewWidth } from './hooks/use-preview.js';
import { columnWindow } from './layout.js';
import { Preview } from './Preview.js';
import { useBoard } from './store-context.js';
import { keyOf, press } from './keys/active.js';
import type { SeenClock } from './keys/seen-clock.js';
import { viewList, viewOf } from './views.js';
import { ViewTabs } from './ViewTabs.js';
import { color } from './theme.js';
import { useMinute } from './hooks/use-minute.js';
import { isLate } from './waiting-words.js';
import { targetsWords } from '../text/response-targets.js';
import type { BoardState, CardTable } from '../store/index.js';

export interface BoardProps {
  width: number;
  /** Lines available to the board, header included. */
  height: number;
  filter: BoardFilter | null;
  /** Told when this board's cards are drawn: keys that change a card check it (keys/seen-clock.ts). */
  seenClock?: SeenClock<number>;
}

/** The open board: a header line, the saved views' tabs if any, then the columns that fit, side by side. */
export function Board({ width, height, filter, seenClock }: BoardProps) {
  const columns = useBoard(selectColumns);
  const cursor = useBoard(selectCursor);
  const name = useBoard(selectBoardName);
  const loading = useBoard((s) => s.boardLoading);
  const error = useBoard((s) => s.boardError);
  const start = useRef(0);
  const boardId = useBoard((s) => s.boardId);
  const sorted = useBoard((s) => s.sortByWaiting);
  const targets = useBoard((s) => s.boardTargets);
  // Only a board with targets has cards past them: without, a page or a move must not re-render the board.
  const cards = useBoard((s) => (hasTargets(s.boardTargets) ? s.view.cards : null));
  const unread = useBoard((s) => s.notifications.unread);
  const now = useMinute();
  const late = useMemo(() => (cards === null ? 0 : lateCount(cards, now)), [cards, now]);
  const anyCard = cursor.cardId !== null;
  useLayoutEffect(() => {
    if (seenClock === undefined) return;
    if (anyCard && boardId !== null) seenClock.drawn(boardId);
    else seenClock.blank(boardId);
  });

  const win = columnWindow(columns.length, cursor.col, width, start.current);
  start.current = win.start;
  const range =
    columns.length > win.end - win.start ? `  columns ${win.start + 1}–${win.end} of ${columns.length}` : '';
  // A saved view is named as such (views.ts); any other filter by what it filters.
  const view = filter !== null && filter.spec.tagId === null ? viewOf(filter.spec.text) : null;
  const filterText = filter
    ? `  ${view === null ? `filter: ${filter.label}` : `view ${view.n}: ${sanitize(view.name)}`} (${filter.ids.size} ${filter.ids.size === 1 ? 'match' : 'matches'})`
    : '';
  // With saved views, a line of tabs says which number shows which (0: every card, when no filter is on).
  const tabs = viewList().length > 0;
  const current = filter === null ? 0 : (view?.n ?? null);
  const lateText = late > 0 ? `  ${late} late` : '';
  const notesKey = keyOf('board', 'notifications.list');
  const notesText =
    unread !== null && unread > 0
      ? `  ${unread} unread notification${unread === 1 ? '' : 's'}${notesKey === null ? '' : ` (${notesKey})`}`
      : '';
  const sortText = sorted ? '  sorted: longest waiting first' : '';
  const targetsText = targets !== null && hasTargets(targets) ? `  targets: ${targetsWords(targets)}` : '';
  const header = `${name === null ? 'inboard' : sanitize(name)}${notesText}${range}${lateText}${sortText}${filterText}${targetsText}${loading ? '  loading…' : ''}`;

  return (
    <Box flexDirection="column" height={height}>
      <Text bold>{fit(header, width)}</Text>
      {tabs && <ViewTabs width={width} current={current} />}
      {error !== null && columns.length === 0 ? (
        <Text color={color('error')}>
          {fit(
            isKeyRefusal(error)
              ? `✗ ${error}`
              : `✗ ${error} — ${press('board', 'board.refresh')} to retry, ${keyOf('board', 'board.switch') ?? 'the board list'} for boards`,
            width,
          )}
        </Text>
      ) : columns.length === 0 && !loading && error === null ? (
        // A new board has no columns, and with none nothing else works (n
        // has nowhere to put a card): say what to do instead of a blank screen.
        <Text dimColor>
          {fit(
            `No columns yet — ${press('board', 'column.new')} to add one, ${keyOf('board', 'board.switch') ?? 'the board list'} for other boards`,
            width,
          )}
        </Text>
      ) : (
        <Box flexDirection="row">
          {columns.slice(win.start, win.end).map((col, i) => (
            <Column
              key={col.label}
              column={col}
              width={win.width}
              rows={height - (tabs ? 3 : 2)}
              active={win.start + i === cursor.col}
              cursorId={win.start + i === cursor.col ? cursor.cardId : null}
              filter={filter?.ids ?? null}
              now={now}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

const hasTargets = (t: BoardState['boardTargets']): boolean =>
  t !== null && (t.FirstResponseSeconds !== null || t.NextResponseSeconds !== null);

/** The loaded cards whose answer is past the board's target at `now`. */
function lateCount(cards: CardTable, now: number): number {
  let n = 0;
  for (const c of cards.values()) if (c.responseDue != null && isLate(c, now)) n++;
  return n;
}

export interface BoardPaneProps extends Required<BoardProps> {
  /** False while another screen or a full-screen overlay is drawn over it: hidden, not unmounted. */
  visible: boolean;
  /** The preview pane is on (hooks/use-preview.ts). */
  preview: boolean;
  /** The board is the screen shown: only then is the pane drawn. */
  onBoard: boolean;
}

/**
 * The board with the focused card's detail beside it (p). The board keeps
 * its width under the other screens (no relayout on Enter and Esc); the
 * pane is drawn only while the board is.
 */
export function BoardPane({ width, height, filter, seenClock, visible, preview, onBoard }: BoardPaneProps) {
  const boardWidth = preview ? width - previewWidth(width) : width;
  return (
    <Box display={visible ? 'flex' : 'none'} flexDirection="row">
      <Box flexDirection="column" width={boardWidth}>
        <Board width={boardWidth} height={height} filter={filter} seenClock={seenClock} />
      </Box>
      {boardWidth < width && onBoard && <Preview width={width - boardWidth} height={height} filter={filter} />}
    </Box>
  );
}
