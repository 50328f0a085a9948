/**
 * The `/` prompt filters as you type; Enter keeps the filter and Esc puts
 * back the one there was before `/` — it used to drop the filter altogether,
 * and its key line read "Enter keeps it · Enter save · Esc cancel".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const header = (frame: string): string => frame.split('\n')[0] ?? '';

describe('the / filter prompt', () => {
  it('Esc while refining a filter puts the earlier one back; on a board without one it drops what was typed', async () => {
    ui = await startUi();
    await ui.press('/');
    const open = await ui.waitFor('Filter — title, tag or assignee');
    expect(open).toContain('filters as you type · Enter keeps it · Esc drops it');
    expect(open).not.toContain('Enter save · Esc cancel');
    // The footer says the same as the prompt's own line, not a prompt's save/cancel.
    expect(statusLine(open).trim()).toBe('Enter keep  Esc undo');
    await ui.paste('refund');
    await ui.press('enter');
    await ui.waitFor((f) => header(f).includes('filter: refund (') && !f.includes('Filter — title'));

    await ui.press('/');
    const refine = await ui.waitFor('Esc puts back the filter you had');
    expect(refine).toContain('refund');
    await ui.paste('zzz');
    await ui.waitFor((f) => header(f).includes('filter: refundzzz (0 matches)'));
    await ui.press('esc');
    const back = await ui.waitFor((f) => !f.includes('Filter — title'));
    expect(header(back)).toMatch(/filter: refund \(\d+ match/);
    expect(ui.store.getState().filter?.text).toBe('refund');

    // Esc on the board clears it; then / text Esc leaves the board unfiltered.
    await ui.press('esc');
    await ui.waitFor((f) => !header(f).includes('filter:'));
    await ui.press('/');
    await ui.waitFor('Esc drops it');
    await ui.paste('invoice');
    await ui.waitFor((f) => header(f).includes('filter: invoice ('));
    await ui.press('esc');
    await ui.waitFor((f) => !header(f).includes('filter:') && !f.includes('Filter — title'));
  });

  it('a filter that shows nothing in the focused column takes the focus to the nearest column with a match', async () => {
    ui = await startUi();
    expect(ui.store.getState().cursor.col).toBe(0);
    await ui.press('/');
    await ui.waitFor('Filter — title, tag or assignee');
    await ui.paste('quick fix on the outlook');
    await ui.press('enter');
    await ui.waitFor((f) => header(f).includes('filter: quick fix on the outlook (1 match)'));
    const s = ui.store.getState();
    const card = s.view.cards.get(s.cursor.cardId ?? '');
    expect(card?.title).toBe('Thanks for the quick fix on the Outlook plugin!');
    expect(s.columns[s.cursor.col]?.label).toBe(card?.columnLabel);
    expect(s.cursor.col).toBeGreaterThan(0);
    // Walking keys stay in their column: h onto a column without a match stays there.
    await ui.press('h');
    await ui.until(() => ui!.store.getState().cursor.col === s.cursor.col - 1, 'focus one column left');
  });
});
