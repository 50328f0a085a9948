/**
 * Width helpers in terminal cells. Email subjects carry emoji, CJK and
 * combining marks, so `.length` (UTF-16 units) says nothing about how many
 * columns a string takes. Inputs are expected to be sanitized already.
 *
 * Every frame fits ~200 strings, and string-width segments each one into
 * graphemes and runs several Unicode regexes per grapheme: text whose
 * every character is one narrow cell (NARROW: ASCII, accented Latin, common
 * punctuation) takes a fast path (width = length), and other results are
 * cached, since the same titles are fitted frame after frame.
 */
import stringWidth from 'string-width';
import { BoundedCache } from './bounded-cache.js';

export const ELLIPSIS = '…';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/**
 * One cell per UTF-16 unit, and no unit joins its neighbour into a cluster:
 * printable ASCII, Latin-1 and Latin Extended letters (not the soft hyphen),
 * and the punctuation subjects use (– — ‘ ’ “ ” • …). Width = length, and
 * any cut is between characters. Every character in it is checked against
 * string-width by test/text/width.test.ts.
 */
export const NARROW = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u024f\u2013\u2014\u2018-\u201f\u2022\u2026]*$/;

const widths = new BoundedCache<string, number>(4096);
const fitted = new BoundedCache<string, string>(4096);
const blocks = new BoundedCache<string, number>(4096);

/** Columns the string occupies in a terminal. */
export function cellWidth(s: string): number {
  if (NARROW.test(s)) return s.length;
  let w = widths.get(s);
  if (w === undefined) {
    w = stringWidth(s);
    widths.set(s, w);
  }
  return w;
}

/** Columns of the widest line of a multi-line string. */
export function widestLine(text: string): number {
  if (!text.includes('\n')) return cellWidth(text);
  let w = blocks.get(text);
  if (w === undefined) {
    w = 0;
    for (const line of text.split('\n')) w = Math.max(w, cellWidth(line));
    blocks.set(text, w);
  }
  return w;
}

/**
 * At most `cells` columns; when cut, ends with `…`. Cuts only between
 * grapheme clusters, so 👩‍💻 or 🇩🇪 is either whole or gone, never half.
 */
export function truncate(s: string, cells: number): string {
  if (cells <= 0) return '';
  if (NARROW.test(s)) return s.length <= cells ? s : s.slice(0, cells - 1) + ELLIPSIS;
  if (cellWidth(s) <= cells) return s;
  const budget = cells - 1; // room left once the ellipsis is placed
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(s)) {
    const w = NARROW.test(segment) ? segment.length : stringWidth(segment);
    if (used + w > budget) break;
    used += w;
    end = index + segment.length;
  }
  return s.slice(0, end) + ELLIPSIS;
}

/** Pads with spaces to `cells` columns; never shortens. */
export function padEnd(s: string, cells: number): string {
  const gap = cells - cellWidth(s);
  return gap > 0 ? s + ' '.repeat(gap) : s;
}

/**
 * Exactly `cells` columns: truncated, then padded. Padding also fills the
 * cell a wide character could not take at the edge. Cached by (cells, s):
 * rows are fitted again on every frame with the same inputs.
 */
export function fit(s: string, cells: number): string {
  const key = `${cells}\u0000${s}`;
  let out = fitted.get(key);
  if (out === undefined) {
    out = padEnd(truncate(s, cells), cells);
    fitted.set(key, out);
  }
  return out;
}
