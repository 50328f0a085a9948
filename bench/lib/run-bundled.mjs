// Runs a bench script the way the CLI ships: bundled by esbuild with the
// same Ink overrides and NODE_ENV=production (tsx would load Ink's own
// internals and React's development build).
//   node bench/lib/run-bundled.mjs bench/lib/frame-cost.tsx
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inkOverrides } from '../../scripts/ink-overrides.mjs';

const entry = process.argv[2];
if (!entry) {
  process.stderr.write('usage: node bench/lib/run-bundled.mjs <entry.ts[x]>\n');
  process.exit(2);
}
// Inside the repo, so the external packages resolve from node_modules.
mkdirSync('bench/.bundled', { recursive: true });
const out = mkdtempSync(join('bench/.bundled', 'run-'));
const outfile = resolve(out, 'entry.mjs');
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3', 'autocannon'],
  alias: { 'react-devtools-core': resolve('scripts/empty-module.mjs') },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: process.env.INK_OVERRIDES === '0' ? [] : [inkOverrides()],
  logLevel: 'warning',
});
process.env.NODE_ENV = 'production';
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(out, { recursive: true, force: true });
}
