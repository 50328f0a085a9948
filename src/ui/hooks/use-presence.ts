/**
 * Says the app's presence (store/presence.ts): the card open in the detail
 * or triage, and whether the reply composer is open on it; nothing on the
 * board or the board list. The store renews it and tells the server when it
 * changes; leaving the app says it left (run.tsx).
 */
import { useEffect } from 'react';
import type { BoardStore } from '../../store/index.js';
import type { Shown } from '../overlay.js';
import { useBoard } from '../store-context.js';

export function usePresence(store: BoardStore, screen: string, overlay: Shown | null): void {
  const detailCard = useBoard((s) => s.detail?.cardId ?? null);
  const cardId = screen === 'detail' || screen === 'triage' ? detailCard : null;
  const writing = overlay?.kind === 'text' && overlay.composer === true;
  useEffect(() => {
    store.getState().sayPresence(cardId, writing);
  }, [store, cardId, writing]);
}
