/**
 * What `inboard card reply|forward|compose` send besides the text: files
 * read from disk, addresses, and the member's own signature. Every one is
 * checked before the first request, so a missing file or a mistyped address
 * is said in words and nothing goes out half.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Email } from '../api/schema.js';
import { MAIL_LIMITS, type OutgoingFile } from '../api/schema-mail.js';
import { readConfigFile } from '../config/resolve.js';
import { UsageError } from './args.js';
import { one } from './output.js';

const KIB = 1024;
/** A size as a person reads it: 812 B, 14 KB, 3.2 MB. */
export const size = (n: number) =>
  n < KIB ? `${n} B` : n < KIB * KIB ? `${(n / KIB).toFixed(0)} KB` : `${(n / KIB / KIB).toFixed(1)} MB`;

const LIMIT_WORDS = `${MAIL_LIMITS.attachmentBytes / KIB / KIB} MiB`;

/** Why `path` can't be sent, from the error reading it gave. */
function unreadable(path: string, e: unknown): UsageError {
  const code = (e as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOENT'
      ? 'there is no such file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'it cannot be read (permission denied)'
        : code === 'EISDIR'
          ? 'it is a folder, not a file'
          : `it cannot be read (${e instanceof Error ? e.message : String(e)})`;
  return new UsageError(`--attach ${one(path)}: ${why}; nothing was sent`);
}

/** All of one open file, no more than `max` bytes (it may have grown since it was measured). */
function readAll(path: string, max: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw Object.assign(new Error('a folder'), { code: 'EISDIR' });
    const out = Buffer.alloc(Math.min(st.size, max + 1));
    let got = 0;
    while (got < out.length) {
      const n = readSync(fd, out, got, out.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return out.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/**
 * The files as the request carries them, each named by its base name and
 * typed by it (`application/octet-stream` when the name says nothing). Sizes
 * are measured before any file is read: a 30 MiB file is refused unread.
 */
export async function readFiles(paths: readonly string[]): Promise<{ files: OutgoingFile[]; bytes: number }> {
  if (paths.length === 0) return { files: [], bytes: 0 };
  if (paths.length > MAIL_LIMITS.attachments) {
    throw new UsageError(
      `${paths.length} files given with --attach: at most ${MAIL_LIMITS.attachments} go with one message; nothing was sent`,
    );
  }
  let total = 0;
  for (const path of paths) {
    let st;
    try {
      st = statSync(path);
    } catch (e) {
      throw unreadable(path, e);
    }
    if (st.isDirectory()) throw unreadable(path, Object.assign(new Error('a folder'), { code: 'EISDIR' }));
    if (!st.isFile()) throw new UsageError(`--attach ${one(path)}: it is not a regular file; nothing was sent`);
    total += st.size;
    if (total > MAIL_LIMITS.attachmentBytes) {
      throw new UsageError(
        `--attach ${one(path)}: the files come to ${size(total)} with it, over the ${LIMIT_WORDS} one message may carry; nothing was sent`,
      );
    }
  }
  // Loaded only when there are files: its type table costs every other command's start.
  const mime = (await import('mime-types')).default;
  let bytes = 0;
  const files = paths.map((path): OutgoingFile => {
    let content: Buffer;
    try {
      content = readAll(path, MAIL_LIMITS.attachmentBytes - bytes);
    } catch (e) {
      throw unreadable(path, e);
    }
    bytes += content.length;
    if (bytes > MAIL_LIMITS.attachmentBytes) {
      throw new UsageError(
        `--attach ${one(path)}: the files grew past ${LIMIT_WORDS} while being read; nothing was sent`,
      );
    }
    const name = basename(path);
    const type = mime.lookup(name);
    return {
      Name: name,
      ContentType: type === false ? 'application/octet-stream' : type,
      Content: content.toString('base64'),
    };
  });
  return { files, bytes };
}

/**
 * The addresses of a repeatable flag, each one or several joined by commas,
 * checked one by one so the refusal names the bad one. Undefined when the
 * flag was not given.
 */
export function addresses(flag: string, raw: readonly string[] | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .flatMap((r) => r.split(','))
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const bad = list.find((a) => !Email.safeParse(a).success);
  if (bad !== undefined) {
    throw new UsageError(`${flag} '${one(bad)}' is not an email address (like name@example.com); nothing was sent`);
  }
  if (list.length > MAIL_LIMITS.cc) {
    throw new UsageError(`${flag}: ${list.length} addresses, at most ${MAIL_LIMITS.cc}; nothing was sent`);
  }
  return list;
}

/**
 * The request's `Signature`: none with --no-signature (null); the config's
 * `signature` (a template the service fills in) when set; else absent, and
 * the board's own is used.
 */
export function signatureChoice(noSignature: boolean | undefined): { Signature?: string | null } {
  if (noSignature === true) return { Signature: null };
  const own = readConfigFile()?.signature;
  return own === undefined || own.trim() === '' ? {} : { Signature: own };
}

/** The flags every sending command takes, for parseArgs. */
export const SEND_OPTIONS = {
  attach: { type: 'string', multiple: true },
  cc: { type: 'string', multiple: true },
  bcc: { type: 'string', multiple: true },
  'no-signature': { type: 'boolean' },
} as const;

/** "(2 files)", or nothing. */
export const filesWords = (n: number) => (n === 0 ? '' : ` (${n} file${n === 1 ? '' : 's'})`);

/** "to a@x, cc b@y, bcc c@z" of what was sent. */
export function recipientsWords(to: readonly string[], cc: readonly string[], bcc: readonly string[] = []): string {
  return [
    `to ${one(to.join(', '))}`,
    ...(cc.length > 0 ? [`cc ${one(cc.join(', '))}`] : []),
    ...(bcc.length > 0 ? [`bcc ${one(bcc.join(', '))}`] : []),
  ].join(', ');
}
