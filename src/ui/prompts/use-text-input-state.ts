/**
 * Text-input state: the value and a cursor (a UTF-16 offset that always sits
 * on a grapheme boundary, so 👩‍💻 is stepped over and deleted whole). Pure
 * reducers plus a hook, in the style of @inkjs/ui's use-text-input-state.
 */
import { useReducer } from 'react';

export interface TextInputState {
  readonly value: string;
  readonly cursor: number;
}

export type TextInputAction =
  | { type: 'insert'; text: string; multiline: boolean }
  /** The whole text replaced (what the editor saved, Ctrl+G), the cursor at its end. */
  | { type: 'replace'; text: string; multiline: boolean }
  | { type: 'deleteBack' }
  /** Readline's Ctrl+W: the word before the cursor, and the white space (line breaks too) after it. */
  | { type: 'deleteWordBack' }
  /** Ctrl+U and Ctrl+K: to the start, or the end, of the current line. */
  | { type: 'deleteToLineStart' }
  | { type: 'deleteToLineEnd' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Grapheme boundaries of `s`, 0 and s.length included. */
function boundaries(s: string): number[] {
  const out = [0];
  for (const { index, segment } of graphemes.segment(s)) out.push(index + segment.length);
  return out;
}

/**
 * What typed or pasted text becomes in the field: pasted line breaks (CR,
 * LF, CRLF) are kept as `\n` where the field is multi-line and become one
 * space otherwise; tabs become a space; other control characters are dropped
 * (they are keys, not text).
 */
export function cleanInput(text: string, multiline: boolean): string {
  const lines = text.replace(/\r\n?/g, '\n');
  const broken = multiline ? lines : lines.replace(/\n+/g, ' ');
  // eslint-disable-next-line no-control-regex
  return broken.replace(/\t/g, ' ').replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g, '');
}

/** Start of the cursor's line (multi-line fields), else of the value. */
const lineStart = (s: TextInputState): number => s.value.lastIndexOf('\n', s.cursor - 1) + 1;
function lineEnd(s: TextInputState): number {
  const nl = s.value.indexOf('\n', s.cursor);
  return nl === -1 ? s.value.length : nl;
}
/** The value without [from, to), the cursor at `from`. Both sit on grapheme boundaries: a word ends at a space. */
const cut = (s: TextInputState, from: number, to: number): TextInputState =>
  from === to ? s : { value: s.value.slice(0, from) + s.value.slice(to), cursor: from };

export function textInputReducer(s: TextInputState, a: TextInputAction): TextInputState {
  switch (a.type) {
    case 'insert': {
      const text = cleanInput(a.text, a.multiline);
      if (text === '') return s;
      return { value: s.value.slice(0, s.cursor) + text + s.value.slice(s.cursor), cursor: s.cursor + text.length };
    }
    case 'replace': {
      const value = cleanInput(a.text, a.multiline);
      return { value, cursor: value.length };
    }
    case 'deleteBack': {
      if (s.cursor === 0) return s;
      const prev =
        boundaries(s.value)
          .filter((b) => b < s.cursor)
          .pop() ?? 0;
      return { value: s.value.slice(0, prev) + s.value.slice(s.cursor), cursor: prev };
    }
    case 'deleteWordBack': {
      let start = s.cursor;
      while (start > 0 && /\s/.test(s.value[start - 1]!)) start--;
      while (start > 0 && !/\s/.test(s.value[start - 1]!)) start--;
      return cut(s, start, s.cursor);
    }
    case 'deleteToLineStart':
      return cut(s, lineStart(s), s.cursor);
    case 'deleteToLineEnd':
      return cut(s, s.cursor, lineEnd(s));
    case 'left': {
      const prev = boundaries(s.value)
        .filter((b) => b < s.cursor)
        .pop();
      return prev === undefined ? s : { ...s, cursor: prev };
    }
    case 'right': {
      const next = boundaries(s.value).find((b) => b > s.cursor);
      return next === undefined ? s : { ...s, cursor: next };
    }
    case 'home': {
      const start = lineStart(s);
      return start === s.cursor ? s : { ...s, cursor: start };
    }
    case 'end': {
      const end = lineEnd(s);
      return end === s.cursor ? s : { ...s, cursor: end };
    }
  }
}

export function useTextInputState(initial: string) {
  return useReducer(textInputReducer, { value: initial, cursor: initial.length });
}
