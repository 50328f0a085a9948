/**
 * The bundle evaluates html-to-text on its first use, not when the chunk
 * holding it loads (scripts/html-to-text-on-use.mjs): a thread's HTML reads
 * the same as unbundled, and loading the bundle runs none of the package.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { htmlToTextOnUse } from '../../scripts/html-to-text-on-use.mjs';
import { htmlText } from '../../src/text/html.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-h2t-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HTML =
  '<p>Hello <b>Ann</b>,</p><p>The refund is <a href="https://example.com/r">here</a>.</p>' +
  '<table><tr><td>Item</td><td>€12</td></tr></table><img src="x.png"><blockquote>On Tue, Bo wrote: hi</blockquote>';

describe('html-to-text as bundled', () => {
  it('runs the package on the first conversion only, and converts as unbundled', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const out = await build({
      stdin: {
        contents: "export { htmlText } from './src/text/html.ts';",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      write: false,
      plugins: [htmlToTextOnUse()],
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    // The package is in the bundle as CommonJS, required inside convert only.
    expect(code).toMatch(/lib \?\?= require_html_to_text\(\)/);
    expect(code.match(/require_html_to_text\(\)/g)?.length).toBe(1);
    const file = join(dir, 'h2t.mjs');
    writeFileSync(file, code);
    const bundled = (await import(pathToFileURL(file).href)) as { htmlText: (h: string) => string };
    expect(bundled.htmlText(HTML)).toBe(htmlText(HTML));
    expect(bundled.htmlText(HTML)).toContain('Ann');
  });
});
