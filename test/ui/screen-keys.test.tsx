/**
 * Screen keys that arrive before React draws the previous key's change (two
 * keys in one read, or a second read before the next render) act on what
 * the first key left, not on the last render: the filter and the selected
 * comment are read from their latest state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/** Card ids of a column, top to bottom. */
const ids = (col: number) => {
  const s = ui.store.getState();
  return (s.view.columns[s.columns[col]!.label] ?? []).map((c) => c.id);
};

describe('the selected comment', () => {
  it('Tab Tab in one read selects the second comment', async () => {
    ui = await startUi();
    const card = focus(ui, 'Onboarding call follow-up: template library');
    await ui.other.createComment(card.id, 'Second comment');
    await ui.press('enter');
    await ui.waitFor('Comments (2)');
    ui.pasteRaw('\t\t');
    await ui.waitFor('› owner@inboard.local');
    // The selected comment is drawn inverse and marked ›: the second one.
    const lines = ui.frame().split('\n');
    const marked = lines.findIndex((l) => l.startsWith('› '));
    expect(lines[marked + 1]).toContain('Second comment');
  });

  it('Tab then e in one read edits the comment Tab selected', async () => {
    ui = await startUi();
    focus(ui, 'Onboarding call follow-up: template library');
    await ui.press('enter');
    await ui.waitFor('Comments (1)');
    // The card's comment is a teammate's (not offered for editing): add one of ours after it.
    await ui.press('c');
    await ui.paste('Our own words');
    await ui.press('enter');
    await ui.waitFor('Comments (2)');
    ui.pasteRaw('\t\te');
    await ui.waitFor('Edit comment');
    expect(ui.frame()).toContain('Our own words');
  });
});

describe('the filter', () => {
  it('j right after Esc, before a render, walks the unfiltered column', async () => {
    ui = await startUi();
    await ui.press('/');
    await ui.paste('billing');
    await ui.press('enter');
    await ui.waitFor(/filter: billing \(\d+ match(?:es)?\)/);
    const [first, second, third] = ids(0);
    focus(ui, ui.store.getState().view.cards.get(first!)!.title);
    // The second card doesn't match, the third does: a j that still saw the
    // filter would skip to the third.
    expect(ui.frame()).not.toContain('Can’t log in');
    expect(ui.store.getState().view.cards.get(third!)!.title).toMatch(/remboursement/);
    // Ink lets a lone Esc go on the next check phase; j lands in the same
    // phase, before React's render (which waits for the next one).
    ui.pasteRaw('\x1b');
    setImmediate(() => ui.pasteRaw('j'));
    await ui.waitFor((f) => !f.includes('filter:') && f.includes('Can’t log in'));
    expect(ui.store.getState().cursor.cardId).toBe(second);
  });

  it('/ right after Esc opens an empty filter', async () => {
    ui = await startUi();
    await ui.press('/');
    await ui.paste('billing');
    await ui.press('enter');
    await ui.waitFor(/filter: billing \(\d+ match(?:es)?\)/);
    ui.pasteRaw('\x1b');
    setImmediate(() => ui.pasteRaw('/'));
    await ui.waitFor('Filter — title, tag or assignee');
    await ui.waitFor((f) => !f.includes('filter:'));
    expect(ui.frame()).not.toMatch(/│ billing/);
  });
});
