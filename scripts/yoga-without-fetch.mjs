// yoga-layout (Ink's layout engine) carries its WebAssembly as a base64
// `data:` URL, and its Emscripten loader reads that URL with `fetch` whenever
// `fetch` exists. On Node that first `fetch` loads Node's own copy of undici
// just to decode a data URL: ~25 ms of every TUI start (measured with
// `import('yoga-layout')`, 40 → 16 ms). The loader's other branch decodes the
// base64 itself, so in the bundle its `typeof fetch` checks read as "no
// fetch". The build fails if the loader changes shape rather than silently
// keep the slow path.
import { readFileSync } from 'node:fs';

const CHECK = '"function"!=typeof fetch';
const FILE = /[\\/]node_modules[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;

export function yogaWithoutFetch() {
  return {
    name: 'yoga-without-fetch',
    setup(build) {
      build.onLoad({ filter: FILE }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const parts = source.split(CHECK);
        if (parts.length < 2) {
          throw new Error(
            `yoga-without-fetch: ${CHECK} not found in ${args.path}; re-check scripts/yoga-without-fetch.mjs`,
          );
        }
        return { contents: parts.join('true'), loader: 'js' };
      });
    },
  };
}
