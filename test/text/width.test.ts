import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { cellWidth, ELLIPSIS, fit, NARROW, padEnd, SIMPLE, truncate } from '../../src/text/width.js';

/** The runs over every code point to U+3FFFF: seconds of work alone, more beside other files on 2 cores. */
const EVERY_CHARACTER_MS = 60_000;

describe('the NARROW fast path', () => {
  it(
    'holds only characters string-width gives one cell, which no neighbour joins',
    () => {
      let checked = 0;
      for (let cp = 0; cp <= 0xffff; cp++) {
        const ch = String.fromCharCode(cp);
        if (!NARROW.test(ch)) continue;
        checked++;
        expect(stringWidth(ch), `U+${cp.toString(16)}`).toBe(1);
        expect(stringWidth(`${ch}${ch}a`), `U+${cp.toString(16)} twice`).toBe(3);
      }
      expect(checked).toBeGreaterThan(500);
      expect(NARROW.test('\u00ad')).toBe(false); // soft hyphen: zero width
      expect(NARROW.test('e\u0301')).toBe(false); // combining mark
    },
    EVERY_CHARACTER_MS,
  );

  it('gives string-width’s answer for any mix of its characters', () => {
    const narrow = fc.constantFrom(...'aZ 0~é·ñßÆœŁ–—‘’“”•…¡¿ǅ'.split(''));
    fc.assert(
      fc.property(
        fc.array(narrow, { maxLength: 40 }).map((xs) => xs.join('')),
        (t) => {
          expect(cellWidth(t)).toBe(stringWidth(t));
          expect(cellWidth(truncate(t, 7))).toBeLessThanOrEqual(7);
        },
      ),
    );
  });
});

describe('the SIMPLE fast path', () => {
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const graphemes = (t: string) => [...seg.segment(t)].length;

  it(
    'holds only characters measured as string-width measures them, which no neighbour joins',
    () => {
      let checked = 0;
      for (let cp = 0x20; cp <= 0x3ffff; cp++) {
        const ch = String.fromCodePoint(cp);
        if (!SIMPLE.test(ch)) continue;
        checked++;
        const at = `U+${cp.toString(16)}`;
        if (cellWidth(ch) !== stringWidth(ch))
          expect.fail(`${at}: ${cellWidth(ch)} cells, string-width says ${stringWidth(ch)}`);
        // Prepend, extend, spacing-mark and Hangul rules would join it to a neighbour: a·ch, ch·a, ch·ch, ch·क, 가·ch.
        const row = `${ch}a${ch}${ch}\u0915\uac00${ch}`;
        if (graphemes(row) !== 7) expect.fail(`${at} joins a neighbour in ${row}`);
      }
      expect(checked).toBeGreaterThan(100_000);
    },
    EVERY_CHARACTER_MS,
  );

  it(
    'gives an emoji with the emoji-style selector two cells, as string-width does; keycap bases stay out',
    () => {
      let checked = 0;
      for (let cp = 0x20; cp <= 0x3ffff; cp++) {
        const pair = `${String.fromCodePoint(cp)}\ufe0f`;
        if (!SIMPLE.test(pair)) continue;
        checked++;
        expect(stringWidth(pair), `U+${cp.toString(16)} U+FE0F`).toBe(2);
        expect(cellWidth(pair)).toBe(2);
      }
      expect(checked).toBeGreaterThan(1000);
      for (const t of ['1\ufe0f', '#\ufe0f', '1\ufe0f\u20e3', '👍🏽', '🇩🇪', '👩‍💻', 'e\u0301', 'กำ'])
        expect(SIMPLE.test(t), t).toBe(false);
    },
    EVERY_CHARACTER_MS,
  );

  it('gives string-width’s answer for any mix, and cuts between whole characters (property)', () => {
    const pool = fc.constantFrom(
      ...[
        'a',
        ' ',
        'é',
        '漢',
        '字',
        'テ',
        '【',
        '】',
        '→',
        '●',
        '›',
        '😩',
        '🎉',
        '❄\ufe0f',
        '☺\ufe0f',
        '☺',
        '가',
        'ｶ',
        '€',
        '©\ufe0f',
        '𠀋',
      ],
    );
    fc.assert(
      fc.property(
        fc.array(pool, { maxLength: 30 }).map((xs) => xs.join('')),
        fc.integer({ min: 0, max: 30 }),
        (t, cells) => {
          expect(SIMPLE.test(t)).toBe(true);
          expect(cellWidth(t)).toBe(stringWidth(t));
          const out = truncate(t, cells);
          expect(cellWidth(out)).toBeLessThanOrEqual(cells);
          const body = out.endsWith(ELLIPSIS) && out !== t ? out.slice(0, -1) : out;
          expect(t.startsWith(body)).toBe(true);
          expect(graphemes(t.slice(body.length)) + graphemes(body)).toBe(graphemes(t)); // no cluster split
        },
      ),
    );
  });
});

describe('cellWidth', () => {
  it('measures text with SGR colour codes (how Ink measures coloured spans) as string-width does', () => {
    const sgr = fc.constantFrom('\x1b[31m', '\x1b[39m', '\x1b[1m', '\x1b[22m', '\x1b[38;2;10;20;30m', '\x1b[0m');
    const text = fc.constantFrom('a', ' ', 'é', '漢', '😩', '❄\ufe0f', '›', '●', 'e\u0301', '👩‍💻');
    fc.assert(
      fc.property(
        fc.array(fc.oneof(sgr, text), { maxLength: 30 }).map((xs) => xs.join('')),
        (t) => {
          expect(cellWidth(t)).toBe(stringWidth(t));
        },
      ),
    );
    expect(cellWidth('\x1b[31m#Billing\x1b[39m OW')).toBe(11);
  });

  it('counts cells, not code units', () => {
    expect(cellWidth('abc')).toBe(3);
    expect(cellWidth('会議')).toBe(4);
    expect(cellWidth('👩‍💻')).toBe(2);
    expect('👩‍💻'.length).toBe(5);
    expect(cellWidth('🇩🇪')).toBe(2);
    expect(cellWidth('e\u0301')).toBe(1); // combining acute
    expect(cellWidth('')).toBe(0);
  });
});

describe('truncate', () => {
  it('returns what fits unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('会議', 4)).toBe('会議');
  });
  it('ends with an ellipsis when cut', () => {
    expect(truncate('hello world', 6)).toBe(`hello${ELLIPSIS}`);
    expect(truncate('hello', 1)).toBe(ELLIPSIS);
    expect(truncate('hello', 0)).toBe('');
  });
  it('never splits a wide character or a grapheme cluster', () => {
    expect(truncate('会議の議題', 4)).toBe(`会${ELLIPSIS}`); // 2 + 1; the next CJK would need 2
    expect(truncate('👩‍💻👩‍💻x', 4)).toBe(`👩‍💻${ELLIPSIS}`);
    expect(truncate('🇩🇪🇫🇷🇮🇹', 5)).toBe(`🇩🇪🇫🇷${ELLIPSIS}`);
    expect(truncate('ae\u0301e\u0301e\u0301', 3)).toBe(`ae\u0301${ELLIPSIS}`);
  });
  it('never exceeds the width and keeps whole graphemes (property)', () => {
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 0, max: 40 }), (s, cells) => {
        const out = truncate(s, cells);
        expect(cellWidth(out)).toBeLessThanOrEqual(cells);
        const body = out.endsWith(ELLIPSIS) && out !== s ? out.slice(0, -1) : out;
        const parts = [...seg.segment(s)].map((x) => x.segment);
        const kept = [...seg.segment(body)].map((x) => x.segment);
        expect(parts.slice(0, kept.length)).toEqual(kept);
      }),
    );
  });
});

describe('padEnd and fit', () => {
  it('pads to cells', () => {
    expect(padEnd('ab', 4)).toBe('ab  ');
    expect(padEnd('会', 4)).toBe('会  ');
    expect(padEnd('abcdef', 3)).toBe('abcdef');
  });
  it('fit is exactly the width, even when a wide char cannot fill the edge', () => {
    expect(fit('会議の議題', 4)).toBe(`会${ELLIPSIS} `);
    expect(cellWidth(fit('会議の議題', 4))).toBe(4);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 0, max: 40 }), (s, cells) => {
        expect(cellWidth(fit(s, cells))).toBe(cells);
      }),
    );
  });
});
