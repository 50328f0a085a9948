/**
 * Reopening where the user left off: without --board, inboard opens the
 * board (and the card) it was on at quit; --board overrides. The built CLI
 * in tmux against `inboard serve --demo`, state in a temp state dir.
 */
import { describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('last-place');
const start = () => demo.terminal();

/** The focused row's text (the row starting with ›). */
const focusedRow = (screen: string): string => (/›[●\s]*(.+?)\s{2,}/.exec(screen)?.[1] ?? '').trim();

describe.skipIf(!hasTmux())('reopening where you left off', () => {
  it('without --board, the board and card of the last quit; --board overrides', async () => {
    let t = start();
    t.run(`node ${CLI} --board "Sales Pipeline" --refresh 0; echo "exit=$?"`);
    // Each j is seen to land before the next and before the quit: the place
    // kept is the one read here.
    let before = focusedRow(await t.waitFor((s) => focusedRow(s) !== ''));
    for (let i = 0; i < 2; i++) {
      const was = before;
      t.keys('j');
      before = focusedRow(await t.waitFor((s) => focusedRow(s) !== '' && focusedRow(s) !== was));
    }
    t.keys('q');
    await t.waitFor('exit=0');

    t = start();
    t.run(`node ${CLI} --refresh 0; echo "exit=$?"`);
    // The board may draw its first card focused for a moment while the
    // cards come in; the kept card gets the focus once they are there.
    const again = await t.waitFor((s) => s.includes('Sales Pipeline') && focusedRow(s) === before);
    expect(focusedRow(again)).toBe(before);
    t.keys('q');
    await t.waitFor('exit=0');

    t = start();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    const other = await t.waitFor((s) => s.includes('Support Inbox') && s.includes('›'));
    expect(other).not.toContain('Sales Pipeline');
  });
});
