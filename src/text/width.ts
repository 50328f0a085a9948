/**
 * Width helpers in terminal cells. Email subjects carry emoji, CJK and
 * combining marks, so `.length` (UTF-16 units) says nothing about how many
 * columns a string takes. Inputs are expected to be sanitized already.
 */
import stringWidth from 'string-width';

export const ELLIPSIS = '…';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Columns the string occupies in a terminal. */
export function cellWidth(s: string): number {
  return stringWidth(s);
}

/**
 * At most `cells` columns; when cut, ends with `…`. Cuts only between
 * grapheme clusters, so 👩‍💻 or 🇩🇪 is either whole or gone, never half.
 */
export function truncate(s: string, cells: number): string {
  if (cells <= 0) return '';
  if (stringWidth(s) <= cells) return s;
  const budget = cells - 1; // room left once the ellipsis is placed
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(s)) {
    const w = stringWidth(segment);
    if (used + w > budget) break;
    used += w;
    end = index + segment.length;
  }
  return s.slice(0, end) + ELLIPSIS;
}

/** Pads with spaces to `cells` columns; never shortens. */
export function padEnd(s: string, cells: number): string {
  const gap = cells - stringWidth(s);
  return gap > 0 ? s + ' '.repeat(gap) : s;
}

/**
 * Exactly `cells` columns: truncated, then padded. Padding also fills the
 * cell a wide character could not take at the edge.
 */
export function fit(s: string, cells: number): string {
  return padEnd(truncate(s, cells), cells);
}
