/**
 * The classic scripts' code caches on disk (the board's, the commands'): a
 * file per script and build in the cache dir (the newest few of each kept),
 * named by the script, its content hash, Node's version and the CPU
 * architecture (V8's cached code is valid for exactly that script and that
 * V8). Every failure here is quiet: a cache that can't be read or written
 * only means V8 compiles the script as it would without one.
 *
 * V8 checks a cache's header (its version, the source's length, the
 * flags) but, in release builds, not its contents: a file damaged in its
 * middle would be run. So the file carries the CRC-32 and length of what
 * V8 made, and one that doesn't match them is not handed to V8.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { cacheDir } from '../config/paths.js';

const SUFFIX = '.v8cache';
/** CRC-32, then length, of the data after them (uint32 little-endian each). */
const HEADER = 8;

/** The cache file for the script `name` (board, commands) whose content hash is `hash`, run by this Node. */
export function cachePath(name: string, hash: string, dir = cacheDir()): string {
  return join(dir, `${name}-${hash}-${process.version}-${process.arch}${SUFFIX}`);
}

/** The cached code; undefined when there is none or it can't be read, 'corrupt' when it isn't what was written. */
export function readCache(path: string): Buffer | 'corrupt' | undefined {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.length < HEADER) return 'corrupt';
  const data = file.subarray(HEADER);
  return file.readUInt32LE(4) === data.length && file.readUInt32LE(0) === crc32(data) ? data : 'corrupt';
}

/**
 * Writes the cache atomically (a reader sees the old file or the new one,
 * never half of one) and removes the caches of older builds. Returns the
 * error's message instead of throwing.
 */
export function writeCache(path: string, data: Buffer): string | null {
  const dir = join(path, '..');
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    const header = Buffer.alloc(HEADER);
    header.writeUInt32LE(crc32(data), 0);
    header.writeUInt32LE(data.length, 4);
    writeFileSync(temp, Buffer.concat([header, data]));
    renameSync(temp, path);
  } catch (e) {
    removeQuietly(temp);
    return e instanceof Error ? e.message : String(e);
  }
  pruneOthers(dir, path);
  return null;
}

/**
 * How many caches a dir keeps: the newest, by when they were written. Two
 * builds on one machine (an installed one and a checkout, or one under two
 * Nodes) each keep theirs; older builds' files don't pile up.
 */
export const CACHES_KEPT = 3;

/** Removes all but the newest CACHES_KEPT cache files of the same script (the one just written among them). */
function pruneOthers(dir: string, keep: string): void {
  const kept = basename(keep);
  const prefix = kept.slice(0, kept.indexOf('-') + 1);
  try {
    const caches = readdirSync(dir)
      .filter((name) => name.startsWith(prefix) && name.endsWith(SUFFIX))
      .map((name) => join(dir, name))
      .filter((path) => path !== keep)
      .map((path) => ({ path, at: mtimeOf(path) }))
      .sort((a, b) => b.at - a.at);
    for (const { path } of caches.slice(CACHES_KEPT - 1)) removeQuietly(path);
  } catch {
    // A cache left behind costs disk space, never a start.
  }
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // Not there, or not ours to remove: either way nothing to do.
  }
}
