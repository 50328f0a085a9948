/**
 * Width helpers in terminal cells. Email subjects carry emoji, CJK and
 * combining marks, so `.length` (UTF-16 units) says nothing about how many
 * columns a string takes. Inputs are expected to be sanitized already.
 *
 * Every frame fits ~200 strings, and string-width segments each one into
 * graphemes and runs several Unicode regexes per grapheme. Two fast paths
 * cover what subjects are made of: NARROW text (ASCII, accented Latin,
 * common punctuation: width = length), and SIMPLE text (CJK, symbols, single
 * emoji: each character its own grapheme, width from the East Asian Width
 * table string-width itself uses). Only the rest (combining marks, ZWJ
 * sequences, flags, skin tones…) goes to string-width, whose emoji regex
 * alone costs ~13 ms to compile on first use: the first frame of a board
 * with no such titles no longer pays it. Results are cached, since the same
 * titles are fitted frame after frame. test/text/width.test.ts checks both
 * paths against string-width, character by character.
 */
import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import { BoundedCache } from './bounded-cache.js';
import { graphemes } from './graphemes.js';

export const ELLIPSIS = '…';

/**
 * One cell per UTF-16 unit, and no unit joins its neighbour into a cluster:
 * printable ASCII, Latin-1 and Latin Extended letters (not the soft hyphen),
 * and the punctuation subjects use (– — ‘ ’ “ ” • …). Width = length, and
 * any cut is between characters. Every character in it is checked against
 * string-width by test/text/width.test.ts.
 */
export const NARROW = /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u024f\u2013\u2014\u2018-\u201f\u2022\u2026]*$/;

/**
 * Characters that can join a neighbour into one grapheme cluster, or take
 * part in an emoji sequence: marks, controls and format characters (ZWJ,
 * variation selectors, tags), private-use and unassigned code points,
 * regional indicators, skin-tone modifiers, the keycap, Hangul jamo, and the
 * letters Unicode gives a joining role (prepend, spacing: Thai ำ, Lao ຳ,
 * Malayalam ൎ, and a few in newer scripts; the test finds any this
 * runtime's segmenter joins).
 */
const JOINING =
  '\\p{M}\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\p{Regional_Indicator}\\p{Emoji_Modifier}' +
  '\\u{20E3}\\u{1100}-\\u{11FF}\\u{A960}-\\u{A97F}\\u{D7B0}-\\u{D7FF}\\u{FF9E}\\u{FF9F}\\u{0E33}\\u{0EB3}\\u{0D4E}' +
  '\\u{111C2}\\u{111C3}\\u{113D1}\\u{1193F}\\u{11941}\\u{11A3A}\\u{11A84}-\\u{11A89}\\u{11D46}\\u{11F02}\\u{16D63}\\u{16D67}-\\u{16D6A}';
/**
 * Each character its own grapheme (none of JOINING), or an emoji with the
 * emoji-style selector (❄️): one cluster of two cells. Keycap bases (# * 0-9)
 * stay out: `1️` alone is one cell.
 */
export const SIMPLE = new RegExp(`^(?:[^${JOINING}]|[\\p{Emoji}--[#*0-9${JOINING}]]\\u{FE0F})*$`, 'v');
const VS16 = 0xfe0f;
const EAW = { ambiguousAsWide: false };

/**
 * Cells of one character of SIMPLE text. The ranges titles are made of are
 * answered before the East Asian Width table's long chain of comparisons
 * (the first frame runs it cold, once per character): nothing below U+1100
 * is wide, and the CJK ideographs, kana and Hangul syllables are.
 * test/text/width.test.ts checks every SIMPLE character against string-width.
 */
export function charCells(cp: number): number {
  if (cp < 0x1100) return 1;
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3041 && cp <= 0x3096) || (cp >= 0x30a1 && cp <= 0x30fa)) return 2;
  if (cp >= 0xac00 && cp <= 0xd7a3) return 2;
  return eastAsianWidth(cp, EAW);
}

/**
 * Where to cut SIMPLE text so it takes at most `budget` cells, and how many
 * it then takes: each code point, with the VS16 that may follow it (then
 * two cells, an emoji and its VS16 kept together). A plain loop: the first
 * frame runs it for every title, before V8 has optimised anything.
 */
function simpleScan(s: string, budget: number): { at: number; cells: number } {
  let cells = 0;
  for (let i = 0; i < s.length;) {
    const cp = s.codePointAt(i) as number;
    let next = i + (cp > 0xffff ? 2 : 1);
    let w: number;
    if (s.charCodeAt(next) === VS16) {
      next += 1;
      w = 2;
    } else w = charCells(cp);
    if (cells + w > budget) return { at: i, cells };
    cells += w;
    i = next;
  }
  return { at: s.length, cells };
}

/** Width of SIMPLE text: its characters' cells. */
const simpleWidth = (s: string): number => simpleScan(s, Infinity).cells;

/** Where to cut SIMPLE text so it takes at most `budget` cells. */
const simpleCut = (s: string, budget: number): number => simpleScan(s, budget).at;

const widths = new BoundedCache<string, number>(4096);
const fitted = new BoundedCache<string, string>(4096);
const blocks = new BoundedCache<string, number>(4096);

/**
 * Ink measures a Text with coloured spans as one string carrying their SGR
 * codes: like string-width, count what is left without them.
 */
function measure(s: string): number {
  const plain = s.includes('\x1b') || s.includes('\x9b') ? stripAnsi(s) : s;
  if (NARROW.test(plain)) return plain.length;
  return SIMPLE.test(plain) ? simpleWidth(plain) : stringWidth(plain);
}

/** Columns the string occupies in a terminal. */
export function cellWidth(s: string): number {
  if (NARROW.test(s)) return s.length;
  let w = widths.get(s);
  if (w === undefined) {
    w = measure(s);
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
  if (SIMPLE.test(s)) return s.slice(0, simpleCut(s, budget)) + ELLIPSIS;
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes().segment(s)) {
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
