/** Screens and board keys (issue: the board), over the real store, client and service. */
import { afterEach, describe, expect, it } from 'vitest';
import { readableCards } from '../support/board-view.js';
import { focus, startUi, tick, type Ui } from './helpers.js';

let h: Ui;
afterEach(async () => {
  await h?.close();
});

/** The focused row: the one with the › marker. */
const focusedLine = (frame: string) => frame.split('\n').find((l) => l.includes('›')) ?? '';
const cursor = () => h.store.getState().cursor;
const focusedTitle = () => {
  const s = h.store.getState();
  return s.cursor.cardId === null ? '' : (s.view.cards.get(s.cursor.cardId)?.title ?? '');
};

describe('board picker', () => {
  it('lists the boards and opens one with Enter', async () => {
    h = await startUi({ board: null });
    await h.waitFor('Support Inbox');
    expect(h.frame()).toContain('Sales Pipeline');
    await h.press('enter');
    await h.waitFor((f) => f.includes('New (') && f.includes('In progress ('));
  });
  it('b returns to the picker and Esc goes back to the board', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor('In progress (');
    await h.press('b');
    await h.waitFor('Boards');
    await h.press('esc');
    await h.waitFor('In progress (');
  });
});

describe('board keys', () => {
  it('walks cards and columns with hjkl, arrows, g and G', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor('In progress (');
    await h.waitFor(() => cursor().cardId !== null);
    expect(cursor()).toMatchObject({ col: 0, index: 0 });
    await h.press('j', 'down');
    expect(cursor().index).toBe(2);
    await h.press('k');
    expect(cursor().index).toBe(1);
    await h.press('l');
    expect(cursor().col).toBe(1);
    await h.press('right', 'left', 'h');
    expect(cursor().col).toBe(0);
    await h.press('G');
    const last = h.store.getState().view.columns[h.store.getState().columns[0]!.label]!.length - 1;
    expect(cursor().index).toBe(last);
    await h.press('g');
    expect(cursor().index).toBe(0);
    // The focused row on screen is the store's focused card.
    await h.waitFor((f) => focusedLine(f).includes(focusedTitle().slice(0, 10)));
  });

  it('L and Shift+→ move the card to the next column, focus follows, the server has it', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor(() => cursor().cardId !== null);
    const s0 = h.store.getState();
    const id = s0.cursor.cardId!;
    const [c0, c1, c2] = s0.columns;
    await h.press('L');
    expect(h.store.getState().view.cards.get(id)?.columnLabel).toBe(c1!.label);
    expect(cursor()).toMatchObject({ col: 1, cardId: id, index: 0 });
    await h.press('S-right');
    expect(cursor()).toMatchObject({ col: 2, cardId: id });
    await h.waitFor(() => h.store.getState().pendingCount === 0);
    const cards = readableCards(await h.other.listCards(s0.boardId!, c2!.id, 1));
    expect(cards[0]?.ServiceTaskId).toBe(id);
    await h.press('H', 'S-left');
    expect(cursor()).toMatchObject({ col: 0, cardId: id });
    await h.waitFor(() => h.store.getState().pendingCount === 0);
    expect(readableCards(await h.other.listCards(s0.boardId!, c0!.id, 1))[0]?.ServiceTaskId).toBe(id);
  });

  it('J/K and Shift+↓/↑ reorder within the column', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor(() => cursor().cardId !== null);
    const id = cursor().cardId!;
    await h.press('J');
    expect(cursor()).toMatchObject({ index: 1, cardId: id });
    await h.press('S-down');
    expect(cursor()).toMatchObject({ index: 2, cardId: id });
    await h.press('K', 'S-up');
    expect(cursor()).toMatchObject({ index: 0, cardId: id });
    await h.waitFor(() => h.store.getState().pendingCount === 0);
    const s = h.store.getState();
    expect(readableCards(await h.other.listCards(s.boardId!, s.columns[0]!.id, 1))[0]?.ServiceTaskId).toBe(id);
  });

  it('Enter opens the card detail with its fields; Esc returns', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor(() => cursor().cardId !== null);
    // A card with no email thread: its sections all fit on one screen.
    const id = focus(h, 'Onboarding call follow-up: template library').id;
    await h.other.addNote(id, 'Customer prefers email over phone');
    await h.press('enter');
    const f = await h.waitFor('Customer prefers email over phone');
    for (const label of ['Column', 'Thread owner', 'Created', 'Assignees', 'Tags', 'Notes', 'Comments', 'Sub-tasks'])
      expect(f).toContain(label);
    await h.press('esc');
    await h.waitFor('In progress (');
  });

  it('r refreshes and keeps the cursor on the same card; ? shows help generated from the keymap', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor(() => cursor().cardId !== null);
    await h.press('j', 'j');
    const id = cursor().cardId;
    // Someone else adds a card at the top of the column.
    const s = h.store.getState();
    await h.other.createCard({
      BoardId: s.boardId!,
      ColumnId: s.columns[0]!.id,
      CardTitle: 'Brand new email from a customer',
    });
    await h.press('r');
    await h.waitFor('Brand new email');
    expect(cursor().cardId).toBe(id);
    await h.press('?');
    const help = await h.waitFor('Keys');
    expect(help).toContain('move card to next column');
    expect(help).toContain('Shift+→');
    await h.press('?');
    await h.waitFor('In progress (');
  });

  it('shows the server’s words in the status bar when a move is refused, and puts the card back', async () => {
    h = await startUi({ board: 'Support Inbox' });
    await h.waitFor(() => cursor().cardId !== null);
    const id = cursor().cardId!;
    // The card is archived behind the UI's back; the move is refused (404).
    await h.other.archiveCard(id);
    await h.press('L');
    const f = await h.waitFor('✗');
    expect(f).toMatch(/archived/i);
    expect(h.store.getState().view.cards.get(id)?.columnLabel).toBe(h.store.getState().columns[0]!.label);
  });

  it('keys that land before a render see the screen the previous key opened', async () => {
    h = await startUi({ board: 'Support Inbox' });
    const stdinWrite = async (...chunks: string[]) => {
      // Both in one tick: React has not rendered the first when the second lands.
      for (const c of chunks) h.pasteRaw(c);
      await tick(60);
    };
    await stdinWrite('?', '?');
    expect(h.frame()).not.toContain('press ? or Esc to close');
    await stdinWrite('\r', '\x1b');
    await h.waitFor('In progress (');
    expect(h.frame()).not.toContain('Thread owner');
  });
});
