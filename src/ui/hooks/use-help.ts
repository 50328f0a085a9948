/**
 * `?` from wherever keys are taken: a screen, a picker (tags, move-to, the
 * board list, the email sequences) or the sequence being read. App owns the
 * help; what is open asks for it with its own keymap scope, so the help
 * lists the keys of what is open, and stays mounted (hidden) underneath so
 * that closing the help finds it as it was (highlight, filter text).
 */
import { createContext, useContext } from 'react';
import type { Scope } from '../keys/types.js';

export const HelpContext = createContext<((scope: Scope) => void) | null>(null);

/** Opens the help for `scope`; does nothing outside App (a picker tested alone). */
export function useOpenHelp(): (scope: Scope) => void {
  const open = useContext(HelpContext);
  return (scope) => open?.(scope);
}
