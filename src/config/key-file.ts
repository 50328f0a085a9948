/**
 * Secret files (the embedded service's key, and anything else that holds a
 * key): written only with mode 0600 in a 0700 directory, and tightened back to
 * 0600 if found looser, since a world-readable key is as good as published.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, basename } from 'node:path';
import { embeddedKeyPath } from './paths.js';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
// Windows has no POSIX modes; the checks would only report noise there.
const POSIX = process.platform !== 'win32';

const isNotFound = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'ENOENT';

/** Tighten a file's mode to 0600 if group or others can do anything with it. Returns whether it changed. */
export async function fixSecretMode(path: string): Promise<boolean> {
  if (!POSIX) return false;
  const s = await stat(path);
  if ((s.mode & 0o077) === 0) return false;
  await chmod(path, FILE_MODE);
  return true;
}

/** The trimmed contents of a secret file, or null when it doesn't exist (its mode fixed on the way). */
export async function readSecretFile(path: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
  await fixSecretMode(path);
  return text.trim();
}

const tempBeside = (path: string) =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);

/** Write `content` to a fresh 0600 temp file beside `path` (creating the directory 0700). */
async function writeTemp(path: string, content: string): Promise<string> {
  await mkdir(dirname(path), { recursive: true, mode: DIR_MODE });
  const tmp = tempBeside(path);
  // 'wx' + mode: the file is 0600 from its first byte, never briefly readable.
  await writeFile(tmp, `${content}\n`, { mode: FILE_MODE, flag: 'wx' });
  return tmp;
}

/** Replace `path` atomically with `content`, mode 0600. */
export async function writeSecretFile(path: string, content: string): Promise<void> {
  const tmp = await writeTemp(path, content);
  try {
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
}

/** A new random key: 32 bytes, URL-safe, fine in a header. */
export const generateKey = (): string => `ibk_${randomBytes(32).toString('base64url')}`;

/**
 * The embedded service's key: read it, or create it once. Creation links a
 * complete temp file into place, which fails if another inboard won the race;
 * then that one's key is used, so two first starts agree on one key.
 */
export async function ensureEmbeddedKey(path: string = embeddedKeyPath()): Promise<string> {
  const existing = await readSecretFile(path);
  if (existing) return existing;
  const key = generateKey();
  const tmp = await writeTemp(path, key);
  try {
    await link(tmp, path);
    return key;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (code !== 'EEXIST') throw e;
    const theirs = await readSecretFile(path);
    if (theirs) return theirs;
    // An empty file left by something else: replace it with ours.
    await writeSecretFile(path, key);
    return key;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}
