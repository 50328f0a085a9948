// Ink's reconciler awaits at its top level on one path only: with DEV=true
// it imports React's dev tools (which the bundles leave out: see
// bundle-options.mjs) and reads its own package.json for them. CommonJS
// (the board's script, scripts/board-script.mjs) has no top-level await,
// so in that build both awaits become what they give without DEV. The
// build fails if either is not found as written.
import { readFileSync } from 'node:fs';

const FILE = /[\\/]node_modules[\\/]ink[\\/]build[\\/]reconciler\.js$/;
const SWAPS = [
  ["await import('./devtools.js');", 'void 0;'],
  ['? await loadPackageJson()', '? { name: undefined, version: undefined }'],
];

export function inkNoTopLevelAwait() {
  return {
    name: 'ink-no-top-level-await',
    setup(build) {
      build.onLoad({ filter: FILE }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        for (const [from, to] of SWAPS) {
          if (source.split(from).length !== 2) {
            throw new Error(`ink-no-top-level-await: '${from}' not found once in ${args.path}; re-check the script`);
          }
          source = source.replace(from, to);
        }
        return { contents: source, loader: 'js' };
      });
    },
  };
}
