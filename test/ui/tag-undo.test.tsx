/**
 * `u` after a tag's deletion on a service that says which cards had it:
 * the tag made again (same name and colour) and put back on them, checked
 * on the server. Over the real local service.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchVersions } from '../support/without-versions.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

describe('the tag manager', () => {
  it('u after a tag deletion puts the tag back on the cards that had it', async () => {
    const u = (ui = await startUi());
    const urgent = u.store.getState().tags.find((t) => t.Name === 'Urgent')!;
    const had = [...u.store.getState().view.cards.values()].filter((c) => c.tagIds.includes(urgent.Id));
    expect(had.length).toBeGreaterThan(0);
    await u.press('T');
    await u.waitFor('Board tags');
    await u.press('d');
    await u.waitFor('u brings it back. [y/n]');
    await u.press('y');
    await u.waitFor('Deleted Urgent');
    await u.press('esc');
    await u.until(() => u.store.getState().history.undo === 'deletion of tag “Urgent”', 'the deletion undoable');
    await u.press('u');
    await u.waitFor('Undone: deletion of tag “Urgent”');
    await u.until(() => u.store.getState().pending.length === 0, 'put back');
    const back = (await u.other.listTags(u.boardId)).find((t) => t.Name === 'Urgent');
    expect(back?.Color).toBe(urgent.Color);
    for (const c of had) expect((await u.other.getCard(c.id)).Tags?.map((t) => t.Name)).toContain('Urgent');
  });

  it('on a server that names no cards (nor versions) the y/n says it is final, and u stops there', async () => {
    const u = (ui = await startUi({
      wrapClient: (c) => {
        const bare = watchVersions(c, false).client;
        return { ...bare, deleteTag: async (b, t, o) => ({ Id: (await c.deleteTag(b, t, o)).Id }) };
      },
    }));
    await u.press('T');
    await u.waitFor('Board tags');
    await u.press('d');
    await u.waitFor('Delete tag “Urgent” from the board and every card? It cannot be undone. [y/n]');
    await u.press('y');
    await u.waitFor('Deleted Urgent');
    await u.press('esc');
    await u.press('u');
    await u.waitFor('Can’t undo: deletion of tag “Urgent”');
    expect((await u.other.listTags(u.boardId)).some((t) => t.Name === 'Urgent')).toBe(false);
  });
});
