/**
 * Opening a card: the app reads the focused card's detail while the cursor
 * rests on it (store/detail-prefetch.ts), Enter meanwhile waits for that read
 * instead of sending a second one, and once it is in, Enter draws the notes
 * from it before the server is asked again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const TITLE = 'Onboarding call follow-up: template library';
const NOTE = 'Read ahead while the cursor rested';

describe('opening a card', () => {
  it('reads the focused card ahead; Enter joins that read, and later draws the notes from it at once', async () => {
    ui = await startUi();
    const card = ui.card(TITLE);
    await ui.other.addNote(card.id, NOTE);
    const read = new RegExp(`^GET /v2/card/${card.id}$`);
    const ahead = ui.hold(read);
    focus(ui, TITLE);
    await ui.until(() => ahead.waiting === 1, 'the focused card read ahead');

    await ui.press('enter');
    await ui.waitFor('Thread owner');
    expect(ui.frame()).toContain('loading…');
    expect(ahead.waiting).toBe(1);
    ahead.release();
    await ui.waitFor(NOTE);

    await ui.press('esc');
    await ui.waitFor('In progress (');
    const again = ui.hold(read);
    await ui.press('enter');
    // The server has not answered this opening yet: the notes come from what was read.
    const frame = await ui.waitFor(NOTE);
    expect(frame).not.toContain('loading…');
    await ui.until(() => again.waiting === 1, 'the detail asks again');
    again.release();
  });
});
