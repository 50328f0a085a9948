/**
 * `#` on the board: a card by its id. On another board, that board opens
 * with the cursor on the card; an id the server has not keeps the prompt
 * open with the text as typed and says so; a card the filter hides is shown
 * with the filter cleared, and the status bar says that too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readableBoards, readableCards } from '../support/board-view.js';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/** A card of a board's column, by the server. */
async function cardOn(board: string, column: number) {
  const b = readableBoards(await ui.other.listBoards()).find((x) => x.Name === board)!;
  const col = (await ui.other.listColumns(b.Id))[column]!;
  const card = readableCards(await ui.other.listCards(b.Id, col.Id, 1)).at(-1)!;
  return { board: b, card };
}

describe('# jumps to a card by id', () => {
  it('opens the card’s board and puts the cursor on it', async () => {
    ui = await startUi();
    const { board, card } = await cardOn('Sales Pipeline', 1);
    await ui.press('#');
    await ui.waitFor('Card id');
    await ui.paste(`#${card.ServiceTaskId}`);
    await ui.press('enter');
    const frame = await ui.waitFor(`Card ${card.ServiceTaskId} “`);
    expect(statusLine(frame)).toContain('on Sales Pipeline');
    expect(ui.store.getState().boardId).toBe(board.Id);
    expect(ui.store.getState().cursor.cardId).toBe(card.ServiceTaskId);
  });

  it('says it is looking the card up while the server answers, not "saving…"', async () => {
    ui = await startUi();
    const { card } = await cardOn('Sales Pipeline', 1);
    const lookup = ui.hold(/^GET \/v2\/card\//);
    await ui.press('#');
    await ui.waitFor('Card id');
    await ui.paste(card.ServiceTaskId);
    await ui.press('enter');
    const waiting = await ui.waitFor('looking it up…');
    expect(waiting).not.toContain('saving…');
    lookup.release();
    await ui.waitFor(`Card ${card.ServiceTaskId} “`);
  });

  it('an id the server has not: the prompt stays, text as typed, and says so', async () => {
    ui = await startUi();
    const before = ui.store.getState().cursor;
    await ui.press('#');
    await ui.waitFor('Card id');
    await ui.paste('999999');
    await ui.press('enter');
    const frame = await ui.waitFor('No card 999999 on this server');
    expect(frame).toContain('Card id');
    expect(frame).toContain('999999');
    expect(ui.store.getState().cursor).toEqual(before);
    await ui.press('backspace', '8', 'enter');
    await ui.waitFor('No card 999998 on this server');
  });

  it('a card the filter hides: the filter is cleared, and the status bar says so', async () => {
    ui = await startUi();
    const { card } = await cardOn('Support Inbox', 2);
    ui.store.getState().setFilter({ text: 'no card is called this', tagId: null });
    await ui.press('#');
    await ui.waitFor('Card id');
    await ui.paste(card.ServiceTaskId);
    await ui.press('enter');
    const frame = await ui.waitFor('the filter hid it and was cleared');
    expect(statusLine(frame)).toContain(`Card ${card.ServiceTaskId}`);
    expect(ui.store.getState().filter).toBeNull();
    expect(ui.store.getState().cursor.cardId).toBe(card.ServiceTaskId);
  });
});
