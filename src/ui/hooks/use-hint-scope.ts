/**
 * The keymap scope the footer's hints name: what takes the keys now — the
 * help, else what is open over the screen, else the screen. What is open may
 * name a narrower scope for a while through KeyScopeContext (use-key-scope.ts):
 * the board list is a picker too, and while it filters it names `pick-filter`.
 */
import { useState } from 'react';
import type { Scope } from '../keymap.js';
import { overlayScope, type Shown } from '../overlay.js';
import { useBoard } from '../store-context.js';
import type { Navigation } from './use-navigation.js';

export interface HintScope {
  scope: Scope;
  /** What KeyScopeContext hands to what is open over the screen. */
  setOverlayKeys: (scope: Scope | null) => void;
}

export function useHintScope({ screen, help }: Pick<Navigation, 'screen' | 'help'>, overlay: Shown | null): HintScope {
  // A narrower scope named by the open overlay (a picker filtering).
  const [overlayKeys, setOverlayKeys] = useState<Scope | null>(null);
  const sequenceOpen = useBoard((s) => s.sequence !== null);
  const scope: Scope =
    help !== null
      ? 'help'
      : (overlayKeys ?? (overlay === null ? screen : (overlayScope(overlay, sequenceOpen) ?? screen)));
  return { scope, setOverlayKeys };
}
