// html-to-text (and htmlparser2, entities, deepmerge-ts and the selector
// libraries under it, ~200 KB) is only needed to read an HTML email in a
// card's thread, yet as an ES module it was evaluated at every start of the
// board, before the first frame. In the bundle, inboard's `import { convert }
// from 'html-to-text'` takes a stand-in whose `convert` requires the
// package's CommonJS build on its first call: esbuild wraps CommonJS
// modules so that they run when first required, not when the chunk loads.
// mailparser's import (mail-in) takes the same stand-in, so the bundle holds
// one copy. The build fails if anything imports another name from it.
import { dirname } from 'node:path';

const NS = 'html-to-text-on-use';
const SHIM = `
let lib;
export function convert(html, options, metadata) {
  lib ??= require('html-to-text');
  return lib.convert(html, options, metadata);
}
// The same function under its other name (mailparser, for mail-in, uses it).
export const htmlToText = convert;
`;

export function htmlToTextOnUse() {
  return {
    name: NS,
    setup(build) {
      build.onResolve({ filter: /^html-to-text$/ }, (args) =>
        // The stand-in's own require goes to the package.
        args.kind === 'import-statement' ? { path: args.importer, namespace: NS } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: NS }, () => ({
        contents: SHIM,
        loader: 'js',
        resolveDir: dirname(new URL(import.meta.url).pathname),
      }));
    },
  };
}
