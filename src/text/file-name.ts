/**
 * A file name that is safe to write to disk, to put in a mail header and to
 * show: a name someone else chose (a sender's attachment, a file sent with a
 * reply) must never reach outside the folder it is saved in, hide its real
 * extension behind a right-to-left override, or be empty. One function for
 * the service and the client, so both make the same name of the same input.
 */

/** Bidi embeddings, overrides and isolates: U+202A–U+202E, U+2066–U+2069. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- the point is to find them
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
/** Path separators on any system a file may be saved on. */
const SEPARATORS = /[/\\]/g;
/** The most bytes (UTF-8) a name keeps: every common file system allows 255. */
export const FILE_NAME_BYTES = 200;
/** The name when nothing of the given one is left. */
export const UNNAMED_FILE = 'attachment';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/** The longest start of `s` (whole characters) within `max` bytes. */
function clip(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (bytes(out + ch) > max) break;
    out += ch;
  }
  return out;
}

/**
 * `name` made safe: path separators become `_`, controls and bidi
 * overrides go, leading and trailing dots and spaces are trimmed, and a name
 * over 200 bytes is shortened keeping its extension. Never empty, `.` or
 * `..`: `fallback` (default "attachment") stands in.
 */
export function safeFileName(name: string, fallback: string = UNNAMED_FILE): string {
  const cleaned = name
    .normalize('NFC')
    .replace(BIDI, '')
    .replace(CONTROL, '')
    .replace(SEPARATORS, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (cleaned === '') return fallback;
  if (bytes(cleaned) <= FILE_NAME_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  // An extension is a short tail after the last dot; a long one is part of the name.
  const ext = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : '';
  const stem = clip(cleaned.slice(0, cleaned.length - ext.length), FILE_NAME_BYTES - bytes(ext)).replace(/[\s.]+$/, '');
  return stem === '' ? fallback : `${stem}${ext}`;
}
