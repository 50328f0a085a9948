/** Card detail: select a comment with Tab, e edits it, d deletes it; a teammate's comment is not offered (whose it is, said at once). */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

describe('comments in the card detail', () => {
  it('edits and deletes your own comment; the server has the change', async () => {
    ui = await startUi();
    const card = focus(ui, 'Onboarding call follow-up: template library');
    await ui.press('enter');
    await ui.waitFor('Comments (1)');
    await ui.press('c');
    await ui.paste('Sent the links');
    await ui.press('enter');
    await ui.waitFor('Comments (2)');
    await ui.press('tab', 'tab'); // the second comment: ours
    await ui.waitFor('› owner@inboard.local');
    await ui.press('e');
    await ui.waitFor('Edit comment');
    await ui.press('end');
    await ui.paste(' and the video');
    await ui.press('enter');
    await ui.waitFor('✓ Comment saved');
    let comments = (await ui.other.getCard(card.id)).Comments!.map((c) => c.Comment);
    expect(comments).toContain('Sent the links and the video');
    await ui.press('d');
    await ui.waitFor('Delete comment “Sent the links and the video”? [y/n]');
    await ui.press('y');
    await ui.waitFor('✓ Comment deleted');
    comments = (await ui.other.getCard(card.id)).Comments!.map((c) => c.Comment);
    expect(comments).toEqual(['Sent them the three templates from the call.']);
  });

  it('a teammate’s comment is not offered for editing or deleting: the status bar says whose it is', async () => {
    ui = await startUi();
    await expect.poll(() => ui.store.getState().me?.userId ?? null).not.toBeNull();
    focus(ui, 'Onboarding call follow-up: template library');
    await ui.press('enter');
    await ui.waitFor('Comments (1)');
    await ui.press('tab', 'e');
    await ui.waitFor(/That comment is \S+'s: only its author can change or delete it/);
    expect(ui.frame()).not.toContain('Edit comment');
    await ui.press('d');
    await ui.waitFor(/That comment is \S+'s/);
    expect(ui.frame()).not.toContain('[y/n]');
    expect(ui.frame()).toContain('Comments (1)');
  });
});
