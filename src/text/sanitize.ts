/**
 * Terminal-safe text. Every string that came from a server passes `sanitize`
 * before it reaches the terminal: Ink writes text as is, so an email subject
 * holding `ESC ] 52 ; c ; … BEL` would write the user's clipboard.
 *
 * We ESCAPE rather than strip. Stripping can splice the halves around a
 * removed character into a new sequence; escaping turns each dangerous code
 * point into plain printable ASCII, which no terminal interprets.
 *
 * Notation (every replacement is printable ASCII or a plain symbol, which is
 * what makes sanitize idempotent: its output contains nothing it rewrites):
 * - C0 controls and DEL: caret notation, `\x1b` → `^[`, `\x07` → `^G`, DEL → `^?`.
 * - `\t` → two spaces (tab stops depend on the column the text lands in,
 *   which only the renderer knows; two spaces keep indentation readable).
 * - `\n`: kept when `multiline`; otherwise shown as `↵` so a folded subject
 *   stays on one row and the break is still visible. `\r\n` counts as one
 *   line break (the wire form of email text); a lone `\r` (which would move
 *   the cursor and overwrite the row) is `^M`.
 * - U+2028 / U+2029 (line / paragraph separator): treated like `\n`.
 * - C1 controls U+0080–U+009F: hex in angle brackets, `\x9b` → `<9b>`.
 * - Bidi controls, zero-width characters, the BOM and tag characters:
 *   `<U+202E>`. Visible, so `pay<U+200B>pal` cannot pass for `paypal` and a
 *   right-to-left override cannot reorder the row.
 * - Lone surrogates → U+FFFD.
 * Kept on purpose: U+200D (ZWJ, joins emoji such as 👩‍💻) and the variation
 * selectors (U+FE0E/U+FE0F) that pick emoji presentation.
 *
 * One pass over the UTF-16 code units, no regular expressions: linear time on
 * any input, however hostile.
 */

export interface SanitizeOptions {
  /** Keep `\n` (notes, comments); otherwise line breaks become `↵`. */
  multiline?: boolean;
}

/** Shown for a line break in a single-line field. */
export const LINE_BREAK_MARKER = '↵';
const TAB = '  ';
const REPLACEMENT = '\uFFFD';

/** Invisible format characters we show as `<U+XXXX>` (BMP part). */
function isInvisibleFormat(cp: number): boolean {
  return (
    cp === 0x061c || // Arabic letter mark (bidi)
    cp === 0x200b || // zero-width space
    cp === 0x200c || // zero-width non-joiner
    cp === 0x200e || // left-to-right mark
    cp === 0x200f || // right-to-left mark
    (cp >= 0x202a && cp <= 0x202e) || // bidi embeddings and overrides
    (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
    (cp >= 0x2066 && cp <= 0x2069) || // bidi isolates
    cp === 0xfeff // BOM / zero-width no-break space
  );
}

function hex(cp: number, digits: number): string {
  return cp.toString(16).toUpperCase().padStart(digits, '0');
}

/** `\x1b` → `^[`, DEL → `^?`: the notation `cat -v` and terminals use. */
function caret(code: number): string {
  return code === 0x7f ? '^?' : '^' + String.fromCharCode(code + 0x40);
}

export function sanitize(s: string, opts: SanitizeOptions = {}): string {
  const newline = opts.multiline === true ? '\n' : LINE_BREAK_MARKER;
  const n = s.length;
  let out = '';
  // Start of the current run of characters that pass unchanged; runs are
  // copied with one slice so clean text costs one scan and no allocation.
  let runStart = 0;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    let replacement: string | undefined;
    let width = 1; // UTF-16 units consumed

    if (c < 0x20) {
      if (c === 0x0a) replacement = newline === '\n' ? undefined : newline;
      else if (c === 0x09) replacement = TAB;
      else if (c === 0x0d && i + 1 < n && s.charCodeAt(i + 1) === 0x0a) {
        replacement = newline;
        width = 2;
      } else replacement = caret(c);
    } else if (c < 0x7f) {
      // printable ASCII: the common case
    } else if (c === 0x7f) {
      replacement = caret(c);
    } else if (c <= 0x9f) {
      replacement = '<' + c.toString(16) + '>';
    } else if (c === 0x2028 || c === 0x2029) {
      replacement = newline;
    } else if (isInvisibleFormat(c)) {
      replacement = '<U+' + hex(c, 4) + '>';
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = ((c - 0xd800) << 10) + (next - 0xdc00) + 0x10000;
        width = 2;
        // Tag characters (U+E0000–U+E007F) can hide text from the reader.
        if (cp >= 0xe0000 && cp <= 0xe007f) replacement = '<U+' + hex(cp, 5) + '>';
      } else {
        replacement = REPLACEMENT; // lone high or low surrogate
      }
    }

    if (replacement !== undefined) {
      if (runStart < i) out += s.slice(runStart, i);
      out += replacement;
      runStart = i + width;
    }
    i += width;
  }
  if (runStart === 0) return s; // nothing needed escaping
  if (runStart < n) out += s.slice(runStart);
  return out;
}
