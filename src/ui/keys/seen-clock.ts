/**
 * Whether what is on screen has been seen, so that a key can be a reaction
 * to it: it was drawn REACTION_MS ago (context.ts) or more, and every key
 * typed before it was drawn has already been read.
 *
 * Time alone is not enough. Keys typed during start-up wait in the terminal
 * until the app reads them, and on a loaded machine that read can come well
 * after the frame; measured from the frame, such a key would look like a
 * reaction. Once the event loop has polled the terminal with Ink listening,
 * everything typed before the frame has been read, so what comes later was
 * typed later.
 */
import type { EventEmitter } from 'node:events';

/**
 * Calls `done` once the keys waiting in `stdin` now have been read: after
 * the event loop has polled for input at least once with a `readable`
 * listener (Ink's) on it. Two turns of setImmediate have a poll between
 * them; a listener not yet there is waited for.
 */
export function afterTypedAhead(stdin: EventEmitter, done: () => void): void {
  const twoTurns = () => setImmediate(() => setImmediate(done));
  if (stdin.listenerCount('readable') > 0) return void twoTurns();
  const onListener = (event: string | symbol) => {
    if (event !== 'readable') return;
    stdin.off('newListener', onListener);
    // newListener comes before the listener is added, and reading starts a tick after.
    twoTurns();
  };
  stdin.on('newListener', onListener);
}

export class SeenClock<K> {
  private shown: { key: K; since: number; readAhead: boolean } | null = null;

  /** `reactionMs` 0 or less: everything counts as seen at once (tests that type faster than people). */
  constructor(
    private readonly reactionMs: number,
    private readonly stdin: EventEmitter,
  ) {}

  /** `key` is on screen now; drawn again, it keeps the time it was first drawn. */
  drawn(key: K): void {
    if (this.shown?.key === key) return;
    const shown = { key, since: performance.now(), readAhead: false };
    this.shown = shown;
    if (this.reactionMs > 0) afterTypedAhead(this.stdin, () => (shown.readAhead = true));
  }

  /** `key` is on screen with nothing yet a key acts on: whatever else was seen is gone. */
  blank(key: K | null): void {
    if (this.shown?.key !== key) this.shown = null;
  }

  /** Nothing seen: what comes next is drawn afresh, even the same again. */
  clear(): void {
    this.shown = null;
  }

  /** Whether `key` is the one on screen and has been seen long enough. */
  seen(key: K): boolean {
    if (this.reactionMs <= 0) return true;
    const s = this.shown;
    return s !== null && s.key === key && s.readAhead && performance.now() - s.since >= this.reactionMs;
  }
}
