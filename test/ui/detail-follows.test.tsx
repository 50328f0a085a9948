/**
 * Every open view follows the server: the card detail and the preview show
 * a teammate's comment and move as the board does — from the live events,
 * the periodic refresh, or `r` in the detail — with the user's own change
 * still on its way drawn on top.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const TITLE = 'Onboarding call follow-up: template library';

/** Opens the card's detail; returns its id and a column it is not in. */
async function openDetail(u: Ui): Promise<{ id: string; other: { id: number; name: string } }> {
  const card = focus(u, TITLE);
  await u.press('enter');
  await u.waitFor('Comments (1)');
  const other = u.store.getState().columns.find((c) => c.label !== card.columnLabel)!;
  return { id: card.id, other: { id: other.id, name: other.displayName } };
}

/** The detail's "Column" line names `name`. */
const inColumn = (frame: string, name: string): boolean =>
  frame.split('\n').some((l) => new RegExp(`^\\s*Column\\s+${name}\\s*$`).test(l));

describe('an open card detail follows the server', () => {
  it('live: a teammate’s comment and move show in the open detail with no key pressed', async () => {
    ui = await startUi({ live: true });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    const { id, other } = await openDetail(u);
    const bea = await u.teammate('bea@team.test');
    await bea.createComment(id, 'Bea: the template library is shared');
    await bea.moveCard({ Id: id, NewColumnId: other.id, NewPosition: 0 });

    const frame = await u.waitFor((f) => f.includes('Bea: the template library is shared') && inColumn(f, other.name));
    expect(frame).toContain('Comments (2)');
    expect(u.store.getState().detail?.cardId).toBe(id);
  });

  it('without events: the periodic refresh brings a teammate’s comment into the open detail', async () => {
    ui = await startUi({ refreshSeconds: 1 });
    const u = ui;
    const { id } = await openDetail(u);
    await (await u.teammate('bea@team.test')).createComment(id, 'Bea: seen on the next refresh');
    await u.waitFor('Bea: seen on the next refresh');
    expect(u.frame()).toContain('Comments (2)');
  });

  it('r in the detail refreshes the card, keeping the user’s own change still on its way on top', async () => {
    ui = await startUi();
    const u = ui;
    const { id, other } = await openDetail(u);
    // The user's title edit, held on the wire: still pending while the teammate acts.
    const held = u.hold(/^PUT \/v2\/card\//);
    await u.press('e');
    await u.waitFor('Edit title');
    await u.press('C-u');
    await u.paste('Mine: template library, pending');
    await u.press('enter');
    await u.until(() => held.waiting === 1, 'the title edit on the wire');
    const bea = await u.teammate('bea@team.test');
    await bea.createComment(id, 'Bea: while yours was on its way');
    await bea.moveCard({ Id: id, NewColumnId: other.id, NewPosition: 0 });
    expect(u.frame()).not.toContain('Bea: while yours was on its way');

    await u.press('r');
    const frame = await u.waitFor((f) => f.includes('Bea: while yours was on its way') && inColumn(f, other.name));
    expect(frame).toContain('Mine: template library, pending');
    expect(statusLine(frame)).not.toContain('failed');
    held.release();
    await u.until(() => u.store.getState().pending.length === 0, 'the edit settled');
    expect((await u.other.getCard(id)).TaskName).toBe('Mine: template library, pending');
  });

  it('the preview beside the board shows a teammate’s comment on the focused card, live', async () => {
    ui = await startUi({ live: true, columns: 250 });
    const u = ui;
    await u.until(() => u.store.getState().live === 'live', 'the board is live');
    const card = focus(u, TITLE);
    await u.waitFor((f) => f.includes('Thread owner') && f.includes('Comments (1)'));
    await (await u.teammate('bea@team.test')).createComment(card.id, 'Bea: previewed as it happens');
    const frame = await u.waitFor('Bea: previewed as it happens');
    expect(frame).toContain('Comments (2)');
    expect(u.store.getState().detail).toBeNull(); // the preview, not an opened detail
  });

  it('triage: r shows a teammate’s comment on the card on screen', async () => {
    ui = await startUi({ columns: 120 });
    const u = ui;
    const card = focus(u, TITLE);
    await u.press('i');
    await u.waitFor('Thread owner');
    const id = u.store.getState().detail!.cardId;
    expect(id).toBe(card.id);
    await (await u.teammate('bea@team.test')).createComment(id, 'Bea: triaged alongside you');
    await u.press('r');
    await u.waitFor('Bea: triaged alongside you');
  });
});
