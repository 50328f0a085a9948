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
 * A reply the app holds itself (a server without an outbox, store/outbox.ts)
 * is asked about first: quitting keeps it as a draft, unsent.
 *
 * Drafts are what quitting keeps (run.tsx names them once the terminal is
 * restored): if the saved ones could not be read, say so once, at start.
 *
 * A signal (SIGTERM, SIGHUP) or a crash ends the process from terminal.ts's
 * handlers, which leave the alternate screen and exit; Ink would then draw
 * its last frame on the restored terminal, over the line that names the
 * drafts kept (drafts.ts, at exit). So first, here, Ink is stopped while
 * the alternate screen is still up.
 */
export function useQuit(store: BoardStore, notify: (text: string) => void): () => void {
  const { exit } = useApp();
  const waiting = useRef(false);
  useEffect(() => {
    const problem = providedDrafts()?.takeProblem() ?? null;
    if (problem !== null) notify(problem);
  }, [notify]);
  useEffect(() => {
    // Only on a real terminal: that is where terminal.ts's handlers end the process.
    if (!process.stdout.isTTY) return;
    const stop = () => {
      try {
        exit();
      } catch {
        // Ending anyway: the drafts are kept at exit.
      }
    };
    const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];
    for (const sig of signals) process.prependListener(sig, stop);
    process.prependListener('uncaughtException', stop);
    process.prependListener('unhandledRejection', stop);
    return () => {
      for (const sig of signals) process.off(sig, stop);
      process.off('uncaughtException', stop);
      process.off('unhandledRejection', stop);
    };
  }, [exit]);
  useEffect(
    () =>
      store.subscribe((s) => {
        if (waiting.current && s.pendingCount === 0) exit();
      }),
    [store, exit],
  );
  const askedHeld = useRef(false);
  return useCallback(() => {
    // A reply held here (a server without an outbox) has not left: quitting would drop it.
    const held = store.getState().outgoing.filter((o) => o.outboxId === null);
    if (held.length > 0 && !askedHeld.current) {
      askedHeld.current = true;
      const first = held[0];
      return notify(
        `A reply to ${first?.to ?? '…'} is still waiting to go — u takes it back, q again quits and keeps it as a draft (not sent)`,
      );
    }
    for (const o of held) {
      providedDrafts()?.keep({
        kind: 'reply',
        board: store.getState().boardId,
        card: o.cardId,
        label: `reply to ${o.to}`,
        fields: o.fields ?? { text: o.typed },
      });
    }
    const n = store.getState().pendingCount;
    if (n === 0 || waiting.current) return exit();
    waiting.current = true;
    notify(
      `Quitting once ${n === 1 ? 'the pending change reaches' : `${n} pending changes reach`} the server — q again quits now`,
    );
  }, [store, exit, notify]);
}
