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

export class KeyRouter {
  private stack: { id: number; handler: { current: KeyHandler } }[] = [];
  private next = 0;

  /** Registers a handler on top; returns its removal. */
  push(handler: { current: KeyHandler }): () => void {
    const id = ++this.next;
    this.stack.push({ id, handler });
    return () => {
      this.stack = this.stack.filter((h) => h.id !== id);
    };
  }

  /** True when a registered handler took the key. */
  dispatch(input: string, key: Key): boolean {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) return false;
    top.handler.current(input, key);
    return true;
  }

  get active(): boolean {
    return this.stack.length > 0;
  }
}

export const KeyRouterContext = createContext<KeyRouter | null>(null);

/** Receive keys while `isActive`, ahead of (and instead of) the screen's keys. */
export function useKeyHandler(handler: KeyHandler, isActive = true): void {
  const router = useContext(KeyRouterContext);
  const ref = useRef(handler);
  ref.current = handler;
  // A layout effect: registered in the same commit that draws the prompt, so
  // no key can arrive between the prompt showing and the prompt listening.
  useLayoutEffect(() => {
    if (!isActive || router === null) return;
    return router.push(ref);
  }, [router, isActive]);
}
