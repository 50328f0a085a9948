// How inboard is bundled, once: scripts/build.mjs ships it, and the benches
// that profile or run code "as shipped" (bench/lib/profile-tui.ts,
// bench/lib/run-bundled.mjs) take the same options, so what they measure is
// what users run.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { htmlToTextOnUse } from './html-to-text-on-use.mjs';
import { inkOverrides } from './ink-overrides.mjs';
import { stringWidthLazy } from './string-width-lazy.mjs';
import { undiciRequestOnly } from './undici-request-only.mjs';
import { yogaWithoutFetch } from './yoga-without-fetch.mjs';
import { zodEnglishOnly } from './zod-english-only.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const leftOut = join(here, 'left-out.cjs');

/** esbuild options shared by every bundle of inboard's sources. `inkOverrides: false` gives Ink's own drawing. */
export function bundleOptions({ inkOverrides: withOverrides = true } = {}) {
  return {
    absWorkingDir: resolve(here, '..'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // better-sqlite3 is native and stays external; imapflow (the mailbox
    // watcher, loaded when a mailbox is watched) and prom-client (loaded when
    // `serve --metrics-token` is given) are required from node_modules.
    external: ['better-sqlite3', 'imapflow', 'prom-client'],
    plugins: [
      ...(withOverrides ? [inkOverrides()] : []),
      zodEnglishOnly(),
      undiciRequestOnly(),
      yogaWithoutFetch(),
      stringWidthLazy(),
      htmlToTextOnUse(),
    ],
    alias: {
      // Ink only imports react-devtools-core for its dev tools.
      'react-devtools-core': join(here, 'empty-module.mjs'),
      // Fastify requires these lazily, on paths inboard never takes: Ajv and
      // fast-json-stringify for route schemas (app.ts supplies compilers that
      // refuse schemas; zod validates), light-my-request for inject(), pino
      // for its logger (ours is off). ~300 KB less to parse at every start.
      '@fastify/ajv-compiler': leftOut,
      '@fastify/fast-json-stringify-compiler': leftOut,
      'light-my-request': leftOut,
      pino: leftOut,
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  };
}
