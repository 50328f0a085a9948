/**
 * Ink's frame throttle (its `throttle` from es-toolkit/compat, swapped in at
 * bundle time by scripts/ink-overrides.mjs), with one difference: the first
 * frame after a key press is drawn at once.
 *
 * Ink throttles frames to `maxFps` with leading and trailing edges, so a
 * frame asked for within 1/maxFps of the one before waits for the trailing
 * edge. A key pressed right after a frame (Enter just after `j` was drawn)
 * waited up to 17 ms at 60 fps for nothing but the timer. Frames that follow
 * from the network or from paging stay throttled: only a key makes the next
 * frame urgent (the app calls `drawNextFrameAtOnce` from its input handler),
 * and at most one urgent frame per `URGENT_MIN_MS` (a key repeat is ~30 ms
 * apart; a paste is read as one chunk and drawn as one frame anyway).
 */

type Fn = (...args: never[]) => void;

export interface Throttled<F extends Fn> {
  (...args: Parameters<F>): void;
  cancel(): void;
  flush(): void;
}

/** The closest two urgent frames may be: a flood of keys still draws no faster than 250 frames a second. */
export const URGENT_MIN_MS = 4;

let urgent = false;
let lastUrgent = -Infinity;

/** The next throttled frame is drawn when asked for, not at the throttle's trailing edge. */
export function drawNextFrameAtOnce(): void {
  urgent = true;
}

const now = (): number => performance.now();

export function throttle<F extends Fn>(
  fn: F,
  wait = 0,
  options: { leading?: boolean; trailing?: boolean } = {},
): Throttled<F> {
  const leading = options.leading ?? true;
  const trailing = options.trailing ?? true;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: Parameters<F> | undefined;

  const invoke = (args: Parameters<F>): void => {
    last = now();
    pending = undefined;
    fn(...args);
  };
  const stop = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const trail = (): void => {
    timer = undefined;
    if (pending !== undefined) invoke(pending);
  };

  const throttled = (...args: Parameters<F>): void => {
    const t = now();
    // Only frames are throttled with a wait; Ink's log throttle (wait 0) is left as is.
    if (urgent && wait > 0 && t - lastUrgent >= URGENT_MIN_MS) {
      urgent = false;
      lastUrgent = t;
      stop();
      invoke(args);
      return;
    }
    if (timer === undefined && t - last >= wait && leading) {
      invoke(args);
      return;
    }
    pending = args;
    if (timer === undefined && trailing) timer = setTimeout(trail, Math.max(0, wait - (t - last)));
  };
  throttled.cancel = (): void => {
    stop();
    pending = undefined;
  };
  throttled.flush = (): void => {
    if (timer === undefined) return;
    stop();
    if (pending !== undefined) invoke(pending);
  };
  return throttled;
}
