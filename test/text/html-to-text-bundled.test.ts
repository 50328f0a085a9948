/**
 * The bundle leaves html-to-text out and requires the installed package on
 * its first use (scripts/html-to-text-on-use.mjs): a thread's HTML reads the
 * same as unbundled, and the bundle holds none of the package's code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { htmlToTextOnUse } from '../../scripts/html-to-text-on-use.mjs';
import { htmlText } from '../../src/text/html.js';

const root = join(import.meta.dirname, '..', '..');
// Inside the project, so the bundle's require finds the installed package as dist/ does.
const dir = mkdtempSync(join(root, 'node_modules', '.inboard-h2t-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HTML =
  '<p>Hello <b>Ann</b>,</p><p>The refund is <a href="https://example.com/r">here</a>.</p>' +
  '<table><tr><td>Item</td><td>€12</td></tr></table><img src="x.png"><blockquote>On Tue, Bo wrote: hi</blockquote>';

describe('html-to-text as bundled', () => {
  it('runs the package on the first conversion only, and converts as unbundled', async () => {
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
      // As scripts/bundle-options.mjs gives every chunk: a require of its own.
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text ?? '';
    // None of the package is in the bundle: it is required by name, inside convert only.
    expect(code).toMatch(/lib \?\?= __require\("html-to-text"\)/);
    expect(code.match(/__require\("html-to-text"\)/g)?.length).toBe(1);
    for (const inside of ['htmlparser2', 'deepmerge', 'selderee', 'BlockTextBuilder'])
      expect(code).not.toContain(inside);
    const file = join(dir, 'h2t.mjs');
    writeFileSync(file, code);
    const bundled = (await import(pathToFileURL(file).href)) as { htmlText: (h: string) => string };
    expect(bundled.htmlText(HTML)).toBe(htmlText(HTML));
    expect(bundled.htmlText(HTML)).toContain('Ann');
  });
});
