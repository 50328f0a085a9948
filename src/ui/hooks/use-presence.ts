/**
 * Says the app's presence (store/presence.ts): the card open in the detail
 * or triage, and whether the reply composer is open on it; nothing on the
 * board or the board list. The store renews it and tells the server when it
 * changes; leaving the app says it left (run.tsx). It follows the store
 * outside React: the open card changing draws nothing here.
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import type { Shown } from '../overlay.js';

export function usePresence(store: BoardStore, screen: string, overlay: Shown | null): void {
  const onCard = screen === 'detail' || screen === 'triage';
  const writing = overlay?.kind === 'text' && overlay.composer === true;
  useEffect(() => {
    const say = () => {
      const s = store.getState();
      s.sayPresence(onCard ? (s.detail?.cardId ?? null) : null, writing);
    };
    say();
    return store.subscribe((s, prev) => {
      if (s.detail?.cardId !== prev.detail?.cardId) say();
    });
  }, [store, onCard, writing]);
}
