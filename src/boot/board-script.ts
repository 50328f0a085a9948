/**
 * The board's start through V8's code cache (script.ts): the board's path
 * as one classic script, dist/board.cjs.
 *
 * The cache is written once the board has been drawn and idle a moment:
 * by then V8 has compiled what the first frame ran, and the idle warm-up
 * what the first card opened runs. A start that ends before the board is
 * drawn (a flag error) compiled too little to keep.
 */
import { loadScript } from './script.js';

/** How long after the board is first drawn the cache is written: past the warm-up of an idle board (ui/warm-up.tsx). */
export const CACHE_WRITE_AFTER_MS = 1_000;

/** What the script exports: the board's run(), and (the build's) a promise settled as the board is first drawn. */
interface BoardScript {
  run: (argv: string[]) => Promise<number>;
  mounting: Promise<void>;
}

/**
 * Runs the board from the classic script at `file` with its code cache.
 * Returns null when there is no such script (running from the sources):
 * the caller then imports the board's module as usual.
 */
export function runBoardScript(file: string, argv: string[]): Promise<number> | null {
  const loaded = loadScript<BoardScript>(file, 'board');
  if (loaded === null) return null;
  const { run, mounting } = loaded.exports;
  if (typeof run !== 'function') throw new Error(`${file} does not export run()`);

  // Once the board is drawn: at idle a moment later, or as the board closes.
  let drawn = false;
  let timer: NodeJS.Timeout | undefined;
  const write = (): void => {
    if (!drawn) return;
    clearTimeout(timer);
    loaded.writeCache();
  };
  void mounting?.then(() => {
    drawn = true;
    timer = setTimeout(write, CACHE_WRITE_AFTER_MS);
    timer.unref();
  });
  return run(argv).finally(write);
}
