/**
 * ansi-tokenize's `tokenize` for the lines a board draws, without its
 * grapheme segmenter when the line needs none: SGR colour codes around
 * NARROW or SIMPLE text (src/text/width.ts), where every character is its
 * own cluster (or an emoji with its VS16). The first frame tokenises every
 * row once, with all of it still cold; most rows are such lines. Anything
 * else — other escapes, combining marks, ZWJ sequences, flags — goes to
 * `tokenize` whole. Same tokens either way: test/ui/ink-overrides/
 * tokenize-line.test.ts compares the two on random lines.
 */
import { tokenize, type AnsiCode, type Token } from '@alcalzone/ansi-tokenize';
import { charCells, NARROW, SIMPLE } from '../../text/width.js';

/** `ESC [ params m`, as ansi-tokenize reads an SGR code. */
// eslint-disable-next-line no-control-regex
const SGR = /\x1b\[[0-9;]*m/g;
const VS16 = 0xfe0f;

/** ansi-tokenize's tokens for one SGR code (a compound code is several). */
const codeTokens = new Map<string, AnsiCode[]>();
function codes(sgr: string): AnsiCode[] {
  let ts = codeTokens.get(sgr);
  if (ts === undefined) {
    ts = tokenize(sgr) as AnsiCode[];
    codeTokens.set(sgr, ts);
  }
  return ts;
}

/** The text between codes as char tokens, or false if it needs the segmenter. */
function chars(text: string, out: Token[]): boolean {
  if (NARROW.test(text)) {
    for (let i = 0; i < text.length; i++) out.push({ type: 'char', value: text[i] as string, fullWidth: false });
    return true;
  }
  if (!SIMPLE.test(text)) return false;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i) as number;
    let end = i + (cp > 0xffff ? 2 : 1);
    const selected = text.charCodeAt(end) === VS16;
    if (selected) end += 1;
    out.push({ type: 'char', value: text.slice(i, end), fullWidth: selected || charCells(cp) === 2 });
    i = end;
  }
  return true;
}

export function tokenizeLine(line: string): Token[] {
  const out: Token[] = [];
  let from = 0;
  for (const m of line.matchAll(SGR)) {
    if (!chars(line.slice(from, m.index), out)) return tokenize(line);
    for (const c of codes(m[0])) out.push(c);
    from = m.index + m[0].length;
  }
  return chars(line.slice(from), out) ? out : tokenize(line);
}
