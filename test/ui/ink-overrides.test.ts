/**
 * src/ui/ink-overrides replaces two Ink internals in the bundle and in these
 * tests. They must draw exactly what Ink's own draw: random frames of writes,
 * clips and transformers go through both, frame after frame (the
 * replacement keeps state between frames, Ink's doesn't).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Ink's originals, by file: the package's exports don't list them.
import InkOutput from '../../node_modules/ink/build/output.js';
import inkWidestLine from '../../node_modules/widest-line/index.js';
import Output from '../../src/ui/ink-overrides/output.js';
import widestLine from '../../src/ui/ink-overrides/widest-line.js';

type Transformer = (line: string, index: number) => string;
type Op =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; x1?: number; x2?: number; y1?: number; y2?: number }
  | { type: 'unclip' };

const ESC = '\x1b';
// Pieces of card text: ASCII, colours, bold/inverse, wide CJK, emoji
// (ZWJ and flags), combining marks, tabs of nothing, markers the board uses.
const piece = fc.constantFrom(
  'Refund request',
  'a',
  ' ',
  '  ',
  '›',
  '●',
  '⟳',
  '…',
  '中文字',
  '👩‍💻',
  '🇩🇪',
  'é',
  'e\u0301',
  `${ESC}[31m`,
  `${ESC}[1m`,
  `${ESC}[7m`,
  `${ESC}[39m`,
  `${ESC}[22m`,
  `${ESC}[0m`,
  `${ESC}[38;5;208m`,
  `${ESC}[48;2;10;20;30m`,
  '\n',
);
const text = fc.array(piece, { minLength: 0, maxLength: 12 }).map((xs) => xs.join(''));

const upper = (s: string) => s.toUpperCase();
const numbered: Transformer = (line, index) => `${index}:${line}`;
const transformers = fc.constantFrom<Transformer[]>([], [upper], [numbered], [upper, numbered]);

const coord = fc.integer({ min: -3, max: 30 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('write' as const), x: coord, y: coord, text, transformers }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { type: fc.constant('clip' as const), x1: coord, x2: coord, y1: coord, y2: coord },
      { requiredKeys: ['type'] },
    ),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'unclip' as const }) },
);
const frame = fc.record({
  width: fc.integer({ min: 0, max: 28 }),
  height: fc.integer({ min: 0, max: 12 }),
  ops: fc.array(op, { maxLength: 25 }),
});

interface Drawable {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}

function draw(out: Drawable, ops: Op[]): { output: string; height: number } {
  for (const o of ops) {
    if (o.type === 'write') out.write(o.x, o.y, o.text, { transformers: o.transformers });
    else if (o.type === 'clip') out.clip({ x1: o.x1, x2: o.x2, y1: o.y1, y2: o.y2 });
    else out.unclip();
  }
  return out.get();
}

describe('Ink overrides', () => {
  it('Output draws the same frames as Ink’s, frame after frame', () => {
    fc.assert(
      fc.property(fc.array(frame, { minLength: 1, maxLength: 6 }), (frames) => {
        for (const f of frames) {
          const ours = draw(new Output(f), f.ops);
          const inks = draw(new InkOutput(f), f.ops);
          expect(ours).toEqual(inks);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a frame that repeats the last one, or changes one row, is drawn the same as by Ink', () => {
    const rows = (mark: number) =>
      Array.from({ length: 8 }, (_, i): Op => ({
        type: 'write',
        x: 1,
        y: i,
        // The marked row differs in a character and in style; row 2 only
        // in style (inverse on odd marks), so a reused row must compare styles.
        text:
          `${i === mark ? `${ESC}[7m› ` : '  '}card ${i} 中文${i === mark ? `${ESC}[27m` : ''}` +
          (i === 2 ? (mark % 2 ? `${ESC}[7m!${ESC}[27m` : '!') : ''),
        transformers: [],
      }));
    for (const mark of [0, 0, 1, 1, 7, 3]) {
      const ours = draw(new Output({ width: 20, height: 8 }), rows(mark));
      const inks = draw(new InkOutput({ width: 20, height: 8 }), rows(mark));
      expect(ours).toEqual(inks);
      expect(ours.output.split('\n')[mark]).toContain('›');
    }
  });

  it('widest-line gives Ink’s answer', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(widestLine(t)).toBe(inkWidestLine(t));
      }),
      { numRuns: 500 },
    );
  });
});
