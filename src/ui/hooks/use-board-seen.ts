/**
 * Whether the open board's cards have been seen (Board tells the clock as it
 * draws them): a key that changes a card at once acts only on one the user
 * has seen (keys/seen-clock.ts, keys/context.ts REACTION_MS).
 */
import { useStdin } from 'ink';
import { useState } from 'react';
import type { BoardStore } from '../../store/index.js';
import { SeenClock } from '../keys/seen-clock.js';

export interface BoardSeen {
  /** For Board to tell as it draws the cards. */
  clock: SeenClock<number>;
  /** Whether the open board's cards have been seen by now. */
  seen: () => boolean;
}

export function useBoardSeen(store: BoardStore, reactionMs: number): BoardSeen {
  const { stdin } = useStdin();
  const [clock] = useState(() => new SeenClock<number>(reactionMs, stdin));
  const seen = (): boolean => {
    const id = store.getState().boardId;
    return id !== null && clock.seen(id);
  };
  return { clock, seen };
}
