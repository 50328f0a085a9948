/**
 * The board's start through V8's code cache. Compiling the board's code
 * for the first time (Ink, React, yoga's glue, undici, zod and our own) was
 * much of every start; Node 20 caches compiled code only for classic
 * scripts (`vm.Script` with `cachedData`), so the build also ships the
 * board's path as one (dist/board.cjs, scripts/board-script.mjs) and this
 * runs it with the code V8 compiled in an earlier run.
 *
 * The cache is written once the board has been drawn and idle a moment:
 * by then V8 has compiled what the first frame ran (functions are compiled
 * lazily, on their first call), and the idle warm-up what the first card
 * opened runs; `createCachedData()` takes all of it. A damaged cache file
 * (code-cache.ts checks) or one V8 refuses (made under other V8 flags) is
 * written again; a cache dir that can't be written is left alone.
 * INBOARD_DEBUG_CACHE names a file that gets one line per step (`none`,
 * `corrupt`, `used`, `rejected`, `written …`, `not written: …`), for tests.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Script } from 'node:vm';
import { cachePath, readCache, writeCache } from './code-cache.js';

/** How long after the board is first drawn the cache is written: past the warm-up of an idle board (ui/warm-up.tsx). */
export const CACHE_WRITE_AFTER_MS = 1_000;

const HASH_LINE = '//inboard-board ';

/** What the script exports: the board's run(), and (the build's) a promise settled as the board is first drawn. */
interface BoardScript {
  run?: (argv: string[]) => Promise<number>;
  mounting?: Promise<void>;
}

function debug(line: string): void {
  const file = process.env.INBOARD_DEBUG_CACHE;
  if (file === undefined || file === '') return;
  try {
    appendFileSync(file, `${line}\n`);
  } catch {
    // Only a test reads it.
  }
}

/** The script's content hash, from its last line (the build writes it). */
function hashOf(source: string): string | null {
  const at = source.lastIndexOf(HASH_LINE);
  if (at < 0) return null;
  const hash = source.slice(at + HASH_LINE.length).trim();
  return /^[0-9a-f]{8,64}$/.test(hash) ? hash : null;
}

/**
 * Runs the board from the classic script at `file` with its code cache.
 * Returns null when there is no such script (running from the sources):
 * the caller then imports the board's module as usual.
 */
export function runBoardScript(file: string, argv: string[]): Promise<number> | null {
  let source: string;
  try {
    // ASCII only (the build checks): read as Latin-1, which is ~2x faster than decoding UTF-8.
    source = readFileSync(file, 'latin1');
  } catch {
    return null;
  }
  const hash = hashOf(source);
  const cache = hash === null ? null : cachePath(hash);
  const read = cache === null ? undefined : readCache(cache);
  const cachedData = read instanceof Buffer ? read : undefined;
  const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const accepted = cachedData !== undefined && !script.cachedDataRejected;
  debug(read === undefined || read === 'corrupt' ? (read ?? 'none') : accepted ? 'used' : 'rejected');
  const wrapper = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: { exports: object },
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} as BoardScript };
  wrapper(module.exports, createRequire(file), module, file, dirname(file));
  const { run, mounting } = module.exports;
  if (typeof run !== 'function') throw new Error(`${file} does not export run()`);
  if (cache === null || accepted) return run(argv);

  // Once the board is drawn (what a start that ends in an error compiled is
  // too little to keep): at idle a moment later, or as the board closes.
  let drawn = false;
  let timer: NodeJS.Timeout | undefined;
  let written = false;
  const write = (): void => {
    if (written || !drawn) return;
    written = true;
    clearTimeout(timer);
    const t0 = performance.now();
    let failed: string | null;
    try {
      failed = writeCache(cache, script.createCachedData());
    } catch (e) {
      failed = e instanceof Error ? e.message : String(e); // never a start's error
    }
    debug(failed === null ? `written ${(performance.now() - t0).toFixed(1)}` : `not written: ${failed}`);
  };
  void mounting?.then(() => {
    drawn = true;
    timer = setTimeout(write, CACHE_WRITE_AFTER_MS);
    timer.unref();
  });
  return run(argv).finally(write);
}
