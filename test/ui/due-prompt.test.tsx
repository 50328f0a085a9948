/**
 * D on a card that has a due date: the date shows selected, typing replaces
 * it; what people type is read; a date in the past is asked about first.
 * Over the real local service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const focused = (u: Ui) => {
  const s = u.store.getState();
  return s.view.cards.get(s.cursor.cardId!)!;
};

/** The card under the cursor, due on 25 Nov 2099 at 17:00 local. */
async function dueCard(u: Ui) {
  const card = focused(u);
  await u.store.getState().setDueDate(card.id, new Date(2099, 10, 25, 17, 0).toISOString());
  return card;
}

describe('D on a card with a due date', () => {
  it('shows the date selected; the first character typed replaces it', async () => {
    ui = await startUi();
    const card = await dueCard(ui);
    await ui.press('D');
    await ui.waitFor('Due date of');
    expect(ui.frame()).toContain('2099-11-25 17:00');
    await ui.paste('tomorrow 10');
    const preview = await ui.waitFor('→ ');
    expect(preview).toContain('tomorrow 10');
    expect(preview).not.toContain('17:00tomorrow');
    await ui.press('enter');
    await ui.waitFor((f) => !f.includes('Due date of'));
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the date saved');
    const due = new Date((await ui.other.getCard(card.id)).DueDate!);
    const want = new Date();
    want.setDate(want.getDate() + 1);
    expect([due.getDate(), due.getHours(), due.getMinutes()]).toEqual([want.getDate(), 10, 0]);
  });

  it('arrows edit the date instead', async () => {
    ui = await startUi();
    const card = await dueCard(ui);
    await ui.press('D');
    await ui.waitFor('Due date of');
    await ui.press('left', 'backspace', '3');
    await ui.waitFor('2099-11-25 17:30');
    await ui.press('enter');
    await ui.waitFor((f) => !f.includes('Due date of'));
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the date saved');
    expect(new Date((await ui.other.getCard(card.id)).DueDate!).getMinutes()).toBe(30);
  });

  it('in 2 days and next week are read', async () => {
    ui = await startUi();
    const card = await dueCard(ui);
    await ui.press('D');
    await ui.waitFor('Due date of');
    await ui.paste('in 2 days');
    expect(await ui.waitFor('→ ')).toContain('(in 2 days)');
    await ui.press('C-u');
    await ui.paste('next week');
    expect(await ui.waitFor(/→ Mon /)).toContain('→ Mon');
    await ui.press('enter');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the date saved');
    expect(new Date((await ui.other.getCard(card.id)).DueDate!).getDay()).toBe(1);
  });

  it('a date in the past asks first: n brings the prompt back with the text, y sets it', async () => {
    ui = await startUi();
    const card = await dueCard(ui);
    await ui.press('D');
    await ui.waitFor('Due date of');
    await ui.paste('2020-01-01');
    await ui.waitFor('in the past: Enter asks first');
    await ui.press('enter');
    await ui.waitFor('is in the past. Set it anyway? [y/n]');
    expect((await ui.other.getCard(card.id)).DueDate).toBe(new Date(2099, 10, 25, 17, 0).toISOString());
    await ui.press('n');
    const back = await ui.waitFor('Not set: Wed 1 Jan 2020 23:59');
    expect(back).toContain('│ 2020-01-01');
    await ui.press('enter');
    await ui.waitFor('Set it anyway?');
    await ui.press('y');
    await ui.waitFor((f) => !f.includes('Set it anyway?') && !f.includes('Due date of'));
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the date saved');
    expect((await ui.other.getCard(card.id)).DueDate).toBe(new Date(2020, 0, 1, 23, 59).toISOString());
  });
});
