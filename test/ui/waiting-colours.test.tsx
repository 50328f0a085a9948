/**
 * The waiting age's colours on the board, over the real service: within the
 * target in the theme's `waiting` colour, three quarters of it used in
 * `warning`, past it in `late` and marked `!`; the mono theme draws no
 * colour and keeps the mark. Frames are drawn with colour here
 * (FORCE_COLOR before Ink loads: test/setup.ts turns it off elsewhere).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Ui } from './helpers.js';

// Before anything loads Ink (and chalk, which reads it once).
process.env.FORCE_COLOR = '1';
const { startUi } = await import('./helpers.js');
const { applyTheme } = await import('../../src/ui/theme.js');
const { customerWrote, HOUR, lineWith, MINUTE } = await import('./waiting-support.js');

const ESC = '\u001b';
/** The text of `line` drawn in SGR colour `code` (31 red, 91 bright red, 33 yellow, 94 bright blue). */
const inColour = (line: string, code: number, text: string): boolean =>
  line.includes(`${ESC}[${code}m${text}${ESC}[39m`);

let ui: Ui | undefined;
beforeAll(() => applyTheme({}, {}));
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  applyTheme({}, {});
});
afterAll(() => {
  process.env.FORCE_COLOR = '0';
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
