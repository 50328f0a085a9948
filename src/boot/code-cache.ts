/**
 * The board script's code cache on disk: one file per build in the cache
 * dir, named by the script's content hash, Node's version and the CPU
 * architecture (V8's cached code is valid for exactly that script and that
 * V8). Every failure here is quiet: a cache that can't be read or written
 * only means V8 compiles the script as it would without one.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../config/paths.js';

const PREFIX = 'board-';
const SUFFIX = '.v8cache';

/** The cache file for the script whose content hash is `hash`, run by this Node. */
export function cachePath(hash: string, dir = cacheDir()): string {
  return join(dir, `${PREFIX}${hash}-${process.version}-${process.arch}${SUFFIX}`);
}

/** The cached code, or undefined when there is none or it can't be read. */
export function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Writes the cache atomically (a reader sees the old file or the new one,
 * never half of one) and removes the caches of other builds. Returns the
 * error's message instead of throwing.
 */
export function writeCache(path: string, data: Buffer): string | null {
  const dir = join(path, '..');
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, data);
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    return e instanceof Error ? e.message : String(e);
  }
  pruneOthers(dir, path);
  return null;
}

/** One cache per build: the files of older scripts (or other Nodes) would only pile up. */
function pruneOthers(dir: string, keep: string): void {
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path !== keep && name.startsWith(PREFIX) && name.endsWith(SUFFIX)) rmSync(path, { force: true });
    }
  } catch {
    // A cache left behind costs disk space, never a start.
  }
}
