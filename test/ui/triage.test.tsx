/**
 * Triage (`i`): a column one card at a time over the real store, client and
 * local service. Each decision key, the progress counts read off the board,
 * the end of the column, a refused move coming back, and Esc putting the
 * board's cursor on the card triage was showing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { readableCards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

/** The New column's cards, top first, as the board shows them. */
const newColumn = (u: Ui): { id: CardId; title: string }[] => {
  const s = u.store.getState();
  const col = s.columns.find((c) => c.displayName === 'New');
  if (col === undefined) throw new Error('no column New');
  return (s.view.columns[col.label] ?? []).map((c) => ({ id: c.id, title: c.title }));
};

/** The progress line: the frame's first line. */
const progress = (frame: string): string => frame.split('\n')[0] ?? '';

/** What the server holds in a column of the open board, by column name. */
async function serverColumn(u: Ui, name: string): Promise<CardId[]> {
  const columns = await u.other.listColumns(u.boardId);
  const col = columns.find((c) => c.Name === name);
  if (col === undefined) throw new Error(`no column ${name}`);
  return readableCards(await u.other.listCards(u.boardId, col.Id, 1, 200)).map((c) => c.ServiceTaskId);
}

/** Opens triage on New at its first card and waits for the card to be drawn whole. */
async function triageNew(u: Ui): Promise<{ id: CardId; title: string }[]> {
  const cards = newColumn(u);
  focus(u, cards[0]!.title);
  await u.press('i');
  await u.waitFor(`1 of ${cards.length}`);
  await u.waitFor('Thread owner');
  return cards;
}

describe('triage (i)', () => {
  it('opens on the focused card with the whole card on screen; Space and j go on, k back, progress says where', async () => {
    ui = await startUi();
    const cards = newColumn(ui);
    focus(ui, cards[2]!.title);
    await ui.press('i');
    let frame = await ui.waitFor(`3 of ${cards.length}`);
    expect(progress(frame)).toContain('Triage · New · 3 of 11');
    // The whole card: its fields and sections, and the keys that decide.
    // The card's email thread comes before its notes: the note is below the fold.
    frame = await ui.waitFor('Thread (2 messages)');
    for (const part of ['Demande de remboursement', 'Thread owner', 'Status', 'Due', 'Assignees'])
      expect(frame).toContain(part);
    expect(frame).toContain('Move to: 1 New · 2 In progress · 3 Waiting on customer · 4 Done');
    // What is below the fold scrolls into view.
    expect(frame).toContain('more lines — ↓/↑ scroll');
    await ui.press(...Array<string>(30).fill('down'));
    frame = await ui.waitFor('Sub-tasks (0)');
    expect(frame).toContain('Customer writes in French');
    expect(frame).toContain('Notes (1)');
    expect(frame).not.toContain('Demande de remboursement');
    await ui.press(...Array<string>(30).fill('up'));
    await ui.waitFor('Demande de remboursement');
    await ui.press(' ');
    frame = await ui.waitFor(`4 of ${cards.length}`);
    expect(frame).toContain(cards[3]!.title);
    await ui.press('j');
    await ui.waitFor(`5 of ${cards.length}`);
    await ui.press('k', 'k', 'k');
    frame = await ui.waitFor(`2 of ${cards.length}`);
    expect(frame).toContain(cards[1]!.title);
    await ui.press('k', 'k');
    expect(statusLine(ui.frame())).toContain('This is the first card of the column');
  });

  it('a digit moves the card to the top of that column and goes on; a archives without asking; the counts say so', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    await ui.press('2');
    let frame = await ui.waitFor(`2 of ${cards.length} · 1 moved`);
    expect(frame).toContain(cards[1]!.title);
    await ui.press('a');
    frame = await ui.waitFor(`3 of ${cards.length} · 1 moved · 1 archived`);
    expect(frame).not.toContain('[y/n]');
    await ui.press('4');
    await ui.waitFor(`4 of ${cards.length} · 2 moved · 1 archived`);
    // Its own column: nothing to move, and it says so.
    await ui.press('1');
    expect(statusLine(await ui.waitFor('Already in New'))).toContain('Space leaves it there');
    await ui.press('7');
    await ui.waitFor('This board has 4 columns: no column 7');
    await ui.until(() => ui.store.getState().pendingCount === 0, 'the changes sent');
    expect((await serverColumn(ui, 'In progress'))[0]).toBe(cards[0]!.id);
    expect((await serverColumn(ui, 'Done'))[0]).toBe(cards[2]!.id);
    const left = await serverColumn(ui, 'New');
    expect(left).not.toContain(cards[1]!.id);
    expect(left).toContain(cards[3]!.id);
    expect((await ui.other.getCard(cards[1]!.id)).Archived).toBe(true);
  });

  it('t, @, c, N and s act on the card and stay on it; the counts name each', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    const id = cards[0]!.id;
    // Tags: the first tag the card lacks.
    await ui.press('t');
    await ui.waitFor('Tags — Enter');
    const tags = ui.store.getState().tags;
    const had = ui.store.getState().view.cards.get(id)!.tagIds;
    const row = tags.findIndex((t) => !had.includes(t.Id));
    await ui.press(String(row + 1));
    await ui.waitFor(`1 of ${cards.length} · 1 tagged`);

    await ui.press('@');
    await ui.waitFor('Type an email');
    await ui.press('enter');
    await ui.waitFor(`1 tagged · 1 assigned`);

    await ui.press('c');
    await ui.waitFor('Comment on');
    await ui.paste('Refunded the second charge');
    await ui.press('enter');
    await ui.waitFor('1 assigned · 1 commented');

    await ui.press('N');
    await ui.waitFor('Note on');
    await ui.paste('Customer since 2019');
    await ui.press('enter');
    await ui.waitFor('1 commented · 1 noted');

    await ui.press('s');
    await ui.waitFor('Sub-task on');
    await ui.paste('Check the refund landed');
    await ui.press('enter');
    const frame = await ui.waitFor('1 noted · 1 with sub-tasks');
    // Still the same card, everything on it: on the server, and on screen below the fold.
    expect(progress(frame)).toContain(`1 of ${cards.length}`);
    const d = await ui.other.getCard(id);
    expect(d.Comments?.map((c) => c.Comment)).toContain('Refunded the second charge');
    expect(d.Notes?.map((n) => n.Body)).toContain('Customer since 2019');
    expect(d.SubTasks?.map((t) => t.Body)).toContain('Check the refund landed');
    expect(d.Tags?.map((t) => t.Id)).toContain(tags[row]!.Id);
    expect(d.Assignees?.length).toBe(1);
    await ui.press(...Array<string>(60).fill('down'));
    await ui.waitFor('☐ Check the refund landed');
  });

  it('u undoes the last move: the card is back in the column and no longer counted', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    await ui.press('3');
    await ui.waitFor('1 moved');
    await ui.until(() => ui.store.getState().pendingCount === 0, 'the move sent');
    await ui.press('u');
    await ui.waitFor((f) => progress(f).endsWith(`2 of ${cards.length}`));
    await ui.until(() => ui.store.getState().pendingCount === 0, 'the undo sent');
    expect(await serverColumn(ui, 'New')).toContain(cards[0]!.id);
    // Back in the column: k reaches it again.
    await ui.press('k');
    await ui.waitFor(`1 of ${cards.length}`);
  });

  it('D sets the due date, R marks unread, both on the card on screen; u brings an archived card back', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    const id = cards[0]!.id;
    await ui.press('D');
    await ui.waitFor('Due date of');
    await ui.press('C-u');
    await ui.paste('+3d');
    await ui.press('enter');
    await ui.waitFor(`1 of ${cards.length} · 1 dated`);
    // Opening it in triage marked it read, as opening a card does; R marks it unread again.
    await ui.waitFor('Status       read');
    await ui.press('R');
    await ui.waitFor('Status       ● unread');
    await ui.until(() => ui.store.getState().pendingCount === 0, 'the changes sent');
    const d = await ui.other.getCard(id);
    expect(d.DueDate).toBeTruthy();
    expect(d.ReadUnreadStatus).toBe(0);

    await ui.press('a');
    await ui.waitFor(`2 of ${cards.length} · 1 archived · 1 dated`);
    await ui.until(() => ui.store.getState().pendingCount === 0, 'the archive sent');
    await ui.press('u');
    await ui.waitFor((f) => progress(f).endsWith(`2 of ${cards.length} · 1 dated`));
    await ui.until(() => ui.store.getState().pendingCount === 0, 'the restore sent');
    expect(await serverColumn(ui, 'New')).toContain(id);
  });

  it('past the last card: "Column done" with the counts; Esc and q go back to the board', async () => {
    ui = await startUi();
    const cards = newColumn(ui);
    focus(ui, cards.at(-2)!.title);
    await ui.press('i');
    await ui.waitFor(`10 of ${cards.length}`);
    await ui.press('2');
    await ui.waitFor(`11 of ${cards.length} · 1 moved`);
    await ui.press('a');
    const frame = await ui.waitFor('Column done');
    expect(frame).toContain(`Column done: ${cards.length} cards · 1 moved · 1 archived`);
    // Nothing left to decide on, and it says so.
    await ui.press('2');
    expect(statusLine(await ui.waitFor('Column done — Esc goes back'))).toContain('Column done');
    await ui.press('q');
    await ui.waitFor('In progress (');
    expect(ui.frame()).not.toContain('Column done');
    // The cursor where triage ended: the last card still in New.
    const s = ui.store.getState();
    expect(s.cursor.cardId).toBe(cards.at(-3)!.id);

    await ui.press('i');
    await ui.waitFor('Triage · New');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('Triage · New'));
  });

  it('Esc goes back to the board with the cursor on the card triage was showing', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    await ui.press(' ', ' ', ' ');
    await ui.waitFor(`4 of ${cards.length}`);
    await ui.press('esc');
    await ui.waitFor('In progress (');
    expect(ui.store.getState().cursor.cardId).toBe(cards[3]!.id);
    expect(ui.store.getState().detail).toBeNull();
  });

  it('cards that leave the column are stepped over; the snapshot keeps the count', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    // A teammate moves the 2nd card away; a refresh shows it.
    const columns = await ui.other.listColumns(ui.boardId);
    await ui.other.moveCard({ Id: cards[1]!.id, NewColumnId: columns[3]!.Id, NewPosition: 0 });
    await ui.store.getState().refresh();
    await ui.press(' ');
    const frame = await ui.waitFor(`3 of ${cards.length}`);
    expect(frame).toContain(cards[2]!.title);
  });

  it('a move the server refuses comes back into the column, and the screen and status bar say so', async () => {
    ui = await startUi();
    const cards = await triageNew(ui);
    // The card is gone on the server: the move is refused.
    ui.sql('DELETE FROM cards WHERE id = ?', Number(cards[0]!.id));
    await ui.press('2');
    const frame = await ui.waitFor('is back in New: the server refused');
    expect(frame).toContain('k goes back to it');
    expect(statusLine(frame)).toMatch(/✗/);
    expect(progress(frame)).not.toContain('moved');
    await ui.press('k');
    await ui.waitFor(`1 of ${cards.length}`);
  });

  it('with a filter, walks the column’s matches only, and says so', async () => {
    ui = await startUi();
    const cards = newColumn(ui);
    const billing = ui.store.getState().tags.find((t) => t.Name === 'Billing')!;
    ui.store.getState().setFilter({ text: '', tagId: billing.Id });
    const matches = cards.filter((c) => ui.store.getState().view.cards.get(c.id)!.tagIds.includes(billing.Id));
    expect(matches.length).toBeLessThan(cards.length);
    await ui.waitFor('filter: tag Billing');
    focus(ui, matches[0]!.title);
    await ui.press('i');
    const frame = await ui.waitFor(`1 of ${matches.length}`);
    expect(progress(frame)).toContain('Triage · New (filter: tag Billing) · 1 of');
    await ui.press(' ');
    expect(await ui.waitFor(`2 of ${matches.length}`)).toContain(matches[1]!.title);
  });

  it('a key typed before the card was on screen decides nothing', async () => {
    ui = await startUi({ reactionMs: 400 });
    const cards = newColumn(ui);
    focus(ui, cards[0]!.title);
    await ui.press('i', '2');
    expect(statusLine(await ui.waitFor('not on screen yet'))).toContain('nothing changed');
    expect(progress(ui.frame())).not.toContain('moved');
    await new Promise((r) => setTimeout(r, 450));
    await ui.press('2');
    await ui.waitFor('1 moved');
  });

  it('reads the next card ahead, so Space draws it whole at once', async () => {
    ui = await startUi();
    const cards = newColumn(ui);
    const next = cards[3]!;
    await ui.other.addNote(next.id, 'Read ahead by triage');
    focus(ui, cards[2]!.title);
    const ahead = ui.hold(new RegExp(`^GET /v2/card/${next.id}$`));
    await ui.press('i');
    await ui.until(() => ahead.waiting === 1, 'the next card read ahead');
    ahead.release();
    await ui.until(() => ui.store.getState().peekDetail(next.id).cached, 'the next card cached');
    const again = ui.hold(new RegExp(`^GET /v2/card/${next.id}$`));
    await ui.press(' ');
    // Below its email thread (read ahead too).
    await ui.press(...Array<string>(40).fill('down'));
    // The server has not answered this card's own read yet: the note comes from the read ahead.
    const frame = await ui.waitFor('Read ahead by triage');
    expect(frame).not.toContain('loading…');
    await ui.until(() => again.waiting >= 1, 'the card asked for again');
    again.release();
  });

  it('walks the cards later pages bring', async () => {
    ui = await startUi();
    // More cards than one page (50): triage asks for the next page as it nears the end.
    const cards = newColumn(ui);
    const columns = await ui.other.listColumns(ui.boardId);
    const col = columns.find((c) => c.Name === 'New')!;
    for (let i = 0; i < 45; i++)
      await ui.other.createCard({ BoardId: ui.boardId, ColumnId: col.Id, CardTitle: `Bulk ${i}` });
    await ui.store.getState().refresh();
    await ui.until(() => newColumn(ui).length === 50, 'the first page');
    expect(cards.length + 45).toBeGreaterThan(50);
    focus(ui, newColumn(ui)[0]!.title);
    await ui.press('i');
    await ui.waitFor('1 of 50');
    for (let i = 0; i < 50; i++) await ui.press(' ');
    await ui.waitFor(`51 of ${cards.length + 45}`);
  });
});
