/**
 * One key router for the whole app (the pattern of gemini-cli's keypress
 * context): App's single `useInput` hands every key to `dispatch`, which
 * gives it to the top-most registered handler — an open prompt, picker or
 * confirm — and only when none is registered to the screen underneath. So
 * while a prompt is open, board keys cannot fire.
 */
import type { Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef } from 'react';

export type KeyHandler = (input: string, key: Key) => void;

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

/**
 * Ink hands over a whole read at once when keys arrive together ("j\r" from
 * a fast typist, tmux or a paste): it splits only at escape sequences. For
 * handlers that take keys, not text, split such a chunk into its keys.
 */
export function splitKeys(input: string, key: Key): [string, Key][] {
  const flagged = Object.entries(key).some(([k, v]) => v === true && k !== 'shift');
  if (flagged || [...input].length <= 1) return [[input, key]];
  return [...input].map((ch): [string, Key] => {
    if (ch === '\r') return ['', { ...NO_KEY, return: true }];
    if (ch === '\t') return ['', { ...NO_KEY, tab: true }];
    if (ch === '\x7f' || ch === '\b') return ['', { ...NO_KEY, delete: true }];
    if (ch === '\x1b') return ['', { ...NO_KEY, escape: true, meta: true }];
    const code = ch.charCodeAt(0);
    if (code >= 1 && code <= 26 && ch !== '\n') return [String.fromCharCode(code + 96), { ...NO_KEY, ctrl: true }];
    return [ch, { ...NO_KEY, shift: /^[A-Z]$/.test(ch) }];
  });
}

interface Entry {
  id: number;
  handler: { current: KeyHandler };
  /** Takes text (a prompt): gets a chunk whole, as a paste. */
  text: boolean;
}

export class KeyRouter {
  private stack: Entry[] = [];
  private next = 0;

  /** Registers a handler on top; returns its removal. */
  push(handler: { current: KeyHandler }, text = false): () => void {
    const id = ++this.next;
    this.stack.push({ id, handler, text });
    return () => {
      this.stack = this.stack.filter((h) => h.id !== id);
    };
  }

  /** True when a registered handler took the key. */
  dispatch(input: string, key: Key): boolean {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) return false;
    if (top.text) top.handler.current(input, key);
    else for (const [i, k] of splitKeys(input, key)) top.handler.current(i, k);
    return true;
  }

  get active(): boolean {
    return this.stack.length > 0;
  }
}

export const KeyRouterContext = createContext<KeyRouter | null>(null);

/** Receive keys while `isActive`, ahead of (and instead of) the screen's keys. */
export function useKeyHandler(handler: KeyHandler, isActive = true, text = false): void {
  const router = useContext(KeyRouterContext);
  const ref = useRef(handler);
  ref.current = handler;
  // A layout effect: registered in the same commit that draws the prompt, so
  // no key can arrive between the prompt showing and the prompt listening.
  useLayoutEffect(() => {
    if (!isActive || router === null) return;
    return router.push(ref, text);
  }, [router, isActive, text]);
}
