/**
 * Screen input: the app's one `useInput`. Every key goes to the KeyRouter
 * (use-key-router.ts): the help, else an open overlay (a prompt, picker,
 * confirm) takes every key; then the shown screen's handler here, which
 * names the key from the keymap and runs the screen's binding or says why
 * it can't (keys/board-keys.ts, keys/detail-keys.ts).
 */
import { useInput, type Key } from 'ink';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { switchProfile } from '../flows/profile-flows.js';
import { newBoard } from '../flows/board-flows.js';
import { boardListAction } from '../flows/board-list-actions.js';
import { drawNextFrameAtOnce } from '../ink-overrides/throttle.js';
import { actionFor, keyName, movedKeyWords, screenBindingOf, type Action } from '../keymap.js';
import type { Flow } from '../flows/flow.js';
import type { ScreenKeys } from '../keys/context.js';
import type { Overlays } from '../overlay.js';
import type { KeyHandler, KeyRouter } from './use-key-router.js';
import type { Navigation } from './use-navigation.js';

export interface UseScreenInput {
  router: KeyRouter;
  overlays: Overlays;
  nav: Navigation;
  /** What the screens' handlers act with besides navigation and flows, as this render has it. */
  keys: Omit<ScreenKeys, keyof Navigation['keys'] | 'flow' | 'key'>;
  notify: (text: string | null) => void;
  /** `q` (use-quit.ts). */
  quit: () => void;
  /** The server in use, as the status bar names it ("work · boards.example.com"): `p`'s profile in use. */
  backend: string;
  /** Ctrl+C, from anywhere, an open prompt included. */
  interrupt: () => void;
}

/** Returns the board list's keys that are not the list's own: BoardPicker hands them over. */
export function useScreenInput(o: UseScreenInput): (action: Action | undefined, value?: string | null) => void {
  const { router, overlays, nav, notify, quit } = o;
  const store = o.keys.store;
  // Ink re-subscribes a changed handler only in a later effect, so the
  // subscribed handler is stable and reads this render's through a ref:
  // a key right after another sees the state the first one left.
  const onKey = useRef<KeyHandler>(() => undefined);
  useInput(
    useCallback(
      (input: string, key: Key) => {
        // What a key does is drawn at once, not at the frame throttle's next edge (ink-overrides/throttle.ts).
        drawNextFrameAtOnce();
        // Ctrl+C quits from anywhere, an open prompt included.
        if (key.ctrl && input === 'c') return onKey.current(input, key);
        router.feed(input, key);
      },
      [router],
    ),
  );
  useLayoutEffect(() => router.setScreen((input, key) => onKey.current(input, key)), [router]);
  // Every commit: once the overlay drawn is the latest one asked for, its
  // handler is registered and the keys held meanwhile can go to it.
  useLayoutEffect(() => {
    if (overlays.drawn()) router.settle();
  });

  const flow: Flow = {
    store,
    overlays,
    // A success outdates the error of an earlier attempt: show the notice.
    notify: (text) => {
      store.getState().clearError();
      notify(text);
    },
  };
  const keys: ScreenKeys = { ...o.keys, ...nav.keys, flow, key: '' };
  const pickerAction = (action: Action | undefined, value: string | null = null): void => {
    if (action === 'quit') return quit();
    notify(null);
    if (action === 'list.close' && store.getState().boardId !== null) nav.goTo('board');
    else if (action === 'list.reload')
      void store
        .getState()
        .loadBoards()
        .catch(() => undefined);
    else if (action === 'board.new') newBoard(flow, nav.openBoard);
    else if (action === 'list.profile') switchProfile(flow, o.backend, quit);
    else if (action !== undefined) boardListAction(flow, action, value, notify);
  };
  onKey.current = (input, key) => {
    // The screen as the previous key left it, rendered or not.
    const screen = nav.screenNow.current;
    const name = keyName(input, key);
    if (name === 'C-c') return o.interrupt();
    const action = actionFor(screen, name);
    if (action === 'quit') return quit();
    if (action === 'help') return nav.openHelp(screen);
    const moved = action === undefined ? movedKeyWords(screen, name) : null;
    if (moved !== null) return notify(moved);
    notify(null);
    if (screen === 'picker') return pickerAction(action);
    // The screen's binding runs, or says why it can't (keys/board-keys.ts, keys/detail-keys.ts).
    const binding = screenBindingOf(screen, name);
    if (binding === undefined || (screen === 'detail' && store.getState().detail === null)) return;
    const ctx = { ...keys, key: name };
    const why = binding.unavailable?.(ctx) ?? null;
    if (why !== null) return notify(why);
    binding.run(ctx);
  };
  return pickerAction;
}
