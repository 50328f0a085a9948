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
  | { type: 'deleteBack' }
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

export function textInputReducer(s: TextInputState, a: TextInputAction): TextInputState {
  switch (a.type) {
    case 'insert': {
      const text = cleanInput(a.text, a.multiline);
      if (text === '') return s;
      return { value: s.value.slice(0, s.cursor) + text + s.value.slice(s.cursor), cursor: s.cursor + text.length };
    }
    case 'deleteBack': {
      if (s.cursor === 0) return s;
      const prev = boundaries(s.value).filter((b) => b < s.cursor).pop() ?? 0;
      return { value: s.value.slice(0, prev) + s.value.slice(s.cursor), cursor: prev };
    }
    case 'left': {
      const prev = boundaries(s.value).filter((b) => b < s.cursor).pop();
      return prev === undefined ? s : { ...s, cursor: prev };
    }
    case 'right': {
      const next = boundaries(s.value).find((b) => b > s.cursor);
      return next === undefined ? s : { ...s, cursor: next };
    }
    case 'home': {
      // Start of the current line (multi-line fields), else of the value.
      const start = s.value.lastIndexOf('\n', s.cursor - 1) + 1;
      return start === s.cursor ? s : { ...s, cursor: start };
    }
    case 'end': {
      const nl = s.value.indexOf('\n', s.cursor);
      const end = nl === -1 ? s.value.length : nl;
      return end === s.cursor ? s : { ...s, cursor: end };
    }
  }
}

export function useTextInputState(initial: string) {
  return useReducer(textInputReducer, { value: initial, cursor: initial.length });
}
