/**
 * One key router for the whole app (the pattern of gemini-cli's keypress
 * context): App's single `useInput` hands every key to `feed`, which gives
 * it to the top-most registered handler — an open prompt, picker or confirm
 * — and only when none is registered to the screen underneath. So while a
 * prompt is open, board keys cannot fire.
 */
import type { Key } from 'ink';
import { createContext, useContext, useLayoutEffect, useRef } from 'react';

export type KeyHandler = (input: string, key: Key) => void;

/** A Key with nothing pressed: what a split chunk's keys start from (tests build keys from it too). */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
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
  /** Waiting for its options (a picker still loading them): keys are held for it. */
  waiting: { current: boolean };
  /** Stays on top of handlers registered after it (the `?` help over a picker). */
  pinned: boolean;
  /** Keys that, like Esc, go through while it waits (the board list's q quits). */
  leaves?: (input: string, key: Key) => boolean;
}

/** How a handler registers besides its keys (see KeyRouter.push). */
export interface HandlerOptions {
  pinned?: boolean;
  leaves?: (input: string, key: Key) => boolean;
}

const waits = (e: Entry | undefined): boolean => e?.waiting.current === true;

/**
 * Keys are never lost or misrouted between a key and React drawing what it
 * did. Every key is queued here and given out in order, except:
 * - while an overlay is opening or closing (`expectChange` until `settle`,
 *   which App calls once React has drawn it): the handler on top is the one
 *   going away, so keys wait for the new one (`t` then `j⏎` typed before the
 *   tag picker shows pick a tag instead of walking the board);
 * - while the handler on top is waiting for its options: keys wait for them
 *   and are applied, in order, once they are there. Esc is the exception:
 *   it goes through at once (a picker closes on it) and the keys held for
 *   that handler go with it; so do the keys a handler `leaves` on (q on the
 *   board list, which quits rather than waiting for a slow list);
 * - while a view swaps its own handlers with no overlay changing (the email
 *   sequences: the list, then the sequence opened from it): `handOff` holds
 *   keys until the next handler registers (`S ⏎ j` scrolls the sequence).
 * Keys after one that opens or closes an overlay wait for the change the
 * same way, so type-ahead runs on through a chain of pickers and prompts.
 */
export class KeyRouter {
  private stack: Entry[] = [];
  private next = 0;
  private held: [string, Key][] = [];
  private changing = false;
  private handingOff = false;
  private pumping = false;
  private screen: KeyHandler = () => undefined;

  /** Where keys go when nothing is registered: the screen's own keys. */
  setScreen(handler: KeyHandler): void {
    this.screen = handler;
  }

  /**
   * Registers a handler on top — below any pinned one: what opens behind
   * the `?` help (a picker a late answer reopens) waits under it. Returns
   * its removal.
   */
  push(
    handler: { current: KeyHandler },
    text = false,
    waiting: { current: boolean } = { current: false },
    o: HandlerOptions = {},
  ): () => void {
    const id = ++this.next;
    const pinned = o.pinned === true;
    const entry: Entry = {
      id,
      handler,
      text,
      waiting,
      pinned,
      ...(o.leaves !== undefined ? { leaves: o.leaves } : {}),
    };
    const firstPinned = pinned ? -1 : this.stack.findIndex((e) => e.pinned);
    if (firstPinned < 0) this.stack.push(entry);
    else this.stack.splice(firstPinned, 0, entry);
    if (this.handingOff) {
      this.handingOff = false;
      this.pump();
    }
    return () => {
      this.stack = this.stack.filter((h) => h.id !== id);
    };
  }

  /** A key (or a chunk of keys read together) from the terminal. */
  feed(input: string, key: Key): void {
    this.held.push([input, key]);
    this.pump();
  }

  /** An overlay is opening or closing: hold keys until React has drawn it. */
  expectChange(): void {
    this.changing = true;
  }

  /**
   * A view is about to swap its own key handler for another (no overlay
   * opens or closes): hold keys until the new one registers.
   */
  handOff(): void {
    this.handingOff = true;
  }

  /** React has drawn the change: the registered handlers are current. */
  settle(): void {
    this.changing = false;
    // Whatever was handed off to is registered by now (child effects run
    // first); if nothing was, keys must not wait for ever.
    this.handingOff = false;
    this.pump();
  }

  private holding(): boolean {
    return this.changing || this.handingOff;
  }

  /** Gives out the held keys that can go now. */
  pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.held.length > 0 && !this.holding()) {
        const top = this.stack[this.stack.length - 1];
        if (top !== undefined && waits(top)) {
          // A leaving key only when typed first: after `/` it is filter text.
          const esc = this.held.findIndex(([i, k], n) => k.escape || (n === 0 && top.leaves?.(i, k) === true));
          if (esc < 0) return;
          const [input, key] = this.held[esc] as [string, Key];
          this.held = this.held.slice(esc + 1);
          top.handler.current(input, key);
          continue;
        }
        const [input, key] = this.held.shift() as [string, Key];
        if (top?.text === true) {
          top.handler.current(input, key);
          continue;
        }
        const keys = splitKeys(input, key);
        for (let n = 0; n < keys.length; n++) {
          // A key of this chunk changed who takes keys: the rest wait.
          if (this.holding() || this.stack[this.stack.length - 1] !== top || waits(top)) {
            this.held.unshift(...keys.slice(n));
            break;
          }
          const [i, k] = keys[n] as [string, Key];
          (top === undefined ? this.screen : top.handler.current)(i, k);
        }
      }
    } finally {
      this.pumping = false;
    }
  }
}

export const KeyRouterContext = createContext<KeyRouter | null>(null);

/**
 * Receive keys while `isActive`, ahead of (and instead of) the screen's keys.
 * While `waiting`, keys are held for this handler (see KeyRouter) and given
 * to it once `waiting` is false again. A `pinned` handler stays on top of
 * those registered after it; keys it `leaves` on go through while it waits.
 * (`o` is read when it registers.)
 */
export function useKeyHandler(
  handler: KeyHandler,
  isActive = true,
  text = false,
  waiting = false,
  o: HandlerOptions = {},
): void {
  const pinned = o.pinned === true;
  const router = useContext(KeyRouterContext);
  const ref = useRef(handler);
  ref.current = handler;
  const waits = useRef(waiting);
  waits.current = waiting;
  // A layout effect: registered in the same commit that draws the prompt, so
  // no key can arrive between the prompt showing and the prompt listening.
  useLayoutEffect(() => {
    if (!isActive || router === null) return;
    return router.push(ref, text, waits, o);
    // `o` is a fresh object each render: `pinned` is a dependency, and `leaves` reads refs, so the one registered stays right.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router, isActive, text, pinned]);
  // Done waiting: the held keys go out now, to this render's handler.
  useLayoutEffect(() => {
    if (!waiting) router?.pump();
  }, [router, waiting]);
}

/**
 * For a view that swaps its own key handlers (see `KeyRouter.handOff`):
 * call the returned function just before the swap.
 */
export function useKeyHandoff(): () => void {
  const router = useContext(KeyRouterContext);
  return () => router?.handOff();
}
