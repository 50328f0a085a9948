/**
 * Esc in a flow of several steps goes back one step, with what was typed or
 * picked there intact; Esc at the first step closes, keeping the typed text
 * as a draft that the same key brings back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readableBoards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const closed = (what: string) => (f: string) => !f.includes(what);

describe('n — new card', () => {
  it('Esc at the note goes back to the title as typed; Esc there keeps both as a draft for n', async () => {
    ui = await startUi();
    const before = ui.store.getState().view.cards.size;
    await ui.press('n');
    await ui.waitFor('New card in New — title');
    await ui.paste('Printer on fire');
    await ui.press('enter');
    await ui.waitFor('note (optional)');
    await ui.paste('Second floor');
    await ui.press('esc');
    const title = await ui.waitFor('New card in New — title');
    expect(title).toContain('Printer on fire');
    // Forward again: the note typed before is still there.
    await ui.press('enter');
    expect(await ui.waitFor('note (optional)')).toContain('Second floor');
    await ui.press('esc');
    await ui.waitFor('New card in New — title');
    await ui.press('esc');
    const gone = await ui.waitFor(closed('New card in'));
    expect(statusLine(gone)).toContain('Draft kept — press n to go on with it');
    expect(ui.store.getState().view.cards.size).toBe(before);

    await ui.press('n');
    const back = await ui.waitFor('New card in New — title');
    expect(back).toContain('Printer on fire');
    expect(back).toContain('your draft from before');
    await ui.press('enter');
    expect(await ui.waitFor('note (optional)')).toContain('Second floor');
    await ui.press('enter');
    await ui.waitFor('✓ Card created');
    // Created: the draft is gone (the card itself is on the board behind the prompt).
    await ui.press('n');
    const fresh = await ui.waitFor('New card in New — title');
    expect(fresh.slice(fresh.indexOf('New card in New — title'))).not.toContain('Printer on fire');
    expect(fresh).not.toContain('your draft from before');
  });
});

describe('n in the board list — new board', () => {
  it('Esc at the users goes back to the name as typed; Esc there keeps a draft', async () => {
    ui = await startUi();
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('n');
    await ui.waitFor('New board — name');
    await ui.paste('Partners');
    await ui.press('enter');
    await ui.waitFor('users (comma-separated emails');
    await ui.paste('ana@example.com');
    await ui.press('esc');
    const name = await ui.waitFor('New board — name');
    expect(name).toContain('Partners');
    await ui.press('enter');
    expect(await ui.waitFor('users (comma-separated emails')).toContain('ana@example.com');
    await ui.press('esc');
    await ui.waitFor('New board — name');
    await ui.press('esc');
    const gone = await ui.waitFor(closed('New board — name'));
    expect(statusLine(gone)).toContain('Draft kept');
    await ui.press('n');
    expect(await ui.waitFor('New board — name')).toContain('Partners');
    await ui.press('enter');
    expect(await ui.waitFor('users (comma-separated emails')).toContain('ana@example.com');
    await ui.press('enter');
    await ui.waitFor('✓ Board created');
    expect(readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Partners')?.Users).toContain(
      'ana@example.com',
    );
  });
});

describe('+ New tag…', () => {
  it('Esc at the colour goes back to the name as typed; Esc there keeps a draft', async () => {
    ui = await startUi();
    focus(ui, 'Where do I change my billing address?');
    await ui.press('t', 'k', 'k', 'enter');
    await ui.waitFor('New tag — name');
    await ui.paste('Escalated');
    await ui.press('enter');
    await ui.waitFor('Colour for “Escalated”');
    await ui.press('esc');
    expect(await ui.waitFor('New tag — name')).toContain('Escalated');
    await ui.press('esc');
    const gone = await ui.waitFor(closed('New tag — name'));
    expect(statusLine(gone)).toContain('Draft kept');
    await ui.press('t', 'k', 'k', 'enter');
    const back = await ui.waitFor('New tag — name');
    expect(back).toContain('Escalated');
    expect(back).toContain('your draft from before');
  });
});

describe('m — move to', () => {
  it('Esc at the position goes back to the columns, the picked one highlighted; Esc there closes', async () => {
    ui = await startUi();
    focus(ui, 'Which plan includes audit logs?');
    await ui.press('m');
    await ui.waitFor('Move to column');
    await ui.press('j', 'j', 'enter'); // Waiting on customer
    await ui.waitFor('Move to Waiting on customer — where?');
    await ui.press('esc');
    const columns = await ui.waitFor('Move to column');
    expect(columns).toMatch(/❯ Waiting on customer {2}\(here\)/);
    await ui.press('k', 'enter'); // In progress
    await ui.waitFor('Move to In progress — where?');
    await ui.press('esc');
    await ui.waitFor(/❯ In progress/);
    await ui.press('esc');
    await ui.waitFor(closed('Move to column'));
  });

  it('another board: Esc walks back through its columns and the board list to this board’s columns', async () => {
    ui = await startUi();
    focus(ui, 'Which plan includes audit logs?');
    await ui.press('m');
    await ui.waitFor('Move to column');
    await ui.press('j', 'j', 'j', 'j', 'enter'); // Another board…
    await ui.waitFor('Move to board');
    await ui.press('enter'); // Sales Pipeline
    await ui.waitFor('Move to column on Sales Pipeline');
    await ui.waitFor('Contacted');
    await ui.press('j', 'enter'); // Contacted
    await ui.waitFor('Move to Contacted — where?');
    await ui.press('esc');
    await ui.waitFor('Move to column on Sales Pipeline');
    expect(await ui.waitFor(/❯ Contacted/)).not.toContain('loading columns');
    await ui.press('esc');
    await ui.waitFor('Move to board');
    await ui.waitFor(/❯ Sales Pipeline/);
    await ui.press('esc');
    const columns = await ui.waitFor((f) => f.includes('Move to column') && !f.includes('Move to column on'));
    expect(columns).toMatch(/❯ Another board…/);
    await ui.press('esc');
    await ui.waitFor(closed('Move to column'));
  });
});
