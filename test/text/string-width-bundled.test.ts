/**
 * The bundle builds string-width's emoji expression on first use instead of
 * at load (scripts/string-width-lazy-emoji.mjs): the bundled string-width is
 * lazy about it and measures exactly what the package does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { stringWidthLazyEmoji } from '../../scripts/string-width-lazy-emoji.mjs';

const dir = mkdtempSync(join(tmpdir(), 'inboard-sw-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('string-width as bundled', () => {
  it('builds its emoji expression on first use, and measures as the package does', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const out = await build({
      stdin: { contents: "export { default } from 'string-width';", resolveDir: root, loader: 'js' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      plugins: [stringWidthLazyEmoji()],
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    // Not built at load: only inside the function that builds it once.
    expect(code).not.toMatch(/const rgiEmojiRegex = \/\^\\p\{RGI_Emoji\}\$\/v;/);
    expect(code).toContain('rgiEmojiRegexBuilt ??= new RegExp(');
    const file = join(dir, 'sw.mjs');
    writeFileSync(file, code);
    const bundled = (await import(pathToFileURL(file).href)) as { default: (s: string) => number };
    for (const s of ['abc', 'café', '漢字', '👍', '👍🏽', '👩‍💻', '🇩🇪', '1️⃣', '⌚', 'e\u0301', '—…', ''])
      expect(bundled.default(s)).toBe(stringWidth(s));
  });
});
