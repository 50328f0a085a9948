/**
 * The bundle answers string-width's emoji question by the parts of
 * `\p{RGI_Emoji}`, each built on first use and only for a cluster that can be
 * of that part (scripts/string-width-lazy.mjs): the bundled string-width
 * builds nothing at load (its segmenter too is made on first use) and
 * measures exactly what the package does, on every kind of emoji sequence.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { stringWidthLazy } from '../../scripts/string-width-lazy.mjs';

const dir = mkdtempSync(join(tmpdir(), 'inboard-sw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let code = '';
let bundled: (s: string) => number = () => Number.NaN;
beforeAll(async () => {
  const root = join(import.meta.dirname, '..', '..');
  const out = await build({
    stdin: { contents: "export { default } from 'string-width';", resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    plugins: [stringWidthLazy()],
    logLevel: 'silent',
  });
  code = out.outputFiles[0]?.text ?? '';
  const file = join(dir, 'sw.mjs');
  writeFileSync(file, code);
  bundled = ((await import(pathToFileURL(file).href)) as { default: (s: string) => number }).default;
});

const cp = (...xs: number[]) => String.fromCodePoint(...xs);
const MODIFIERS = [0x1f3fb, 0x1f3fc, 0x1f3fd, 0x1f3fe, 0x1f3ff].map((m) => cp(m));
const ZWJ = '\u200d';

/** Every code point that is an emoji or a pictograph, or can take part in an emoji sequence. */
function emojiCharacters(): string[] {
  const out: string[] = [];
  for (let c = 0; c < 0x110000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const s = cp(c);
    if (/\p{Emoji}|\p{Extended_Pictographic}|\p{Emoji_Component}/u.test(s)) out.push(s);
  }
  return out;
}

/** A small seeded generator, so a failing corpus can be made again. */
function generator(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('string-width as bundled', () => {
  it('builds no emoji expression at load, only by part on first use', () => {
    // Neither the whole property at load nor built whole later: only its parts.
    expect(code).not.toMatch(/RGI_Emoji\}/);
    expect(code).toContain('rgiEmojiPart(');
  });

  it('makes its segmenter on first use, not as it loads', () => {
    expect(code).not.toContain('const segmenter = new Intl.Segmenter();');
    expect(code).toMatch(/segmenterMade \?\?= new Intl\.Segmenter\(\)/);
    // And a string that needs one is measured with it (a ZWJ family, a flag, a combining mark).
    expect(bundled('👨‍👩‍👧')).toBe(stringWidth('👨‍👩‍👧'));
    expect(bundled('🇫🇷')).toBe(2);
    expect(bundled('e\u0301')).toBe(1);
  });

  it('measures simple text as the package does', () => {
    for (const s of ['abc', 'café', '漢字', '👍', '👍🏽', '👩‍💻', '🇩🇪', '1️⃣', '⌚', 'e\u0301', '—…', ''])
      expect(bundled(s)).toBe(stringWidth(s));
  });

  it('measures every emoji character, alone and in every kind of sequence, as the package does', () => {
    const chars = emojiCharacters();
    const corpus: string[] = [];
    for (const c of chars)
      corpus.push(c, `${c}\ufe0f`, `${c}\u20e3`, `${c}\ufe0f\u20e3`, ...MODIFIERS.map((m) => c + m));
    // Flags: every pair of regional indicators, most of them no country.
    for (let a = 0x1f1e6; a <= 0x1f1ff; a++) for (let b = 0x1f1e6; b <= 0x1f1ff; b++) corpus.push(cp(a, b));
    // Tag sequences: England, Scotland, Wales, and two that are not RGI.
    const tags = (s: string) => [...s].map((ch) => cp(0xe0000 + (ch.codePointAt(0) ?? 0))).join('');
    for (const t of ['gbeng', 'gbsct', 'gbwls', 'usca', 'xx']) corpus.push(`🏴${tags(t)}${cp(0xe007f)}`);
    // ZWJ sequences: RGI ones, ones with fewer than two pictographs, stray joiners.
    corpus.push(
      ...['👩‍💻', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🏴‍☠️', '🐻‍❄️', '❤️‍🔥', '👁️‍🗨️', '🧑🏽‍🦰', '👩🏻‍❤️‍💋‍👨🏼', '🏳️‍⚧️', '🧔‍♂️', '🧔‍♂', '👨‍⚕'],
      ...['1‍2', '🇩‍🇪', '#️⃣‍👍', 'a‍b', '👍‍', '‍👍', '🏻‍🏼'],
    );
    const seed = Number(process.env.SW_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.log(`string-width corpus seed: ${seed} (SW_SEED=${seed} makes it again)`);
    const random = generator(seed);
    const pick = () => {
      const c = chars[Math.floor(random() * chars.length)] ?? '';
      const r = random();
      return r < 0.2 ? `${c}\ufe0f` : r < 0.3 ? c + (MODIFIERS[Math.floor(random() * 5)] ?? '') : c;
    };
    for (let i = 0; i < 5000; i++) corpus.push(Array.from({ length: 2 + Math.floor(random() * 3) }, pick).join(ZWJ));
    const differ = corpus.filter((s) => bundled(s) !== stringWidth(s));
    expect(differ.map((s) => [...s].map((ch) => (ch.codePointAt(0) ?? 0).toString(16)).join(' '))).toEqual([]);
  });
});
