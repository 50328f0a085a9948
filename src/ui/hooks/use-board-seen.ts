/**
 * Since when the open board's cards are on screen (Board notes it as it
 * draws them): a key that changes a card at once acts only on one the user
 * has seen (keys/context.ts REACTION_MS).
 */
import { useRef, type MutableRefObject } from 'react';
import type { BoardStore } from '../../store/index.js';
import type { Drawn } from '../Board.js';

export interface BoardSeen {
  /** For Board to fill in as it draws the cards. */
  drawn: MutableRefObject<Drawn>;
  /** Whether the open board's cards have been on screen for `reactionMs` by now. */
  seen: () => boolean;
}

export function useBoardSeen(store: BoardStore, reactionMs: number): BoardSeen {
  const drawn = useRef<Drawn>({ boardId: null, since: null });
  const seen = (): boolean => {
    const d = drawn.current;
    return d.since !== null && d.boardId === store.getState().boardId && performance.now() - d.since >= reactionMs;
  };
  return { drawn, seen };
}
