/**
 * Refreshes the open board every `seconds` (0 = off). The store's refresh
 * replays pending changes on top, keeps the cursor on its card and marks
 * what others changed; a refresh still running is never doubled up. The
 * status bar says when the last one ended (flows/refresh.ts).
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import { refreshBoard } from '../flows/refresh.js';

export function useAutoRefresh(store: BoardStore, boardId: number | null, seconds: number): void {
  useEffect(() => {
    if (boardId === null || !(seconds > 0)) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      // Through the clock like `r`, so the status bar's "refreshed HH:MM" is the board's age.
      void refreshBoard(store).finally(() => {
        running = false;
      });
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [store, boardId, seconds]);
}
