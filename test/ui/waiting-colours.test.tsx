/**
 * The waiting age's colours on the board, over the real service: within the
 * target in the theme's `waiting` colour, three quarters of it used in
 * `warning`, past it in `late` and marked `!`; the mono theme draws no
 * colour and keeps the mark. Frames are drawn with colour here: chalk's
 * level (the one Ink colours with) is raised for this file and put back
 * after, as test/setup.ts turned colour off for every file.
 */
import chalk from 'chalk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUi, type Ui } from './helpers.js';
import { applyTheme } from '../../src/ui/theme.js';
import { customerWrote, HOUR, lineWith, MINUTE } from './waiting-support.js';

const ESC = '\u001b';
/** The text of `line` drawn in SGR colour `code` (31 red, 91 bright red, 33 yellow, 94 bright blue). */
const inColour = (line: string, code: number, text: string): boolean =>
  line.includes(`${ESC}[${code}m${text}${ESC}[39m`);

let ui: Ui | undefined;
const levelBefore = chalk.level;
beforeAll(() => {
  chalk.level = 1;
  applyTheme({}, {});
});
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  applyTheme({}, {});
});
afterAll(() => {
  chalk.level = levelBefore;
});

describe('the waiting age in colour', () => {
  it('within the target, near it, past it: waiting, warning and late, past it also marked !', async () => {
    const u = (ui = await startUi({ columns: 160 }));
    await u.other.setBoardTargets(u.boardId, { FirstResponseSeconds: (4 * HOUR) / 1000 });
    await customerWrote(u, 'Parcel lost', 5 * HOUR + 30 * MINUTE);
    await customerWrote(u, 'Refund please', 3 * HOUR + 30 * MINUTE);
    await customerWrote(u, 'Quick question', HOUR + 30 * MINUTE);
    await u.store.getState().refresh();
    const frame = await u.waitFor('Quick question');
    expect(inColour(lineWith(frame, 'Parcel lost'), 91, ' !5h')).toBe(true);
    expect(inColour(lineWith(frame, 'Refund please'), 33, ' 3h')).toBe(true);
    expect(inColour(lineWith(frame, 'Quick question'), 94, ' 1h')).toBe(true);
  });

  it('mono: no colour, the mark stays', async () => {
    applyTheme({ theme: 'mono' }, {});
    const u = (ui = await startUi({ columns: 160 }));
    await u.other.setBoardTargets(u.boardId, { FirstResponseSeconds: (4 * HOUR) / 1000 });
    await customerWrote(u, 'Parcel lost', 5 * HOUR + 30 * MINUTE);
    await u.store.getState().refresh();
    const row = lineWith(await u.waitFor('Parcel lost'), 'Parcel lost');
    expect(row).toContain(' !5h');
    expect(row).not.toMatch(/\u001b\[(3\d|9\d)m/);
  });
});
