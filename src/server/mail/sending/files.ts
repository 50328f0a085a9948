/**
 * Files sent with a message: read from the request (base64, each name made
 * safe, a type from the name when none is given), held with the outbox row
 * until it leaves, and taken byte for byte out of a message forwarded. Each
 * bad file is refused in words naming it before anything is queued or sent;
 * the limits are MAIL_LIMITS' (25 MiB decoded, all files together; 20 files).
 */
import { MAIL_LIMITS, type MessageAttachment, type OutgoingFile } from '../../../api/schema-mail.js';
import { HttpError, badRequest } from '../../errors.js';
import type { Sql } from '../../sql/sql.js';
import { sanitize } from '../../../text/sanitize.js';
import { safeFileName } from '../../../text/file-name.js';

export interface OutFile {
  name: string;
  contentType: string;
  content: Buffer;
}

const MIB = 1024 * 1024;
const mib = (n: number) => `${(n / MIB).toFixed(1)} MiB`;
const ORDINALS = ['1st', '2nd', '3rd'];
const nth = (i: number) => ORDINALS[i] ?? `${i + 1}th`;
/** `type/subtype`, parameters allowed: what a Content-Type header holds. */
const MEDIA_TYPE = /^[A-Za-z0-9][\w.+-]*\/[A-Za-z0-9][\w.+-]*(\s*;.*)?$/;
/** Whole base64: its alphabet, padding only at the end, a multiple of four (one character class: linear on 30 MB). */
const isBase64 = (s: string) => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);

/** What is wrong with a file's name as a client sent it, in words; undefined when it is a plain name. */
export function fileNameProblem(name: string): string | undefined {
  if (/[/\\]/.test(name)) return "has a folder in it ('/' or '\\'): send the file's own name";
  // eslint-disable-next-line no-control-regex -- finding them is the point
  if (/[\u0000-\u001F\u007F-\u009F]/.test(name)) return 'has control characters in it';
  if (/[\u202A-\u202E\u2066-\u2069]/.test(name))
    return 'has a character that reverses the text (U+202A–U+202E, U+2066–U+2069), which can hide its real type';
  if (/^[\s.]*$/.test(name)) return 'is not a file name';
  return undefined;
}

const tooLarge = (bytes: number, already: number) =>
  new HttpError(
    413,
    `Attachments: ${mib(bytes)} of files is over the limit of ${MAIL_LIMITS.attachmentBytes / MIB} MiB for one message${already > 0 ? ` (the forwarded message's own files are ${mib(already)} of it)` : ''}. Nothing was sent.`,
  );

/** The type of a file by its name, as mail programs expect it. */
async function typeOf(name: string): Promise<string> {
  const mime = await import('mime-types');
  const t = mime.lookup(name);
  return t === false ? 'application/octet-stream' : t;
}

/**
 * The request's files, decoded and checked. `alreadyBytes`: the bytes of
 * files that go with them anyway (a forwarded message's own).
 */
export async function decodeFiles(files: readonly OutgoingFile[] | undefined, alreadyBytes = 0): Promise<OutFile[]> {
  const out: OutFile[] = [];
  let total = alreadyBytes;
  if (total > MAIL_LIMITS.attachmentBytes) throw tooLarge(total, alreadyBytes);
  for (const [i, f] of (files ?? []).entries()) {
    const said = `Attachments: the ${nth(i)} file`;
    const problem = fileNameProblem(f.Name);
    if (problem !== undefined) throw badRequest(`${said}'s name, '${sanitize(f.Name).slice(0, 60)}', ${problem}`);
    const name = safeFileName(f.Name);
    const b64 = f.Content.replace(/[\r\n]/g, '');
    if (!isBase64(b64)) throw badRequest(`${said}, ${name}, is not in base64: send its bytes as base64`);
    if (f.ContentType !== undefined && !MEDIA_TYPE.test(f.ContentType))
      throw badRequest(
        `${said}, ${name}: its content type '${sanitize(f.ContentType).slice(0, 60)}' is not a type such as application/pdf`,
      );
    const content = Buffer.from(b64, 'base64');
    total += content.length;
    if (total > MAIL_LIMITS.attachmentBytes) {
      const rest = (files ?? []).slice(i + 1).reduce((n, g) => n + Math.floor((g.Content.length * 3) / 4), 0);
      throw tooLarge(total + rest, alreadyBytes);
    }
    out.push({ name, contentType: f.ContentType ?? (await typeOf(name)), content });
  }
  return out;
}

/** The files of a raw message, in its order, bytes as they were sent (a forward's). */
export async function filesOfRaw(raw: Buffer | null | undefined): Promise<OutFile[]> {
  if (raw === null || raw === undefined || raw.length === 0) return [];
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true });
  return mail.attachments.map((a) => ({
    name: safeFileName(a.filename ?? '', 'attachment'),
    contentType: a.contentType,
    content: a.content,
  }));
}

/** As the thread lists them. */
export const listed = (files: readonly OutFile[]): MessageAttachment[] =>
  files.map((f) => ({ Name: f.name, Size: f.content.length, ContentType: f.contentType }));

export async function saveFiles(sql: Sql, outboxId: number, files: readonly OutFile[]): Promise<void> {
  for (const f of files)
    await sql.run('INSERT INTO outbox_files (outbox_id, name, content_type, content) VALUES (?, ?, ?, ?)', [
      outboxId,
      f.name,
      f.contentType,
      f.content,
    ]);
}

export async function loadFiles(sql: Sql, outboxId: number): Promise<OutFile[]> {
  const rows = await sql.all<{ name: string; content_type: string; content: Buffer }>(
    'SELECT name, content_type, content FROM outbox_files WHERE outbox_id = ? ORDER BY id',
    [outboxId],
  );
  return rows.map((r) => ({ name: r.name, contentType: r.content_type, content: Buffer.from(r.content) }));
}
