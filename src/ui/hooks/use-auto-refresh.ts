/**
 * Refreshes the open board every `seconds` (0 = off). The store's refresh
 * replays pending changes on top, keeps the cursor on its card and marks
 * what others changed; a refresh still running is never doubled up.
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';

export function useAutoRefresh(store: BoardStore, boardId: number | null, seconds: number): void {
  useEffect(() => {
    if (boardId === null || !(seconds > 0)) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void store
        .getState()
        .refresh()
        .finally(() => {
          running = false;
        });
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [store, boardId, seconds]);
}
