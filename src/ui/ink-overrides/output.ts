/**
 * Ink 6.8 draws every frame from scratch: its internal `Output` (ink/build/
 * output.js) builds a fresh grid of cell objects, tokenises every text line
 * into styled cells and serialises every row back to a string — with caches
 * that live for one frame only. On a 140×40 board that was ~9 ms of a
 * ~17 ms frame, for a key press that changes two rows.
 *
 * This is a drop-in replacement, swapped in at bundle time by
 * scripts/ink-overrides.mjs. Same operations, same frame text (test/ui/
 * ink-overrides checks it against Ink's own class); what it keeps between
 * frames:
 *   - the styled cells of each line it has seen (so an unchanged line is
 *     one map lookup), each cell shared by every use of that character in
 *     that style;
 *   - each row's cells and string, so a row whose cells are identical to
 *     last frame's is not serialised again.
 * Blank cells are one shared object. Cells are never mutated, only replaced.
 */
import {
  ansiCodesToString,
  diffAnsiCodes,
  reduceAnsiCodesIncremental,
  type AnsiCode,
  type StyledChar,
  type Token,
} from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import { BoundedCache } from '../../text/bounded-cache.js';
import { cellWidth, widestLine } from '../../text/width.js';
import { tokenizeLine } from './tokenize-line.js';

type Transformer = (line: string, index: number) => string;

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

const BLANK: StyledChar = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: [] });

const styledLines = new BoundedCache<string, StyledChar[]>(2048);

// The empty cells that follow a wide character, one per styled character.
const fillers = new WeakMap<StyledChar, StyledChar>();

function styledChars(line: string): StyledChar[] {
  let chars = styledLines.get(line);
  if (chars === undefined) {
    chars = internedCells(tokenizeLine(line));
    styledLines.set(line, chars);
  }
  return chars;
}

/**
 * The line's cells, as ansi-tokenize's styledCharsFromTokens gives them,
 * with one shared cell per character and style and one shared styles array
 * per style. styledCharsFromTokens gives every character its own object,
 * own styles array and (spread from the token) often its own hidden class:
 * kept in the line cache, that was ~27 MB of heap for 4,096 lines, and
 * making them was a fifth of the first frame. Here the styles in force are
 * reduced as its code reduces them, their key is made once per change of
 * style, and a character already seen in that style is one map lookup.
 */
const cells = new Map<string, StyledChar>();
const styleSets = new Map<string, AnsiCode[]>();
function internedCells(tokens: readonly Token[]): StyledChar[] {
  const out: StyledChar[] = [];
  let codes: AnsiCode[] = [];
  let styleKey = '';
  for (const t of tokens) {
    if (t.type === 'ansi') {
      codes = reduceAnsiCodesIncremental(codes, [t]);
      styleKey = '';
      for (const c of codes) styleKey += `\0${c.code}\0${c.endCode}`;
      continue;
    }
    const key = `${t.fullWidth ? 'W' : 'N'}${t.value}${styleKey}`;
    let cell = cells.get(key);
    if (cell === undefined) {
      // A bound for hostile input (every title a new script): start afresh.
      if (cells.size >= 50_000) {
        cells.clear();
        styleSets.clear();
      }
      let styles = styleSets.get(styleKey);
      if (styles === undefined) {
        styles = [...codes];
        styleSets.set(styleKey, styles);
      }
      cell = { type: 'char', value: t.value, fullWidth: t.fullWidth, styles };
      cells.set(key, cell);
    }
    out.push(cell);
  }
  return out;
}

/**
 * A row's string, as ansi-tokenize's styledCharsToString makes it: the
 * first cell's codes, the codes that change from one style to the next, and
 * the codes that undo the last style. It diffs every neighbouring pair with
 * fresh Sets, ~1 KB of garbage per cell (GBs while paging a column); here a
 * run of cells in one style costs nothing, and each change of style is
 * computed once, by the same functions.
 */
const NO_STYLES: AnsiCode[] = [];
const openings = new WeakMap<AnsiCode[], string>();
const changes = new WeakMap<AnsiCode[], Map<AnsiCode[], string>>();

function opening(styles: AnsiCode[]): string {
  let s = openings.get(styles);
  if (s === undefined) {
    s = ansiCodesToString(styles);
    openings.set(styles, s);
  }
  return s;
}

function change(from: AnsiCode[], to: AnsiCode[]): string {
  let byTo = changes.get(from);
  if (byTo === undefined) {
    byTo = new Map();
    changes.set(from, byTo);
  }
  let s = byTo.get(to);
  if (s === undefined) {
    s = ansiCodesToString(diffAnsiCodes(from, to));
    byTo.set(to, s);
  }
  return s;
}

function rowText(row: readonly StyledChar[]): string {
  const first = row[0];
  if (first === undefined) return '';
  let out = opening(first.styles) + first.value;
  let styles = first.styles;
  for (let i = 1; i < row.length; i++) {
    const c = row[i]!;
    // The same array is the same style: no codes between them.
    if (c.styles !== styles) out += change(styles, c.styles);
    styles = c.styles;
    out += c.value;
  }
  return out + change(styles, NO_STYLES);
}

// string-width's answer, with an ASCII fast path and a cache.
const width = cellWidth;

function filler(char: StyledChar): StyledChar {
  let f = fillers.get(char);
  if (f === undefined) {
    f = { type: 'char', value: '', fullWidth: false, styles: char.styles };
    fillers.set(char, f);
  }
  return f;
}

// Last frame's rows, keyed by row index: the cells and the string they made.
let previousRows: { cells: StyledChar[]; text: string }[] = [];

function sameCells(a: StyledChar[], b: StyledChar[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export default class Output {
  readonly width: number;
  readonly height: number;
  private readonly operations: Operation[] = [];

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    const grid: StyledChar[][] = [];
    for (let y = 0; y < this.height; y++) grid.push(new Array<StyledChar>(this.width).fill(BLANK));

    const clips: Clip[] = [];
    for (const op of this.operations) {
      if (op.type === 'clip') {
        clips.push(op.clip);
        continue;
      }
      if (op.type === 'unclip') {
        clips.pop();
        continue;
      }
      let { x, y } = op;
      let lines = op.text.split('\n');
      const clip = clips.at(-1);
      if (clip) {
        const clipX = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
        const clipY = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
        // Wholly outside the clip: nothing to draw.
        if (clipX && (x + widestLine(op.text) < clip.x1! || x > clip.x2!)) continue;
        if (clipY && (y + lines.length < clip.y1! || y > clip.y2!)) continue;
        if (clipX) {
          const x1 = clip.x1!;
          const x2 = clip.x2!;
          const left = x;
          lines = lines.map((line) => {
            const w = width(line);
            return sliceAnsi(line, left < x1 ? x1 - left : 0, left + w > x2 ? x2 - left : w);
          });
          if (x < x1) x = x1;
        }
        if (clipY) {
          const y1 = clip.y1!;
          const y2 = clip.y2!;
          const from = y < y1 ? y1 - y : 0;
          const to = y + lines.length > y2 ? y2 - y : lines.length;
          lines = lines.slice(from, to);
          if (y < y1) y = y1;
        }
      }

      let row = y;
      for (let index = 0; index < lines.length; index++) {
        const cells = grid[row];
        // Text taller than the frame: the rest has nowhere to go.
        if (!cells) continue;
        let line = lines[index]!;
        for (const transform of op.transformers) line = transform(line, index);
        let at = x;
        for (const char of styledChars(line)) {
          cells[at] = char;
          const w = Math.max(1, width(char.value));
          for (let k = 1; k < w; k++) cells[at + k] = filler(char);
          at += w;
        }
        row++;
      }
    }

    const rows: { cells: StyledChar[]; text: string }[] = [];
    const texts: string[] = [];
    for (let y = 0; y < grid.length; y++) {
      // A write past the edge can leave holes beyond the row's width (every
      // cell within it is filled); skip them. A row of its own width has none.
      const row = grid[y]!;
      const cells = row.length === this.width ? row : row.filter((c) => c !== undefined);
      const previous = previousRows[y];
      const text = previous && sameCells(previous.cells, cells) ? previous.text : rowText(cells).trimEnd();
      rows.push({ cells, text });
      texts.push(text);
    }
    previousRows = rows;
    return { output: texts.join('\n'), height: grid.length };
  }
}
