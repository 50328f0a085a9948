// string-width builds its `^\p{RGI_Emoji}$` expression when it is loaded:
// with the `v` flag, V8 expands the property of strings (every emoji
// sequence) as it constructs it, ~8–20 ms of every start, board or command,
// whether or not any text needs it (src/text/width.ts measures most text
// itself). In the bundle it is built on its first use instead. The build fails
// if string-width's source changes shape rather than silently keep the cost.
import { readFileSync } from 'node:fs';

const EAGER = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
const LAZY =
  'let rgiEmojiRegexBuilt;\n' +
  "const rgiEmojiRegex = { test: (s) => (rgiEmojiRegexBuilt ??= new RegExp('^\\\\p{RGI_Emoji}$', 'v')).test(s) };";
const FILE = /[\\/]node_modules[\\/]string-width[\\/]index\.js$/;
// inboard's own string-width (8), not the older copies nested under other packages (they build theirs per call).
const NESTED = /node_modules[\\/].*[\\/]node_modules[\\/]string-width[\\/]/;

export function stringWidthLazyEmoji() {
  return {
    name: 'string-width-lazy-emoji',
    setup(build) {
      build.onLoad({ filter: FILE }, (args) => {
        if (NESTED.test(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const parts = source.split(EAGER);
        const uses = source.split('rgiEmojiRegex').length - 1;
        if (parts.length !== 2 || uses !== 2) {
          throw new Error(
            `string-width-lazy-emoji: "${EAGER}" and its one use not found in ${args.path}; re-check scripts/string-width-lazy-emoji.mjs`,
          );
        }
        return { contents: parts.join(LAZY), loader: 'js' };
      });
    },
  };
}
