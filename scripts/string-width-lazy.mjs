// string-width builds two things as it loads that a process may never use,
// and every start, board or command, paid for both. In the bundle each is
// made on first use instead:
//
// 1. Its `Intl.Segmenter`: the first one a process makes loads ICU's break
//    rules, ~12 ms. A command printing JSON, or text that is all ASCII
//    (string-width's own fast path), never segments.
//
// 2. Its `^\p{RGI_Emoji}$` expression, for the one question it asks of it: is
// this grapheme cluster an emoji two cells wide? Built with the `v` flag, V8
// expands the property of strings (every emoji sequence) as it constructs
// it: ~28 ms. In the bundle the question is answered by the property's parts
// instead, each built on first use and only when the cluster can be one of
// them:
//
// - RGI_Emoji is, by its definition (UTS #51), Basic_Emoji and five kinds of
//   sequence, each made with a character no other kind has: a keycap
//   (U+20E3), two regional indicators, a skin-tone modifier, tag characters,
//   or a zero-width joiner. A cluster without the marker can't be of that
//   kind, so its expression is never built for it.
// - The ZWJ sequences are the costly part (~13 ms). string-width counts any
//   ZWJ cluster of two or more pictographs as two cells anyway (its
//   `isDoubleWidthNonRgiEmojiSequence`, the other side of the same `||`), so
//   the set is consulted only for a ZWJ cluster that rule doesn't cover.
//
// The answer is the package's, exactly: test/text/string-width-bundled.test.ts
// measures every code point and every kind of sequence both ways. The build
// fails if string-width's source changes shape rather than silently keep
// the cost or change the answer.
import { readFileSync } from 'node:fs';

const EAGER = 'const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;';
const USE = 'rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)';
const BY_PARTS = `const rgiEmojiParts = new Map();
const rgiEmojiPart = (name) => {
\tlet re = rgiEmojiParts.get(name);
\tif (re === undefined) {
\t\tre = new RegExp('^\\\\p{' + name + '}$', 'v');
\t\trgiEmojiParts.set(name, re);
\t}
\treturn re;
};
// Answers for \`rgiEmojiRegex.test(s) || isDoubleWidthNonRgiEmojiSequence(s)\`, its one use.
const rgiEmojiRegex = {
\ttest(s) {
\t\tif (s.includes('\\u200D')) return isDoubleWidthNonRgiEmojiSequence(s) || rgiEmojiPart('RGI_Emoji_ZWJ_Sequence').test(s);
\t\tif (rgiEmojiPart('Basic_Emoji').test(s)) return true;
\t\tif (s.includes('\\u20E3')) return rgiEmojiPart('Emoji_Keycap_Sequence').test(s);
\t\tif (/[\\u{1F1E6}-\\u{1F1FF}]/u.test(s)) return rgiEmojiPart('RGI_Emoji_Flag_Sequence').test(s);
\t\tif (/[\\u{1F3FB}-\\u{1F3FF}]/u.test(s)) return rgiEmojiPart('RGI_Emoji_Modifier_Sequence').test(s);
\t\tif (/[\\u{E0020}-\\u{E007F}]/u.test(s)) return rgiEmojiPart('RGI_Emoji_Tag_Sequence').test(s);
\t\treturn false;
\t},
};`;
const EAGER_SEGMENTER = 'const segmenter = new Intl.Segmenter();';
const SEGMENTER_USE = 'segmenter.segment(string)';
// The same object for string-width's one use of it, \`segmenter.segment(string)\`, made when first asked.
const LAZY_SEGMENTER = `let segmenterMade;
const segmenter = { segment: (s) => (segmenterMade ??= new Intl.Segmenter()).segment(s) };`;
const FILE = /[\\/]node_modules[\\/]string-width[\\/]index\.js$/;
// inboard's own string-width (8), not the older copies nested under other packages (they build theirs per call).
const NESTED = /node_modules[\\/].*[\\/]node_modules[\\/]string-width[\\/]/;

export function stringWidthLazy() {
  return {
    name: 'string-width-lazy',
    setup(build) {
      build.onLoad({ filter: FILE }, (args) => {
        if (NESTED.test(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const parts = source.split(EAGER);
        const uses = source.split('rgiEmojiRegex').length - 1;
        if (parts.length !== 2 || uses !== 2 || source.split(USE).length !== 2) {
          throw new Error(
            `string-width-lazy: "${EAGER}" and its one use "${USE}" not found in ${args.path}; re-check scripts/string-width-lazy.mjs`,
          );
        }
        const withParts = parts.join(BY_PARTS);
        const segmenterParts = withParts.split(EAGER_SEGMENTER);
        if (
          segmenterParts.length !== 2 ||
          withParts.split('segmenter.').length !== 2 ||
          !withParts.includes(SEGMENTER_USE)
        ) {
          throw new Error(
            `string-width-lazy: "${EAGER_SEGMENTER}" and its one use "${SEGMENTER_USE}" not found in ${args.path}; re-check scripts/string-width-lazy.mjs`,
          );
        }
        return { contents: segmenterParts.join(LAZY_SEGMENTER), loader: 'js' };
      });
    },
  };
}
