/**
 * JSON.parse that never rounds an integer. `JSON.parse` reads
 * 9007199254740993 as 9007199254740992, silently, and Node 20's revivers
 * get no source text, so the one way to keep such a number exact is to
 * read it before JSON.parse does: integer literals beyond
 * Number.MAX_SAFE_INTEGER are rewritten as strings of their digits, which
 * the tolerant readers accept wherever an id may be a string. Every other
 * value parses exactly as JSON.parse would have it.
 */

/** Sixteen digits in a row somewhere: the only text that can hold an unsafe integer. */
const LONG_DIGITS = /\d{16}/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * JSON text pretty-printed by `print`, integers past 2^53 written back as
 * the digits they were (for showing a body as the server sent it).
 */
export function reprintJsonExact(text: string, print: (value: unknown) => string): string {
  // Written as an escape in the JSON text (a raw control character would be invalid there).
  const mark = '\\u0000int:';
  const printed = print(JSON.parse(quoteUnsafeIntegers(text, mark)));
  return printed.replace(/"\\u0000int:(-?\d+)"/g, '$1');
}

/** Throws SyntaxError exactly when JSON.parse would. */
export function parseJsonExact(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(quoteUnsafeIntegers(text));
}

/**
 * The text with every integer literal outside strings whose magnitude
 * exceeds 2^53 - 1 wrapped in quotes. Invalid JSON stays invalid (a
 * rewrite only ever happens to a well-formed number token), so the
 * caller's error report is unchanged in kind.
 */
export function quoteUnsafeIntegers(text: string, prefix = ''): string {
  let out = '';
  let from = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i += 2;
        else if (d === 34) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === 45 /* - */ || isDigit(c)) {
      const start = i;
      if (c === 45) i++;
      const digitsFrom = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const digitsTo = i;
      // A fraction or an exponent makes it a double by the JSON's own choice: leave it.
      const next = i < n ? text.charCodeAt(i) : -1;
      const isInteger = next !== 46 /* . */ && next !== 101 /* e */ && next !== 69; /* E */
      while (i < n && /[0-9.eE+-]/.test(text[i] ?? '')) i++;
      if (isInteger && digitsTo - digitsFrom >= 16 && text.charCodeAt(digitsFrom) !== 48) {
        const digits = text.slice(digitsFrom, digitsTo);
        if (BigInt(digits) > MAX_SAFE) {
          out += text.slice(from, start) + '"' + prefix + text.slice(start, digitsTo) + '"';
          from = digitsTo;
        }
      }
      continue;
    }
    i++;
  }
  return from === 0 ? text : out + text.slice(from);
}
