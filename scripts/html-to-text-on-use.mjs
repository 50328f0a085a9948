// html-to-text (and htmlparser2, entities, deepmerge-ts and the selector
// libraries under it, ~240 KB minified) is only needed to read an HTML email
// in a card's thread. Bundled, it was compiled at every start of the board
// even when it never ran: V8 parses the whole chunk that holds it. In the
// bundle, inboard's `import { convert } from 'html-to-text'` takes a
// stand-in whose `convert` requires the installed package (a dependency,
// beside better-sqlite3 in node_modules) on its first call, through the
// bundle's own `require`; the warm-up makes that call at idle. `compile` likewise. mailparser's
// import (mail-in) takes the same stand-in. The build fails if anything
// imports another name from it.
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
// A converter for options given once (src/text/html.ts).
export function compile(options) {
  lib ??= require('html-to-text');
  return lib.compile(options);
}
`;

export function htmlToTextOnUse() {
  return {
    name: NS,
    setup(build) {
      build.onResolve({ filter: /^html-to-text$/ }, (args) =>
        // The stand-in's own require goes to the installed package, outside the bundle.
        args.kind === 'import-statement'
          ? { path: args.importer, namespace: NS }
          : { path: 'html-to-text', external: true },
      );
      build.onLoad({ filter: /.*/, namespace: NS }, () => ({
        contents: SHIM,
        loader: 'js',
        resolveDir: dirname(new URL(import.meta.url).pathname),
      }));
    },
  };
}
