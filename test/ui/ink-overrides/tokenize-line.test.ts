/**
 * tokenizeLine skips ansi-tokenize's grapheme segmenter for lines of SGR
 * codes around NARROW or SIMPLE text; it must give exactly the tokens
 * `tokenize` gives, for any line — including the ones it hands back to it.
 */
import { tokenize } from '@alcalzone/ansi-tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizeLine } from '../../../src/ui/ink-overrides/tokenize-line.js';

const ESC = '\x1b';
const piece = fc.constantFrom(
  'Refund request',
  'a',
  ' ',
  '›●⟳',
  '…',
  'Müller, Zoë — “ok”',
  '中文字',
  '【至急】請求書',
  '한국어',
  '😩',
  '❄️',
  '1️',
  '👩‍💻',
  '🇩🇪',
  '👍🏽',
  'e\u0301',
  '\u0301',
  '\u200d',
  '\ufe0f',
  '\t',
  '\x9b31m',
  `${ESC}[31m`,
  `${ESC}[1m`,
  `${ESC}[m`,
  `${ESC}[1;3;31m`,
  `${ESC}[38;5;208m`,
  `${ESC}[48;2;10;20;30m`,
  `${ESC}[38;2;1;2m`,
  `${ESC}[39m`,
  `${ESC}[22m`,
  `${ESC}[0m`,
  `${ESC}[3`,
  `${ESC}]8;;https://example.com\x07`,
  `${ESC}]8;;\x07`,
  ESC,
);
const line = fc.array(piece, { maxLength: 14 }).map((xs) => xs.join(''));

describe('tokenizeLine', () => {
  it('gives the tokens ansi-tokenize gives, for any line (property)', () => {
    fc.assert(
      fc.property(line, (l) => {
        expect(tokenizeLine(l)).toEqual(tokenize(l));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a coloured row of card text, wide characters and emoji included', () => {
    const row = `${ESC}[7m${ESC}[1m›● 【至急】 ❄️ Zoë${ESC}[22m ${ESC}[38;2;255;0;0m#Bug${ESC}[39m${ESC}[27m`;
    expect(tokenizeLine(row)).toEqual(tokenize(row));
    const chars = tokenizeLine(row).filter((t) => t.type === 'char');
    expect(chars.map((c) => c.value).join('')).toBe('›● 【至急】 ❄️ Zoë #Bug');
    expect(chars.find((c) => c.value === '至')?.fullWidth).toBe(true);
    expect(chars.find((c) => c.value === '❄️')?.fullWidth).toBe(true);
  });
});
