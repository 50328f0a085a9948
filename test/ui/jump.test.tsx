/**
 * `#` on the board: a card by its id. On another board, that board opens
 * with the cursor on the card; an id the server has not keeps the prompt
 * open with the text as typed and says so; a card the filter hides is shown
 * with the filter cleared, and the status bar says that too. Text that is
 * no id of the server is looked for in the board's titles: one card is gone
 * to, several are listed to pick from; the status bar says which it did.
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
    expect(statusLine(frame)).toContain('on Sales Pipeline — by id');
    expect(ui.store.getState().boardId).toBe(board.Id);
    expect(ui.store.getState().cursor.cardId).toBe(card.ServiceTaskId);
  });

  it('says what Enter does there, and that it is looking the card up while the server answers, not "saving…"', async () => {
    ui = await startUi();
    const { card } = await cardOn('Sales Pipeline', 1);
    const lookup = ui.hold(/^GET \/v2\/card\//);
    await ui.press('#');
    const open = await ui.waitFor('Card id');
    // The prompt's key line and the footer's hints: Enter jumps here, it saves nothing.
    expect(open).toContain('· Enter jump ·');
    expect(statusLine(open).trim()).toBe('Enter jump  Esc cancel');
    expect(open).not.toContain('Enter save');
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

describe('# finds a card by its title', () => {
  it('an invoice number from a title: the cursor goes to that card, and the status bar says it went by title', async () => {
    ui = await startUi();
    const card = [...ui.store.getState().view.cards.values()].find((c) => c.title.includes('#10482'))!;
    await ui.press('#');
    await ui.waitFor('Card id or title');
    await ui.paste('10482');
    await ui.press('enter');
    const frame = await ui.waitFor('by title “10482”');
    expect(statusLine(frame)).toContain(`Card ${card.id} “Re: Invoice #10482`);
    expect(ui.store.getState().cursor.cardId).toBe(card.id);
  });

  it('several titles: a list to pick from, in board order; the one picked gets the cursor, "2 of n"', async () => {
    ui = await startUi();
    const s = ui.store.getState();
    const titled = s.columns
      .flatMap((c) => s.view.columns[c.label] ?? [])
      .filter((c) => c.title.toLowerCase().includes('invoice'));
    expect(titled.length).toBeGreaterThan(1);
    await ui.press('#');
    await ui.waitFor('Card id or title');
    await ui.paste('invoice');
    await ui.press('enter');
    const list = await ui.waitFor('in their title — which one?');
    expect(list).toContain(`${titled.length} cards have “invoice”`);
    for (const c of titled.slice(0, 2)) expect(list).toContain(c.title.slice(0, 30));
    await ui.press('down', 'enter');
    const frame = await ui.waitFor(`by title, 2 of ${titled.length}`);
    expect(statusLine(frame)).toContain(`Card ${titled[1]!.id}`);
    expect(ui.store.getState().cursor.cardId).toBe(titled[1]!.id);
  });

  it('neither an id nor in a title: the prompt stays with the text, and says both', async () => {
    ui = await startUi();
    await ui.press('#');
    await ui.waitFor('Card id or title');
    await ui.paste('zebra');
    await ui.press('enter');
    const frame = await ui.waitFor('no title has “zebra”');
    expect(frame).toContain('No card zebra on this server');
    expect(frame).toContain('Card id or title');
  });
});
