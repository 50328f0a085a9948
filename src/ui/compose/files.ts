/**
 * Files sent with a reply, a forward or new mail: added by a path typed in
 * the composer (`~` is the home folder, the rest is from the current
 * folder), checked at once — there, a file, readable — and read when the
 * mail is sent. Over the service's limits (MAIL_LIMITS) is refused in
 * words before anything is sent.
 */
import { constants, accessSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, resolve } from 'node:path';
import { MAIL_LIMITS, type OutgoingFile } from '../../api/schema-mail.js';
import { sanitize } from '../../text/sanitize.js';
import { keyOf } from '../keys/active.js';
import { byteSize } from '../thread-text.js';

/** A file the composer will send. */
export interface Attached {
  /** Absolute. */
  readonly path: string;
  /** Its name as the recipient sees it. */
  readonly name: string;
  readonly size: number;
}

/** `~/x` and `~` from the home folder; the rest from `cwd`. */
export function expandPath(typed: string, cwd: string = process.cwd(), home: string = homedir()): string {
  const t = typed.trim();
  if (t === '~') return home;
  if (t.startsWith('~/')) return resolve(home, t.slice(2));
  return resolve(cwd, t);
}

const reason = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? (e instanceof Error ? e.message : String(e));
};

/** The file at a typed path, or why it can't be sent, in words. */
export function attachFile(typed: string, cwd?: string): { ok: true; file: Attached } | { ok: false; error: string } {
  if (typed.trim() === '') return { ok: false, error: 'Type the path of a file to attach' };
  const path = expandPath(typed, cwd);
  const shown = sanitize(path);
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, error: code === 'ENOENT' ? `No file at ${shown}` : `${shown} can’t be read (${reason(e)})` };
  }
  if (st.isDirectory()) return { ok: false, error: `${shown} is a folder, not a file` };
  if (!st.isFile()) return { ok: false, error: `${shown} is not a regular file` };
  try {
    accessSync(path, constants.R_OK);
  } catch (e) {
    return { ok: false, error: `${shown} can’t be read (${reason(e)})` };
  }
  return { ok: true, file: { path, name: basename(path), size: st.size } };
}

/** Why these files can't go together (too many, too big), or null. */
export function filesProblem(files: readonly Attached[]): string | null {
  if (files.length > MAIL_LIMITS.attachments)
    return `${files.length} files attached; at most ${MAIL_LIMITS.attachments} go with one message (${keyOf('composer', 'composer.detach') ?? 'the remove key'} removes the last)`;
  const total = files.reduce((n, f) => n + f.size, 0);
  if (total > MAIL_LIMITS.attachmentBytes)
    return `The files come to ${byteSize(total)}; at most ${byteSize(MAIL_LIMITS.attachmentBytes)} go with one message — nothing was sent`;
  return null;
}

/** A line for each file: its name and size (terminal-safe). */
export function fileLines(files: readonly Attached[]): string[] {
  return files.map((f, i) => `${i === 0 ? 'Files'.padEnd(9) : ' '.repeat(9)}${sanitize(f.name)} · ${byteSize(f.size)}`);
}

/**
 * The files as the wire takes them, read now; their type from their name
 * (mime-types, loaded on first use: it is a large table the board's start
 * has no need of). Rejects in words when one is gone or changed.
 */
export async function outgoingFiles(files: readonly Attached[]): Promise<OutgoingFile[]> {
  if (files.length === 0) return [];
  const { lookup } = await import('mime-types');
  return files.map((f) => {
    let bytes: Buffer;
    try {
      bytes = readFileSync(f.path);
    } catch (e) {
      throw new Error(`${sanitize(f.path)} can’t be read any more (${reason(e)}): nothing was sent`);
    }
    const type = lookup(f.name);
    return {
      Name: f.name,
      ...(type !== false ? { ContentType: type } : {}),
      Content: bytes.toString('base64'),
    };
  });
}
