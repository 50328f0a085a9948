/**
 * `'`: back to where the cursor was before the latest jump — a search's
 * result on another board, `#` by id or by title — its board opened and its
 * card focused, the latest jump first; listed in `?` as a board key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { helpLines } from '../../src/ui/Help.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
let open: Ui | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const place = (u: Ui) => ({ boardId: u.store.getState().boardId, cardId: u.store.getState().cursor.cardId });

describe("' goes back to where a jump started", () => {
  it('returns from #, then from a search’s result on another board, board and card each time', async () => {
    open = ui = await startUi();
    await ui.waitFor('? help');
    // Nothing to go back from yet: said, and nothing moves.
    await ui.press("'");
    await ui.waitFor('No jump to go back from');
    await ui.press('j');
    await ui.until(() => place(ui).cardId !== null, 'a card in focus');
    const start = place(ui);

    // A search's result on another board.
    await ui.press('F');
    await ui.waitFor('Search every board');
    await ui.press(...'pricing');
    await ui.waitFor((f) => f.includes('2 cards for pricing') && !f.includes('searching…'));
    await ui.press('enter');
    await ui.waitFor('found by search');
    const found = place(ui);
    expect(found.boardId).not.toBe(start.boardId);

    // Then # to a card of the first board, by its id.
    const first = readableBoards(await ui.other.listBoards()).find((b) => b.Id === start.boardId)!;
    const col = (await ui.other.listColumns(first.Id))[1]!;
    const target = readableCards(await ui.other.listCards(first.Id, col.Id, 1)).at(-1)!;
    expect(target.ServiceTaskId).not.toBe(start.cardId);
    await ui.press('#');
    await ui.waitFor('Card id');
    await ui.paste(target.ServiceTaskId);
    await ui.press('enter');
    await ui.waitFor(`Card ${target.ServiceTaskId} “`);
    expect(place(ui)).toEqual({ boardId: start.boardId, cardId: target.ServiceTaskId });

    // Back: the search's result, then where it all began.
    await ui.press("'");
    const back = await ui.waitFor('Back on Sales Pipeline');
    expect(statusLine(back)).toContain('Card ');
    expect(place(ui)).toEqual(found);
    await ui.press("'");
    await ui.waitFor(`Back on ${first.Name}`);
    expect(place(ui)).toEqual(start);
    await ui.press("'");
    await ui.waitFor('No jump to go back from');
    expect(place(ui)).toEqual(start);
  });

  it('returns from # by title on the same board', async () => {
    open = ui = await startUi();
    await ui.waitFor('? help');
    const start = place(ui);
    await ui.press('#');
    await ui.waitFor('Card id');
    await ui.paste('billing address');
    await ui.press('enter');
    await ui.waitFor('by title');
    expect(place(ui).cardId).not.toBe(start.cardId);
    await ui.press("'");
    await ui.waitFor('Back on ');
    expect(place(ui)).toEqual(start);
  });

  it('is listed in ? with the board’s navigation keys', () => {
    const board = helpLines('board').map((l) => l.text.trim());
    expect(board).toContainEqual(expect.stringMatching(/^' +back to where you were before the last jump/));
  });
});
