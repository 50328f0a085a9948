/**
 * Refreshes the open board every `seconds` (0 = off) while it is not live:
 * with the server's events coming (store/events.ts) a teammate's change
 * arrives at once, and reading the board again would only cost the server.
 * The store's refresh replays pending changes on top, keeps the cursor on
 * its card and marks what others changed; a refresh still running is never
 * doubled up. The status bar says which ("live", "polling every 30 s") and
 * when the last one ended (flows/refresh.ts).
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import { refreshBoard } from '../flows/refresh.js';

export function useAutoRefresh(store: BoardStore, boardId: number | null, seconds: number): void {
  useEffect(() => {
    if (boardId === null || !(seconds > 0)) return;
    let running = false;
    const timer = setInterval(() => {
      if (running || store.getState().live === 'live') return;
      running = true;
      // Without the stream nothing says the member's notifications changed: they are read with the board.
      void store.getState().loadNotifications();
      // Through the clock like `r`, so the status bar's "refreshed HH:MM" is the board's age.
      void refreshBoard(store).finally(() => {
        running = false;
      });
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [store, boardId, seconds]);
}
