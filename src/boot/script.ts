/**
 * A start of inboard from the build's classic script (dist/<name>.cjs,
 * scripts/classic-script.mjs) through V8's code cache. Node 20 caches
 * compiled code only for classic scripts (`vm.Script` with `cachedData`),
 * and compiling a start's code for the first time was much of it; this runs
 * the script with the code V8 compiled in an earlier run.
 *
 * The caller says when the cache is worth writing (`writeCache()`): once the
 * start has run far enough that V8 has compiled what it needs, since
 * functions are compiled lazily, on their first call, and
 * `createCachedData()` takes what has been compiled by then. A cache that
 * was used is not written again. A damaged cache file (code-cache.ts checks)
 * or one V8 refuses (made under other V8 flags) is written again; a cache
 * dir that can't be written is left alone. INBOARD_DEBUG_CACHE names a file
 * that gets one line per step (`none`, `corrupt`, `used`, `rejected`,
 * `written …`, `not written: …`), for tests.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Script } from 'node:vm';
import { cachePath, readCache, writeCache } from './code-cache.js';

export interface LoadedScript<T> {
  /** What the script exports. */
  exports: Partial<T>;
  /** Writes V8's cache of the script as compiled so far; once, and only when the cache wasn't used. */
  writeCache(): void;
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
function hashOf(source: string, name: string): string | null {
  const line = `//inboard-${name} `;
  const at = source.lastIndexOf(line);
  if (at < 0) return null;
  const hash = source.slice(at + line.length).trim();
  return /^[0-9a-f]{8,64}$/.test(hash) ? hash : null;
}

/**
 * Loads and runs the classic script at `file` with its code cache. Null when
 * there is no such script (running from the sources): the caller then
 * imports the modules as usual.
 */
export function loadScript<T>(file: string, name: string): LoadedScript<T> | null {
  let source: string;
  try {
    // ASCII only (the build checks): read as Latin-1, which is ~2x faster than decoding UTF-8.
    source = readFileSync(file, 'latin1');
  } catch {
    return null;
  }
  const hash = hashOf(source, name);
  const cache = hash === null ? null : cachePath(name, hash);
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
  const module = { exports: {} as Partial<T> };
  wrapper(module.exports, createRequire(file), module, file, dirname(file));

  let written = cache === null || accepted;
  return {
    exports: module.exports,
    writeCache() {
      if (written || cache === null) return;
      written = true;
      const t0 = performance.now();
      let failed: string | null;
      try {
        failed = writeCache(cache, script.createCachedData());
      } catch (e) {
        failed = e instanceof Error ? e.message : String(e); // never a start's error
      }
      debug(failed === null ? `written ${(performance.now() - t0).toFixed(1)}` : `not written: ${failed}`);
    },
  };
}
