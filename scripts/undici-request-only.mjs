// The client uses one thing from undici: an Agent's `request` (src/api/
// transport.ts). undici's index requires all of it eagerly — fetch,
// WebSocket, EventSource, the cache API (one built at load), the mocks —
// ~550 KB that every TUI start and every command parsed and ran for nothing
// (~30 ms; `require('undici')` 55–65 ms against 21–29 ms for the parts
// below). In the bundle, `undici` imported from our sources becomes the
// Agent plus the request API, put on Dispatcher's prototype as undici's
// index does. Importing anything else from 'undici' in src fails the build
// ("No matching export"), so nothing can go missing silently. Tests run the
// whole package; dist is covered by the e2e, command and serve tests.
//
// Its HTTP/1 client also requires the HTTP/2 one as it loads, and with it
// node:http2 (~6 ms a start). inboard never asks for HTTP/2 (no `allowH2`),
// so in the bundle the HTTP/2 client is required when a connection first
// speaks it, which is never.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const lib = join(root, 'node_modules/undici/lib');
const parts = ['dispatcher/agent.js', 'dispatcher/dispatcher.js', 'api/index.js'];
const client = join(lib, 'dispatcher/client.js');
const EAGER_H2 = "const connectH2 = require('./client-h2.js')";
const LAZY_H2 =
  "let connectH2Loaded\nconst connectH2 = (...args) => (connectH2Loaded ??= require('./client-h2.js'))(...args)";

export function undiciRequestOnly() {
  return {
    name: 'undici-request-only',
    setup(build) {
      for (const p of parts) {
        if (!existsSync(join(lib, p)))
          throw new Error(
            `undici-request-only: node_modules/undici/lib/${p} not found; re-check scripts/undici-request-only.mjs`,
          );
      }
      build.onResolve({ filter: /^undici$/ }, (args) =>
        args.importer.includes(`${sep}node_modules${sep}`)
          ? undefined
          : { path: 'undici', namespace: 'undici-request-only' },
      );
      build.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
        if (args.path !== client) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const halves = source.split(EAGER_H2);
        if (halves.length !== 2 || source.split('connectH2').length - 1 !== 2) {
          throw new Error(
            `undici-request-only: "${EAGER_H2}" and its one use not found in ${args.path}; re-check scripts/undici-request-only.mjs`,
          );
        }
        return { contents: halves.join(LAZY_H2), loader: 'js' };
      });
      build.onLoad({ filter: /.*/, namespace: 'undici-request-only' }, () => ({
        contents: [
          `import Agent from ${JSON.stringify(join(lib, parts[0]))};`,
          `import Dispatcher from ${JSON.stringify(join(lib, parts[1]))};`,
          `import api from ${JSON.stringify(join(lib, parts[2]))};`,
          'Object.assign(Dispatcher.prototype, api);',
          'export { Agent };',
        ].join('\n'),
        resolveDir: lib,
      }));
    },
  };
}
