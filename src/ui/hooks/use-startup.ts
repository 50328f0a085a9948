/**
 * What the app asks of the store once it is on screen: the board and the
 * board list nobody asked for yet, what the open board's server offers,
 * whose key this is, and the focused card read while the cursor rests.
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import { useBoard } from '../store-context.js';

export function useStartup(store: BoardStore, initialBoardId: number | null | undefined): void {
  const boardId = useBoard((s) => s.boardId);
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
}
