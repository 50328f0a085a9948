/**
 * The card's id is on every view of one card — the detail, triage and the
 * preview — as the server has it: what `#` takes to come back to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/** The first card of a column of the open board, by column name. */
const firstOf = (u: Ui, name: string) => {
  const s = u.store.getState();
  const col = s.columns.find((c) => c.displayName === name)!;
  return s.view.columns[col.label]![0]!;
};

/** The line of the frame that names the id: `Card id <id>`. */
const idLine = (frame: string): string => frame.split('\n').find((l) => l.includes('Card id ')) ?? '';

describe('the card id', () => {
  it('is on the detail', async () => {
    ui = await startUi();
    const card = focus(ui, firstOf(ui, 'In progress').title);
    await ui.press('enter');
    const frame = await ui.waitFor('Thread owner');
    expect(idLine(frame)).toMatch(new RegExp(`Card id ${card.id}( |$)`));
  });

  it('is in triage', async () => {
    ui = await startUi();
    const card = focus(ui, firstOf(ui, 'New').title);
    await ui.press('i');
    const frame = await ui.waitFor('Thread owner');
    expect(idLine(frame)).toMatch(new RegExp(`Card id ${card.id}( |$)`));
  });

  it('is in the preview', async () => {
    ui = await startUi({ columns: 150 });
    const card = focus(ui, firstOf(ui, 'In progress').title);
    await ui.press('p');
    const frame = await ui.waitFor('Thread owner');
    expect(idLine(frame)).toMatch(new RegExp(`Card id ${card.id}( |$)`));
  });
});
