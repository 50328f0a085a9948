/**
 * A file name that came in with mail, made safe once for every place it is
 * used: the service's Content-Disposition, a file saved by the command line
 * or the board, and the board's private copy handed to the system's opener.
 * A sender chooses it, so it is hostile input: `../../.bashrc`, `a/b`,
 * control characters, a right-to-left override that makes `exe.pdf` read as
 * `fdp.exe`, 300 characters, nothing but dots.
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import { join } from 'node:path';

/** The longest name kept, in UTF-8 bytes (most file systems allow 255). */
export const FILE_NAME_BYTES = 200;
/** What a name becomes when nothing of it is left. */
export const UNNAMED_FILE = 'attachment';
/** An extension kept whole when a long name is cut: `.pdf`, `.tar.gz`'s `.gz`. */
const EXTENSION = /\.[^.\s]{1,16}$/;
// Windows' device names open a device, not a file, whatever the extension.
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

const utf8Bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** Dropped: C0/C1 controls, DEL, bidi embeddings, overrides and isolates, and the direction marks. */
function dropped(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0x200e ||
    c === 0x200f ||
    c === 0x061c ||
    c === 0xfeff
  );
}

/** Dots and spaces off both ends: no hidden file, no `..`, no name Windows would trim itself. */
const trimEnds = (s: string): string => s.replace(/^[.\s]+/u, '').replace(/[.\s]+$/u, '');

/** The longest start of `s` (whole code points) within `bytes` UTF-8 bytes. */
function cutTo(s: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const ch of s) {
    const n = utf8Bytes(ch);
    if (used + n > bytes) break;
    out += ch;
    used += n;
  }
  return out;
}

/** `name` within `bytes`, its extension kept: the stem is what gets shorter. */
function capped(name: string, bytes: number): string {
  if (utf8Bytes(name) <= bytes) return name;
  const ext = EXTENSION.exec(name)?.[0] ?? '';
  const stem = name.slice(0, name.length - ext.length);
  const room = bytes - utf8Bytes(ext);
  if (room <= 0) return cutTo(name, bytes);
  return `${trimEnds(cutTo(stem, room))}${ext}`;
}

/**
 * A name with no path separator, control character or bidi control, no
 * leading or trailing dot or space, at most FILE_NAME_BYTES long with its
 * extension kept, and never empty, `.` or `..` (UNNAMED_FILE then).
 */
export function safeFileName(name: string): string {
  let out = '';
  for (const ch of name.normalize('NFC')) {
    const c = ch.codePointAt(0) ?? 0;
    if (dropped(c) || ch === '/' || ch === '\\') continue;
    // Lone surrogates cannot be written as UTF-8 file names.
    if (c >= 0xd800 && c <= 0xdfff) continue;
    // Characters Windows and macOS' Finder refuse in names: kept visible, made harmless.
    out += '<>:"|?*'.includes(ch) ? '_' : ch;
  }
  out = trimEnds(capped(trimEnds(out.replace(/\s+/gu, ' ')), FILE_NAME_BYTES));
  if (out === '' || /^\.+$/.test(out)) return UNNAMED_FILE;
  return DEVICE.test(out) ? `_${out}` : out;
}

/** The `n`th other name for `name`: `report (1).pdf`, still within FILE_NAME_BYTES. */
export function numberedName(name: string, n: number): string {
  const safe = safeFileName(name);
  const ext = EXTENSION.exec(safe)?.[0] ?? '';
  const stem = safe.slice(0, safe.length - ext.length);
  const suffix = ` (${n})${ext}`;
  return `${trimEnds(cutTo(stem, FILE_NAME_BYTES - utf8Bytes(suffix))) || UNNAMED_FILE}${suffix}`;
}

const exists = async (path: string): Promise<boolean> =>
  lstat(path).then(
    () => true,
    (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return false;
      throw e;
    },
  );

/** `name` made safe, or its first numbered form (`name (1).pdf`) nothing in `dir` holds yet. */
export async function freeName(dir: string, name: string): Promise<string> {
  const safe = safeFileName(name);
  if (!(await exists(join(dir, safe)))) return safe;
  for (let n = 1; ; n++) {
    const other = numberedName(safe, n);
    if (!(await exists(join(dir, other)))) return other;
  }
}

/**
 * Writes `bytes` as a new file in `dir` under `name` made safe (numbered
 * when taken), never over an existing file or through a link: the file is
 * created exclusively, and a name taken meanwhile moves on to the next.
 * Resolves to the path written.
 */
export async function writeNewFile(dir: string, name: string, bytes: Uint8Array, mode = 0o644): Promise<string> {
  for (let tries = 0; ; tries++) {
    const path = join(dir, await freeName(dir, name));
    let file;
    try {
      file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && tries < 100) continue;
      throw e;
    }
    try {
      await file.writeFile(bytes);
    } finally {
      await file.close();
    }
    return path;
  }
}
