/**
 * What the scriptable commands print. Tables: every cell through `sanitize`
 * (server strings may carry terminal escapes) and laid out in terminal cells
 * (width.ts), not UTF-16 units. JSON: the parsed data, pretty, with the
 * characters a terminal could act on or hide written as \u escapes, so the
 * output parses back to exactly the server's data and is still safe to look at.
 */
import { sanitize } from '../text/sanitize.js';
import { cellWidth, padEnd, truncate } from '../text/width.js';

export interface Out {
  write(text: string): void;
}

export const stdout: Out = { write: (t) => void process.stdout.write(t) };

/**
 * JSON.stringify already escapes C0 controls and lone surrogates; this adds
 * DEL, C1 controls, line/paragraph separators, bidi and zero-width characters,
 * the BOM and tag characters (as sanitize does, ZWJ stays: it joins emoji).
 * They can only occur inside strings, so the result is valid JSON with the
 * same meaning.
 */
const UNSAFE_IN_JSON =
  /[\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

const u = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

export function toJson(value: unknown): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return text.replace(UNSAFE_IN_JSON, (m) => Array.from({ length: m.length }, (_, i) => u(m.charCodeAt(i))).join(''));
}

export function printJson(value: unknown, out: Out = stdout): void {
  out.write(`${toJson(value)}\n`);
}

/** One line of server text, safe and on one row. */
export const one = (s: string | number | null | undefined): string =>
  s === null || s === undefined ? '' : sanitize(String(s));

export interface ColumnSpec {
  header: string;
  /** Most cells this column takes; longer values end in `…`. Default 40. */
  max?: number;
  /** Right-align (numbers). */
  right?: boolean;
}

/** A plain table: header row, then rows; cells sanitized, padded in terminal cells. */
export function table(columns: ColumnSpec[], rows: (string | number | null | undefined)[][]): string {
  const cells = rows.map((r) => columns.map((c, i) => truncate(one(r[i]), c.max ?? 40)));
  const widths = columns.map((c, i) => Math.max(cellWidth(c.header), ...cells.map((r) => cellWidth(r[i] ?? ''))));
  const line = (r: string[]) =>
    r
      .map((cell, i) => {
        const w = widths[i] ?? 0;
        return columns[i]?.right ? ' '.repeat(Math.max(0, w - cellWidth(cell))) + cell : padEnd(cell, w);
      })
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join('\n') + '\n';
}

/** `Label:  value` lines for a record, labels aligned. */
export function fields(pairs: [string, string | number | null | undefined][]): string {
  const w = Math.max(...pairs.map(([k]) => cellWidth(k))) + 1;
  return pairs.map(([k, v]) => `${padEnd(`${k}:`, w)} ${one(v)}`.trimEnd()).join('\n') + '\n';
}

/** Multi-line server text (notes, comments), indented; line breaks kept, escapes neutralised. */
export function block(text: string, indent = '    '): string {
  return sanitize(text, { multiline: true })
    .split('\n')
    .map((l) => `${indent}${l}`.trimEnd())
    .join('\n');
}

/** Print either the JSON of `data` or the human form. */
export function emit(json: boolean, data: unknown, human: () => string, out: Out = stdout): void {
  if (json) printJson(data, out);
  else out.write(human());
}
