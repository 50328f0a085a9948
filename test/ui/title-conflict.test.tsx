/**
 * No lost update on a server without versions: a title someone changed
 * while the user edited it is not saved over. The user is told what theirs
 * is and chooses: keep mine, take theirs, or edit again — what they typed
 * kept throughout. The real service; the teammate's change goes through the
 * API with their own key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchVersions } from '../support/without-versions.js';
import { focus, startUi as startService, statusLine, type Ui } from './helpers.js';

// The service offers versions: the app's client is made to see none, as on a server without them.
const startUi = () => startService({ wrapClient: (c) => watchVersions(c, false).client });

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const TITLE = 'Onboarding call follow-up: template library';
const THEIRS = 'Bea: template library sent';
const MINE = 'Mine: template library follow-up';

/** The user opens the title prompt; the teammate saves theirs; the user saves MINE over what they began with. */
async function collide(u: Ui): Promise<string> {
  const card = focus(u, TITLE);
  const column = u.store.getState().columns.find((c) => c.label === card.columnLabel)!;
  await u.press('e');
  await u.waitFor('Edit title');
  await (
    await u.teammate('bea@team.test')
  ).updateCard(card.id, { BoardId: u.boardId, ColumnId: column.id, CardTitle: THEIRS });
  await u.press('C-u');
  await u.paste(MINE);
  await u.press('enter');
  const frame = await u.waitFor('Someone else changed this title while you edited it');
  expect(frame).toContain(`Theirs: “${THEIRS}”`);
  expect(frame).toContain(`Keep mine: “${MINE}”`);
  expect((await u.other.getCard(card.id)).TaskName).toBe(THEIRS); // not saved over
  return card.id;
}

describe('a title changed by someone else while you edited it', () => {
  it('keep mine: saved over theirs, knowingly', async () => {
    ui = await startUi();
    const u = ui;
    const id = await collide(u);
    await u.press('enter');
    await u.waitFor('Title saved: yours, over theirs');
    expect((await u.other.getCard(id)).TaskName).toBe(MINE);
    expect(u.store.getState().view.cards.get(id)?.title).toBe(MINE);
  });

  it('take theirs: nothing saved, the board shows theirs', async () => {
    ui = await startUi();
    const u = ui;
    const id = await collide(u);
    await u.press('down', 'enter');
    await u.waitFor(`Kept their title: “${THEIRS}”`);
    await u.until(() => u.store.getState().view.cards.get(id)?.title === THEIRS, 'theirs on the board');
    expect((await u.other.getCard(id)).TaskName).toBe(THEIRS);
  });

  it('edit again: the prompt comes back with what was typed, and then saves it', async () => {
    ui = await startUi();
    const u = ui;
    const id = await collide(u);
    await u.press('down', 'down', 'enter');
    const frame = await u.waitFor('Edit title');
    expect(frame).toContain(MINE);
    expect(statusLine(frame)).not.toContain('Title saved');
    await u.press('enter');
    await u.waitFor('Title saved');
    await u.until(() => u.store.getState().pending.length === 0, 'saved');
    expect((await u.other.getCard(id)).TaskName).toBe(MINE);
  });
});
