/**
 * Writes the keymap's tables into README.md between `<!-- keys:start -->`
 * and `<!-- keys:end -->`. Run with `npm run keys:readme` after changing a
 * binding; test/ui/readme-keys.test.ts fails while the README is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keyTableMarkdown } from '../src/ui/keymap.js';

export const README = join(import.meta.dirname, '..', 'README.md');
const START = '<!-- keys:start -->';
const END = '<!-- keys:end -->';

/** The README with its key section made from the keymap. */
export function withKeyTable(readme: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md needs ${START} … ${END} around its key table`);
  const generated = `${START}\n<!-- made from src/ui/keymap.ts by npm run keys:readme; edit the keymap, not this -->\n\n${keyTableMarkdown()}\n\n`;
  return readme.slice(0, from) + generated + readme.slice(to);
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const before = readFileSync(README, 'utf8');
  const after = withKeyTable(before);
  if (after !== before) writeFileSync(README, after);
  console.log(after === before ? 'README.md key table: up to date' : 'README.md key table: rewritten from the keymap');
}
