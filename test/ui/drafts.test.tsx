/**
 * Esc on a comment, note or sub-task with text in it keeps the text as a
 * draft of that card's prompt: an Esc meant for something else must not cost
 * a support reply. Sending it clears the draft; so does Esc on an emptied one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const CARD = 'Where do I change my billing address?';
const OTHER = 'Invoice in EUR instead of USD';
const REPLY = 'Told them: Settings → Billing → Address';

describe('drafts of text prompts', () => {
  it('a comment left with Esc comes back on c, on that card only, and is gone once sent', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    await ui.press('c');
    await ui.waitFor('Comment on “Where do I change');
    await ui.paste(REPLY);
    await ui.waitFor(REPLY);
    await ui.press('esc');
    const closed = await ui.waitFor((f) => !f.includes('Comment on'));
    expect(statusLine(closed)).toContain('Draft kept — press c to go on with it');

    // Another card's comment starts empty.
    focus(ui, OTHER);
    await ui.press('c');
    const other = await ui.waitFor('Comment on “Invoice in EUR');
    expect(other).not.toContain(REPLY);
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('Comment on'));

    focus(ui, CARD);
    await ui.press('c');
    const back = await ui.waitFor('Comment on “Where do I change');
    expect(back).toContain(REPLY);
    expect(back).toContain('your draft from before');
    // The cursor is at its end: typing goes on from there.
    await ui.paste(' (done)');
    await ui.press('enter');
    await ui.waitFor('✓ Comment added');
    const comments = (await ui.other.getCard(card.id)).Comments!.map((c) => c.Comment);
    expect(comments).toContain(`${REPLY} (done)`);

    await ui.press('c');
    const fresh = await ui.waitFor('Comment on “Where do I change');
    expect(fresh).not.toContain(REPLY);
    expect(fresh).not.toContain('your draft from before');
  });

  it('a note is kept apart from the comment; emptying it and Esc drops the draft', async () => {
    ui = await startUi();
    focus(ui, CARD);
    await ui.press('N');
    await ui.waitFor('Note on “Where do I change');
    await ui.paste('VIP account');
    await ui.press('esc');
    await ui.waitFor('Draft kept — press N to go on with it');
    await ui.press('c');
    expect(await ui.waitFor('Comment on “Where do I change')).not.toContain('VIP account');
    await ui.press('esc');
    await ui.press('N');
    await ui.waitFor('VIP account');
    for (let i = 0; i < 'VIP account'.length; i++) await ui.press('backspace');
    await ui.waitFor((f) => !f.includes('VIP account'));
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('Note on'));
    expect(statusLine(ui.frame())).not.toContain('Draft kept');
    await ui.press('N');
    const again = await ui.waitFor('Note on “Where do I change');
    expect(again).not.toContain('your draft from before');
  });
});
