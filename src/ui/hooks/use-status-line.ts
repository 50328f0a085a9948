/**
 * What the status bar says of the store: the open board's name, changes on
 * their way, being checked and failed, the last error, the selection, the wait while
 * backing off, and when the board was last refreshed.
 */
import { useShallow } from 'zustand/react/shallow';
import type { BoardStore } from '../../store/index.js';
import { selectStatus } from '../../store/index.js';
import { sanitize } from '../../text/sanitize.js';
import { refreshClock } from '../flows/refresh.js';
import type { StatusBarProps } from '../StatusBar.js';
import { useBoard } from '../store-context.js';
import { useCountdown } from './use-countdown.js';

export type StatusLine = Pick<
  StatusBarProps,
  | 'board'
  | 'pending'
  | 'checking'
  | 'failed'
  | 'error'
  | 'tagsFailed'
  | 'selected'
  | 'waitSeconds'
  | 'refresh'
  | 'outgoing'
> & { stuckMail: string | null };

export function useStatusLine(store: BoardStore): StatusLine {
  const boardName = useBoard((s) => s.boards.items.find((b) => b.Id === s.boardId)?.Name ?? null);
  const status = useBoard(useShallow(selectStatus));
  const wait = useCountdown(status.backoff?.until ?? null);
  // The newest reply on its way out, counted down while it can be taken back.
  const out = useBoard((s) => s.outgoing.at(-1) ?? null);
  const outLeft = useCountdown(out?.sendsAt ?? null);
  const more = useBoard((s) => s.outgoing.length - 1);
  return {
    board: boardName === null ? 'no board' : sanitize(boardName),
    pending: status.pending,
    checking: status.checking,
    failed: status.failed,
    error: status.error,
    tagsFailed: status.tagsFailed,
    selected: status.selected,
    waitSeconds: wait,
    refresh: refreshClock(store),
    stuckMail: status.stuckMail,
    outgoing:
      out === null || outLeft === null
        ? null
        : `Reply to ${out.to} sends in ${outLeft} s · u undo${more > 0 ? ` (+${more} more waiting)` : ''}`,
  };
}
