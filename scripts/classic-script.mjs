// A start of inboard as one classic script (dist/<name>.cjs), which
// src/boot/script.ts runs through `vm.Script` with V8's code cache: on Node
// 20 only a classic script can take cached code (ES modules have no such API
// before Node 22's module.enableCompileCache()), and compiling the code for
// the first time was much of every start. The board (board-script.mjs) and
// the one-shot commands (commands-script.mjs) each have one.
//
// Same sources, plugins and aliases as the split ESM build, as CommonJS in
// one file; the ESM build still serves everything else (--help, serve, mcp,
// and any start without the script). The file is a function expression
// `(exports, require, module, __filename, __dirname) => …` (the loader gives
// it a real require for better-sqlite3 and node's modules), and its last line
// names its content hash, the cache's key: `//inboard-<name> <sha256 start>`
// (last, so the source map's lines stay as they are).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

/**
 * Builds dist/<name>.cjs from `entry` (ES module source exporting what the
 * loader calls). `plugins` come before the shared ones; `external` adds to
 * the shared list. `minify: false` (with names kept) gives profiles readable frames.
 */
export async function buildClassicScript({ name, entry, plugins = [], external = [], outfile, minify = true }) {
  const options = bundleOptions();
  const result = await build({
    ...options,
    plugins: [...plugins, ...options.plugins],
    external: [...options.external, ...external],
    stdin: { contents: entry, resolveDir: options.absWorkingDir, sourcefile: `${name}-script-entry.js`, loader: 'js' },
    outfile,
    format: 'cjs',
    minify,
    keepNames: !minify,
    sourcemap: 'linked',
    // Nothing in the scripts reads import.meta but yoga's Emscripten loader,
    // for a directory it never uses (its WebAssembly is inline).
    define: { ...options.define, 'import.meta.url': 'undefined' },
    // import() of node's own modules becomes require(): vm.Script on Node 20
    // has no loader for import() without a flag.
    supported: { 'dynamic-import': false },
    banner: { js: '(function (exports, require, module, __filename, __dirname) {' },
    footer: { js: '})' },
    // Licences in a file beside it: the script itself stays ASCII (the loader reads it as Latin-1).
    legalComments: 'external',
    write: false,
  });
  mkdirSync(dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.cjs')) {
      writeFileSync(file.path, file.contents);
      continue;
    }
    // Unminified (for profiles), esbuild keeps comments, whose non-ASCII characters are all the
    // script has outside its escaped strings: each becomes '?' per UTF-16 unit, columns unchanged.
    // Minified, what esbuild leaves unescaped is in regular expressions (it escapes strings, not them), where
    // \uXXXX means the same character.
    const text = minify
      ? file.text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      : file.text.replace(/[\u0080-\uffff]/g, '?');
    // A dynamic import() left in the script would need a loader that vm.Script on Node 20 doesn't give.
    // (Checked on the minified script only: unminified, comments name import() too.)
    if (minify && /\bimport\(/.test(text.replace(/\/\/# sourceMappingURL=.*$/m, ''))) {
      throw new Error(`${name} script: it still has an import(); everything must be bundled or required`);
    }
    if (/[\u0080-\uffff]/.test(text))
      throw new Error(`${name} script: it is not ASCII; the loader reads it as Latin-1`);
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    writeFileSync(file.path, `${text}//inboard-${name} ${hash}\n`);
  }
}
