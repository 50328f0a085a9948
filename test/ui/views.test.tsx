/** Saved views on the board: their tabs under the header; a number shows the view, marked and named; 0 shows all; a bad view says why. */
import { afterEach, describe, expect, it } from 'vitest';
import { applyViews } from '../../src/ui/views.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  applyViews({});
});

describe('saved views', () => {
  it('1 shows the first view, named in the header; 0 shows every card; a missing or broken view is said', async () => {
    applyViews({ Billing: 'tag:billing', Broken: 'is:xyz' });
    ui = await startUi();
    const start = await ui.waitFor('? help');
    expect(start.split('\n')[1]).toMatch(/^ 1 Billing {3}2 Broken {2}\[0 all\] *$/);
    await ui.press('1');
    const filtered = await ui.waitFor('view 1: Billing (');
    expect(filtered.split('\n')[0]).toMatch(/^Support Inbox {2}view 1: Billing \(\d+ match/);
    expect(filtered.split('\n')[1]).toMatch(/^\[1 Billing\] {2}2 Broken {3}0 all *$/);
    await ui.press('2');
    await ui.waitFor('The view “Broken” can’t be used');
    await ui.press('3');
    await ui.waitFor('No view 3: the config’s "views" name 2');
    await ui.press('0');
    await ui.waitFor((f) => !f.includes('view 1: Billing') && f.split('\n')[1]?.includes('[0 all]') === true);
  });

  it('draws no tabs when the config has no views', async () => {
    ui = await startUi();
    const start = await ui.waitFor('? help');
    expect(start).not.toContain('0 all');
    expect(start.split('\n')[1]).not.toMatch(/^ 1 /);
  });
});
