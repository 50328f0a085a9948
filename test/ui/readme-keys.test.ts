/** The README's key table is the keymap's: this fails when a binding changed and `npm run keys:readme` was not run. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { README, withKeyTable } from '../../scripts/readme-keys.js';
import { KEYMAP } from '../../src/ui/keymap.js';

describe('README key table', () => {
  it('is what the keymap makes (run `npm run keys:readme` to bring it up to date)', () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme).toBe(withKeyTable(readme));
  });

  it('lists every binding’s help text', () => {
    const readme = readFileSync(README, 'utf8');
    for (const b of KEYMAP) expect(readme, `${b.scope} ${b.action}`).toContain(b.help);
  });
});
