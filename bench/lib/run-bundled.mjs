// Runs a bench script the way the CLI ships: bundled by esbuild with the
// same Ink overrides and NODE_ENV=production (tsx would load Ink's own
// internals and React's development build).
//   node bench/lib/run-bundled.mjs bench/lib/frame-cost.tsx
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleOptions } from '../../scripts/bundle-options.mjs';

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
  ...bundleOptions({ inkOverrides: process.env.INK_OVERRIDES !== '0' }),
  absWorkingDir: process.cwd(),
  entryPoints: [resolve(entry)],
  outfile,
  external: ['better-sqlite3', 'autocannon'],
});
process.env.NODE_ENV = 'production';
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(out, { recursive: true, force: true });
}
