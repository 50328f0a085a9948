/**
 * No lost update on a server with card versions (the real service): writes
 * carry the version the view was based on (If-Match), no read is made
 * before a title save, and a card changed meanwhile is refused, then shown:
 * a title typed over theirs is a choice (keep mine, take theirs, edit
 * again), a move or a due date says what the card is now. A teammate's
 * change goes through the API with their own key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { watchVersions, type Watched } from '../support/without-versions.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const TITLE = 'Onboarding call follow-up: template library';
const THEIRS = 'Bea: template library sent';
const MINE = 'Mine: template library follow-up';

async function start(): Promise<{ u: Ui; w: Watched }> {
  let w: Watched | undefined;
  const u = await startUi({ wrapClient: (c) => (w = watchVersions(c, true)).client });
  ui = u;
  if (w === undefined) throw new Error('not wrapped');
  return { u, w };
}

const columnOf = (u: Ui, label: string) => u.store.getState().columns.find((c) => c.label === label)!;

describe('card versions', () => {
  it('a title save carries the version and makes no read first; theirs is a choice; keep mine saves over it', async () => {
    const { u, w } = await start();
    const card = focus(u, TITLE);
    expect(card.version).toBeGreaterThan(0);
    const column = columnOf(u, card.columnLabel);
    await u.press('e');
    await u.waitFor('Edit title');
    const bea = await u.teammate('bea@team.test');
    await bea.updateCard(card.id, { BoardId: u.boardId, ColumnId: column.id, CardTitle: THEIRS });
    await u.press('C-u');
    await u.paste(MINE);
    const mark = w.calls.length;
    await u.press('enter');
    const frame = await u.waitFor('Someone else changed this title while you edited it');
    expect(frame).toContain(`Theirs: “${THEIRS}”`);
    expect(w.sent[0]).toBe(card.version);
    // The save is sent first; the read is the one after the refusal, to say
    // what theirs is. (The board's read-ahead may read the card again after
    // that, or its neighbours, whenever it is idle: a count would race with it.)
    const ofCard = w.calls.slice(mark).filter((c) => c.endsWith(` ${card.id}`));
    expect(ofCard.slice(0, 2)).toEqual([`write ${card.id}`, `read ${card.id}`]);
    expect((await u.other.getCard(card.id)).TaskName).toBe(THEIRS);
    await u.press('enter');
    await u.waitFor('Title saved: yours, over theirs');
    const now = await u.other.getCard(card.id);
    expect(now.TaskName).toBe(MINE);
    expect(w.sent.at(-1)).toBe((now.Version ?? 0) - 1);
  });

  it('a title edited while a teammate moved the card is saved where they put it', async () => {
    const { u } = await start();
    const card = focus(u, TITLE);
    const other = u.store.getState().columns.find((c) => c.label !== card.columnLabel)!;
    await u.press('e');
    await u.waitFor('Edit title');
    await (await u.teammate('bea@team.test')).moveCard({ Id: card.id, NewColumnId: other.id, NewPosition: 0 });
    await u.press('C-u');
    await u.paste(MINE);
    await u.press('enter');
    await u.until(() => u.store.getState().pendingCount === 0, 'saved');
    expect(statusLine(u.frame())).not.toContain('changed');
    const now = await u.other.getCard(card.id);
    expect(now.TaskName).toBe(MINE);
    expect(now.ColumnId).toBe(other.label);
  });

  it('two own edits in a row: the second goes with the version the first left', async () => {
    const { u, w } = await start();
    const card = focus(u, TITLE);
    await u.store.getState().editTitle(card.id, 'First');
    await u.store.getState().editTitle(card.id, 'Second');
    expect(w.sent).toEqual([card.version, (card.version ?? 0) + 1]);
    expect((await u.other.getCard(card.id)).TaskName).toBe('Second');
    expect(u.store.getState().view.cards.get(card.id)?.version).toBe((card.version ?? 0) + 2);
  });

  it('a move from a stale view is refused, says what the card is now, and the board shows it', async () => {
    const { u } = await start();
    const card = focus(u, TITLE);
    const from = columnOf(u, card.columnLabel);
    const to = u.store.getState().columns.find((c) => c.label !== card.columnLabel)!;
    await (
      await u.teammate('bea@team.test')
    ).updateCard(card.id, { BoardId: u.boardId, ColumnId: from.id, CardTitle: THEIRS });
    await expect(u.store.getState().moveCard(card.id, to.label, 0)).rejects.toThrow(
      `Not saved: changed by someone else meanwhile: now “${THEIRS}” in ${from.displayName}`,
    );
    await u.waitFor('changed by someone else meanwhile');
    await u.until(() => u.store.getState().view.cards.get(card.id)?.title === THEIRS, 'theirs on the board');
    expect((await u.other.getCard(card.id)).ColumnId).toBe(from.label);
  });

  it('a due date typed while a teammate set theirs: a choice; keep mine saves it over theirs', async () => {
    const { u, w } = await start();
    const card = focus(u, TITLE);
    await u.press('D');
    await u.waitFor('Due date of');
    await (await u.teammate('bea@team.test')).setDueDate(card.id, '2099-12-31');
    await u.paste('2099-12-24');
    await u.press('enter');
    const frame = await u.waitFor('Someone else changed this due date while you edited it');
    expect(frame).toMatch(/Theirs: 2099-12-3[01]/);
    expect(frame).toContain('Edit again (what you typed is kept)');
    expect(w.sent[0]).toBe(card.version);
    expect((await u.other.getCard(card.id)).DueDate).toMatch(/^2099-12-31/);
    await u.press('down', 'down', 'enter'); // edit again: the typed date is back
    const again = await u.waitFor('Due date of');
    expect(again).toContain('2099-12-24');
    await u.press('enter');
    await u.waitFor('Due ');
    await u.until(() => u.store.getState().pendingCount === 0, 'saved');
    expect((await u.other.getCard(card.id)).DueDate).toMatch(/^2099-12-24/);
  });

  it('keep mine on a due date conflict: saved over theirs, knowingly', async () => {
    const { u } = await start();
    const card = focus(u, TITLE);
    await u.press('D');
    await u.waitFor('Due date of');
    await (await u.teammate('bea@team.test')).setDueDate(card.id, '2099-12-31');
    await u.paste('2099-12-24');
    await u.press('enter');
    await u.waitFor('Someone else changed this due date while you edited it');
    await u.press('enter');
    await u.waitFor('Due date saved: yours, over theirs');
    expect((await u.other.getCard(card.id)).DueDate).toMatch(/^2099-12-24/);
  });

  it('a due date typed while a teammate changed the title is saved, theirs kept', async () => {
    const { u } = await start();
    const card = focus(u, TITLE);
    const column = columnOf(u, card.columnLabel);
    await u.press('D');
    await u.waitFor('Due date of');
    await (
      await u.teammate('bea@team.test')
    ).updateCard(card.id, { BoardId: u.boardId, ColumnId: column.id, CardTitle: THEIRS });
    await u.paste('2099-12-24');
    await u.press('enter');
    await u.until(() => u.store.getState().pendingCount === 0 && !u.frame().includes('Due date of'), 'saved');
    expect(statusLine(u.frame())).not.toContain('changed');
    const now = await u.other.getCard(card.id);
    expect(now.DueDate).toMatch(/^2099-12-24/);
    expect(now.TaskName).toBe(THEIRS);
  });
});
