/**
 * Triage as a screen of the app (src/ui/triage.ts walks the column): starting
 * it on the board's focused column and card, the one under way for the keys
 * and the drawing, and leaving it with the board's cursor where it ended.
 */
import { useStdin } from 'ink';
import { useRef, useState } from 'react';
import type { BoardStore } from '../../store/index.js';
import type { BoardFilter } from '../filter.js';
import { markReadOnOpen } from '../flows/read-flows.js';
import type { TriageHost } from '../keys/context.js';
import { SeenClock } from '../keys/seen-clock.js';
import { Triage } from '../triage.js';
import type { CardId } from '../../api/read-model.js';

export interface UseTriage {
  store: BoardStore;
  /** The board filter as the last key left it: triage walks its matches. */
  filter: () => BoardFilter | null;
  /** Showing a card marks it read, as opening it does (config `markReadOnOpen`). */
  markRead: boolean;
  reactionMs: number;
  /** Switches the app's screen to triage (true) or back to the board. */
  onScreen: (triage: boolean) => void;
}

export function useTriage(o: UseTriage): { host: TriageHost; triage: Triage | null } {
  // A card is seen once the keys typed before it was drawn are read (keys/seen-clock.ts).
  const { stdin } = useStdin();
  const opts = useRef(o);
  opts.current = o;
  // Keys read the ref (a key right after `i` finds the triage), drawing the state.
  const now = useRef<Triage | null>(null);
  const [triage, setTriage] = useState<Triage | null>(null);
  const [host] = useState<TriageHost>(() => ({
    session: () => now.current,
    start: () => {
      const { store, reactionMs } = opts.current;
      const s = store.getState();
      const col = s.columns[s.cursor.col];
      if (col === undefined) return;
      const t = new Triage(
        {
          store,
          filter: () => opts.current.filter(),
          clock: new SeenClock<CardId>(reactionMs, stdin),
          open: (id) => {
            store
              .getState()
              .openCard(id)
              .catch(() => undefined);
            if (opts.current.markRead) markReadOnOpen(store, id);
          },
        },
        col.label,
        s.cursor.cardId,
      );
      now.current = t;
      setTriage(t);
      opts.current.onScreen(true);
    },
    leave: () => {
      const t = now.current;
      if (t === null) return;
      const to = t.close();
      now.current = null;
      setTriage(null);
      const s = opts.current.store.getState();
      s.closeCard();
      if (to !== null) s.focusCardId(to);
      else {
        const col = s.columns.findIndex((c) => c.label === t.column);
        if (col >= 0) s.focusColumn(col - s.cursor.col);
      }
      opts.current.onScreen(false);
    },
  }));
  return { host, triage };
}
