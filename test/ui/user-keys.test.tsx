/**
 * The config's keys in the running app: the moved key acts, the old one says
 * where its action went, and `?`, the footer and a prompt's key line show
 * the keys in force.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { helpLines } from '../../src/ui/Help.js';
import { applyKeys } from '../../src/ui/keymap.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  applyKeys({});
});

const CARD = 'Where do I change my billing address?';

describe('keys from the config', () => {
  it('a moved action runs on its new key, the old key says where it went, and ? and the footer show it', async () => {
    expect(applyKeys({ 'card.archive': ['x'], 'board.filter': ['f'], 'move.right': ['ctrl+l'] })).toEqual([]);
    ui = await startUi();
    focus(ui, CARD);
    const board = await ui.waitFor('Ctrl+L move');
    const foot = statusLine(board);
    expect(foot).toContain('f filter');
    expect(foot).toContain('Ctrl+L move');
    expect(foot).not.toContain('HJKL');

    await ui.press('a');
    await ui.waitFor('a is not bound in your keys: card.archive');
    await ui.press('x');
    await ui.waitFor('[y/n]');
    await ui.press('n');

    await ui.press('?');
    const help = await ui.waitFor('Keys of the board');
    expect(help).toMatch(/^ {2}Ctrl\+L {5,}move card to next column/m);
    expect(help).not.toMatch(/Shift\+→ \/ L/);
    // What scrolls below: the same lines the help draws.
    const lines = helpLines('board').map((l) => l.text.trim());
    expect(lines).toContainEqual(expect.stringMatching(/^x {5,}archive, or the selected cards/));
    expect(lines).toContainEqual(expect.stringMatching(/^f {5,}filter/));
    await ui.press('esc');

    await ui.press('f');
    await ui.waitFor('filters as you type');
  });
});
