import { useApp } from 'ink';
import { useCallback, useEffect, useRef } from 'react';
import type { BoardStore } from '../../store/index.js';
import { providedDrafts } from '../drafts.js';

/**
 * Quitting with changes still on their way to the server would drop them
 * silently (the screen showed them done). So `quit` waits for them, saying
 * so in the status bar, and exits once none is pending; asked again, it
 * quits at once. Ctrl+C stays immediate (App calls `exit` for it).
 *
 * Drafts are what quitting keeps (run.tsx names them once the terminal is
 * restored): if the saved ones could not be read, say so once, at start.
 */
export function useQuit(store: BoardStore, notify: (text: string) => void): () => void {
  const { exit } = useApp();
  const waiting = useRef(false);
  useEffect(() => {
    const problem = providedDrafts()?.takeProblem() ?? null;
    if (problem !== null) notify(problem);
  }, [notify]);
  useEffect(
    () =>
      store.subscribe((s) => {
        if (waiting.current && s.pendingCount === 0) exit();
      }),
    [store, exit],
  );
  return useCallback(() => {
    const n = store.getState().pendingCount;
    if (n === 0 || waiting.current) return exit();
    waiting.current = true;
    notify(
      `Quitting once ${n === 1 ? 'the pending change reaches' : `${n} pending changes reach`} the server — q again quits now`,
    );
  }, [store, exit, notify]);
}
