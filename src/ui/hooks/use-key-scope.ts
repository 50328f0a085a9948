/**
 * What is open over the screen may take its keys in a narrower keymap scope
 * for a while (a picker while filtering: j and k are text there). App's
 * footer hints name that scope instead of the overlay's own.
 */
import { createContext, useContext, useLayoutEffect } from 'react';
import type { Scope } from '../keys/types.js';

export const KeyScopeContext = createContext<((scope: Scope | null) => void) | null>(null);

/** Names `scope` (null: none) for the footer while the calling component is mounted. */
export function useKeyScope(scope: Scope | null): void {
  const set = useContext(KeyScopeContext);
  useLayoutEffect(() => {
    if (scope === null || set === null) return;
    set(scope);
    return () => set(null);
  }, [set, scope]);
}
