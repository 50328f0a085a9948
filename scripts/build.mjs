// Bundles the CLI into dist/ (ESM, code-split so `--help` and the non-TUI
// commands never load Ink). better-sqlite3 is native and stays external.
import { build } from 'esbuild';
import { rmSync, chmodSync } from 'node:fs';
import { inkOverrides } from './ink-overrides.mjs';
import { undiciRequestOnly } from './undici-request-only.mjs';
import { yogaWithoutFetch } from './yoga-without-fetch.mjs';
import { zodEnglishOnly } from './zod-english-only.mjs';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: 'linked',
  external: ['better-sqlite3'],
  plugins: [inkOverrides(), zodEnglishOnly(), undiciRequestOnly(), yogaWithoutFetch()],
  alias: {
    // Ink only imports react-devtools-core for its dev tools.
    'react-devtools-core': './scripts/empty-module.mjs',
    // Fastify requires these lazily, on paths inboard never takes: Ajv and
    // fast-json-stringify for route schemas (app.ts supplies compilers that
    // refuse schemas; zod validates), light-my-request for inject(), pino
    // for its logger (ours is off). ~300 KB less to parse at every start.
    '@fastify/ajv-compiler': './scripts/left-out.cjs',
    '@fastify/fast-json-stringify-compiler': './scripts/left-out.cjs',
    'light-my-request': './scripts/left-out.cjs',
    pino: './scripts/left-out.cjs',
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
