import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINE_BREAK_MARKER, sanitize } from '../../src/text/sanitize.js';

/** Anything a terminal could act on or that reorders / hides text. */
const DANGEROUS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\u{e0000}-\u{e007f}]/u;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const hasLoneSurrogate = (s: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

function assertSafe(out: string): void {
  expect(out).not.toMatch(DANGEROUS);
  expect(out).not.toContain('\x1b');
  expect(out).not.toContain('\r');
  expect(hasLoneSurrogate(out)).toBe(false);
}

describe('sanitize: hostile vectors', () => {
  const vectors: Array<[string, string, string]> = [
    ['OSC 52 clipboard write', 'hi\x1b]52;c;ZXZpbA==\x07there', 'hi^[]52;c;ZXZpbA==^Gthere'],
    ['OSC 0 title', '\x1b]0;pwned\x07Subject', '^[]0;pwned^GSubject'],
    [
      'OSC 8 hyperlink',
      '\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\',
      '^[]8;;http://evil.example^[\\click^[]8;;^[\\',
    ],
    ['CSI 2J', 'a\x1b[2Jb', 'a^[[2Jb'],
    ['carriage-return overwrite', 'Invoice paid\rInvoice DUE', 'Invoice paid^MInvoice DUE'],
    ['8-bit CSI', 'x\x9b2Jy', 'x<9b>2Jy'],
    ['8-bit OSC + ST', '\x9d0;t\x9c', '<9d>0;t<9c>'],
    ['RLO override', 'abc\u202Etxt.exe', 'abc<U+202E>txt.exe'],
    ['lone high surrogate', 'a\ud83db', 'a\ufffdb'],
    ['lone low surrogate at end', 'a\udc00', 'a\ufffd'],
    ['DEL and BEL and backspace', 'a\x7fb\x07c\x08', 'a^?b^Gc^H'],
    ['NUL', 'a\x00b', 'a^@b'],
    ['zero-width space', 'pay\u200Bpal', 'pay<U+200B>pal'],
    ['BOM', '\uFEFFHello', '<U+FEFF>Hello'],
    ['tag characters', 'a\u{E0041}\u{E007F}b', 'a<U+E0041><U+E007F>b'],
    ['bidi isolates and marks', '\u2066x\u2069\u200e\u200f\u061c', '<U+2066>x<U+2069><U+200E><U+200F><U+061C>'],
  ];
  for (const [name, input, expected] of vectors) {
    it(`escapes ${name}`, () => {
      const out = sanitize(input);
      expect(out).toBe(expected);
      assertSafe(out);
      expect(sanitize(input, { multiline: true })).toBe(expected);
    });
  }

  it('shows an escape split by a stripped-looking character, never splices it', () => {
    // Were ZWSP stripped, ESC + ZWSP + "[2J" would become a live CSI.
    expect(sanitize('\x1b\u200B[2J')).toBe('^[<U+200B>[2J');
  });
});

describe('sanitize: line breaks and tabs', () => {
  it('keeps \\n only in multi-line fields', () => {
    expect(sanitize('one\ntwo', { multiline: true })).toBe('one\ntwo');
    expect(sanitize('one\ntwo')).toBe(`one${LINE_BREAK_MARKER}two`);
  });
  it('reads \\r\\n as one line break', () => {
    expect(sanitize('a\r\nb', { multiline: true })).toBe('a\nb');
    expect(sanitize('a\r\nb')).toBe(`a${LINE_BREAK_MARKER}b`);
    expect(sanitize('a\r\r\nb', { multiline: true })).toBe('a^M\nb');
  });
  it('treats U+2028/U+2029 as line breaks', () => {
    expect(sanitize('a\u2028b\u2029c', { multiline: true })).toBe('a\nb\nc');
  });
  it('expands tabs to spaces', () => {
    expect(sanitize('a\tb')).toBe('a  b');
  });
});

describe('sanitize: text that must survive', () => {
  const keep = ['👩‍💻 deploy', '🇩🇪 Bestellung', '会議の議題', 'Café', 'e\u0301', '❤️', '👍🏽', 'plain ascii ~!@#$%^&*()'];
  for (const s of keep) {
    it(`keeps ${JSON.stringify(s)} intact`, () => {
      expect(sanitize(s)).toBe(s);
      expect(sanitize(s, { multiline: true })).toBe(s);
    });
  }
  it('keeps ZWJ and the emoji variation selector', () => {
    expect(sanitize('a\u200Db\uFE0F')).toBe('a\u200Db\uFE0F');
  });
});

describe('sanitize: properties', () => {
  // Strings biased towards the characters sanitize rewrites.
  const hostileChar = fc.oneof(
    fc.integer({ min: 0, max: 0x20 }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x7f, max: 0xa0 }).map((c) => String.fromCharCode(c)),
    fc.constantFrom(
      '\u061c',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202e',
      '\u2060',
      '\u2066',
      '\u2069',
      '\ufeff',
      '\ufe0f',
      '\u2028',
      '\u{e0041}',
      '\ud800',
      '\udfff',
      '[',
      ']',
      ';',
      '^',
      '<',
      'U',
      '+',
    ),
    fc.string({ unit: 'grapheme', maxLength: 2 }),
  );
  const hostile = fc.array(hostileChar, { maxLength: 60 }).map((a) => a.join(''));
  const anyString = fc.oneof(hostile, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }));

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyString, fc.boolean(), (s, multiline) => {
        const once = sanitize(s, { multiline });
        expect(sanitize(once, { multiline })).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('never lets ESC, C1, bidi, zero-width, CR or a lone surrogate through', () => {
    fc.assert(
      fc.property(anyString, fc.boolean(), (s, multiline) => {
        const out = sanitize(s, { multiline });
        assertSafe(out);
        if (!multiline) expect(out).not.toContain('\n');
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves well-formed text without controls unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        fc.pre(!DANGEROUS.test(s) && !/[\t\n\r\u2028\u2029]/.test(s));
        expect(sanitize(s)).toBe(s);
      }),
    );
  });

  it('runs through a 200,000-character CSI flood', () => {
    const flood = '\x1b[' + ';'.repeat(200_000) + 'm';
    const out = sanitize(flood);
    expect(out.startsWith('^[[;;;')).toBe(true);
    expect(out.length).toBe(flood.length + 1);
    const repeated = '\x1b[;'.repeat(70_000);
    expect(sanitize(repeated)).toBe('^[[;'.repeat(70_000));
  });
});
