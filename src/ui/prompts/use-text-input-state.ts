/**
 * Text-input state: the value and a cursor (a UTF-16 offset that always sits
 * on a grapheme boundary, so 👩‍💻 is stepped over and deleted whole). Pure
 * reducers plus a hook, in the style of @inkjs/ui's use-text-input-state.
 */
import { useReducer } from 'react';
import { graphemes } from '../../text/graphemes.js';

export interface TextInputState {
  readonly value: string;
  readonly cursor: number;
  /**
   * The whole value is selected (a prefilled date you'd rather retype): text
   * typed or pasted replaces it, Backspace or Delete empties it, and any other
   * key drops the selection and edits as usual. Absent when not selected.
   */
  readonly selected?: true;
}

export type TextInputAction =
  | { type: 'insert'; text: string; multiline: boolean }
  /** The whole text replaced (what the editor saved, Ctrl+G), the cursor at its end. */
  | { type: 'replace'; text: string; multiline: boolean }
  | { type: 'deleteBack' }
  /** Delete (and Ctrl+D): the grapheme after the cursor. */
  | { type: 'deleteForward' }
  /** Readline's Ctrl+W: the word before the cursor, and the white space (line breaks too) after it. */
  | { type: 'deleteWordBack' }
  /** Readline's Alt+D: to the end of the word after the cursor. */
  | { type: 'deleteWordForward' }
  /** Alt+B and Alt+F: to the start of this or the previous word, to the end of this or the next. */
  | { type: 'wordLeft' }
  | { type: 'wordRight' }
  /** The line above or below (multi-line fields), at the same place in it as far as it reaches. */
  | { type: 'up' }
  | { type: 'down' }
  /** Ctrl+U and Ctrl+K: to the start, or the end, of the current line. */
  | { type: 'deleteToLineStart' }
  | { type: 'deleteToLineEnd' }
  | { type: 'left' }
  | { type: 'right' }
  | { type: 'home' }
  | { type: 'end' };

/** Grapheme boundaries of `s`, 0 and s.length included. */
function boundaries(s: string): number[] {
  const out = [0];
  for (const { index, segment } of graphemes().segment(s)) out.push(index + segment.length);
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

/** Where the word before the cursor starts (white space first, then the word). */
function wordStart(s: TextInputState): number {
  let i = s.cursor;
  while (i > 0 && /\s/.test(s.value[i - 1]!)) i--;
  while (i > 0 && !/\s/.test(s.value[i - 1]!)) i--;
  return i;
}
/** Where the word after the cursor ends. */
function wordEnd(s: TextInputState): number {
  let i = s.cursor;
  while (i < s.value.length && /\s/.test(s.value[i]!)) i++;
  while (i < s.value.length && !/\s/.test(s.value[i]!)) i++;
  return i;
}

/** The cursor moved `by` lines, at the same grapheme of the line where that line is long enough. */
function lineMove(s: TextInputState, by: -1 | 1): TextInputState {
  const start = lineStart(s);
  const column = boundaries(s.value.slice(start, s.cursor)).length - 1;
  const target = by < 0 ? start - 1 : lineEnd(s) + 1;
  if (target < 0 || target > s.value.length) return s;
  const other = { value: s.value, cursor: target };
  const from = lineStart(other);
  const line = s.value.slice(from, lineEnd(other));
  const steps = boundaries(line);
  return { value: s.value, cursor: from + steps[Math.min(column, steps.length - 1)]! };
}

/** A key on a selected value: typing replaces it, deleting empties it, anything else edits it as it stands. */
function onSelected(s: TextInputState, a: TextInputAction): TextInputState {
  const plain = { value: s.value, cursor: s.cursor };
  switch (a.type) {
    case 'insert': {
      const text = cleanInput(a.text, a.multiline);
      return text === '' ? s : { value: text, cursor: text.length };
    }
    case 'deleteBack':
    case 'deleteForward':
      return { value: '', cursor: 0 };
    default:
      return textInputReducer(plain, a);
  }
}

export function textInputReducer(s: TextInputState, a: TextInputAction): TextInputState {
  if (s.selected === true) return onSelected(s, a);
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
    case 'deleteForward': {
      const next = boundaries(s.value).find((b) => b > s.cursor);
      return next === undefined ? s : cut(s, s.cursor, next);
    }
    case 'deleteWordBack':
      return cut(s, wordStart(s), s.cursor);
    case 'deleteWordForward':
      return cut(s, s.cursor, wordEnd(s));
    case 'wordLeft': {
      const to = wordStart(s);
      return to === s.cursor ? s : { ...s, cursor: to };
    }
    case 'wordRight': {
      const to = wordEnd(s);
      return to === s.cursor ? s : { ...s, cursor: to };
    }
    case 'up':
      return lineMove(s, -1);
    case 'down':
      return lineMove(s, 1);
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

/** The prompt's text, the cursor at its end; `selected`: the whole of it selected (see TextInputState). */
export function useTextInputState(initial: string, selected = false, cursor?: number) {
  // A cursor given (a text reopened with something put in it) stands there; else at the end.
  const at = cursor === undefined ? initial.length : Math.max(0, Math.min(cursor, initial.length));
  return useReducer(
    textInputReducer,
    selected && initial !== '' ? { value: initial, cursor: at, selected: true } : { value: initial, cursor: at },
  );
}
