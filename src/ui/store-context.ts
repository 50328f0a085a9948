/** The board store, handed to components through React context. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { BoardState, BoardStore } from '../store/index.js';

export const StoreContext = createContext<BoardStore | null>(null);

export function useBoardStore(): BoardStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('StoreContext is missing');
  return store;
}

/** A narrow read of the store; the selector must return a stable value. */
export function useBoard<T>(selector: (s: BoardState) => T): T {
  return useStore(useBoardStore(), selector);
}
