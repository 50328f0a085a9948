/** A tag created from the card detail (t → + New tag… → name → colour) shows in the detail at once. */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

describe('+ New tag… from the card detail', () => {
  it('the detail lists the new tag once it is created and applied, without reopening', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    await ui.press('enter');
    await ui.waitFor('Comments (');
    expect(ui.frame()).not.toContain('Escalated');
    await ui.press('t', 'k', 'k', 'enter');
    await ui.waitFor('New tag — name');
    await ui.paste('Escalated');
    await ui.press('enter');
    await ui.waitFor('Colour for “Escalated”');
    await ui.press('j', 'enter'); // red
    await ui.waitFor('✓ Created tag Escalated');
    // Still the detail of the same card, now listing the tag.
    const shown = await ui.waitFor('■ Escalated (red)');
    expect(shown).toContain('Where do I change my billing address?');
    expect(ui.store.getState().detail?.cardId).toBe(card.id);
    expect((await ui.other.getCard(card.id)).Tags?.map((t) => t.Name)).toContain('Escalated');
  });
});
