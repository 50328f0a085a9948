/** `m` to another board: the notice names the board and the column; on the same board, the column. */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

describe('the move notice', () => {
  it('says “Sales Pipeline / Contacted” for selected cards moved to another board', async () => {
    ui = await startUi();
    for (const title of ['Which plan includes audit logs?', 'Where do I change my billing address?']) {
      focus(ui, title);
      await ui.press('v');
    }
    await ui.waitFor('✓ 2 selected');
    await ui.press('m');
    await ui.waitFor('Move 2 cards to column');
    await ui.press('j', 'j', 'j', 'j', 'enter'); // Another board…
    await ui.waitFor('Move 2 cards to board');
    await ui.press('enter'); // Sales Pipeline
    await ui.waitFor('Move 2 cards to column on Sales Pipeline');
    await ui.press('j', 'enter', 'enter'); // Contacted, top
    const moved = await ui.waitFor('✓ Moved 2 cards to');
    expect(statusLine(moved)).toContain('✓ Moved 2 cards to Sales Pipeline / Contacted');
  });

  it('on the same board names the column only', async () => {
    ui = await startUi();
    focus(ui, 'Which plan includes audit logs?');
    await ui.press('m');
    await ui.waitFor('Move to column');
    await ui.press('j', 'enter', 'enter'); // In progress, top
    const moved = await ui.waitFor('✓ Moved to');
    expect(statusLine(moved).trim()).toBe('✓ Moved to In progress');
  });
});
