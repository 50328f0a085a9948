/**
 * u/U, D, R and the detail's Tab/Space over the real local service: each
 * shows at once, reaches the server, and says what it did.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const focused = (u: Ui) => {
  const s = u.store.getState();
  return s.view.cards.get(s.cursor.cardId!)!;
};

describe('u and U', () => {
  it('undo a move at once and say what was undone; U does it again', async () => {
    ui = await startUi();
    const card = focused(ui);
    await ui.press('L');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the move settled');
    const moved = ui.store.getState().view.cards.get(card.id)!.columnLabel;
    expect(moved).not.toBe(card.columnLabel);
    await ui.press('u');
    expect(ui.store.getState().view.cards.get(card.id)!.columnLabel).toBe(card.columnLabel);
    await ui.waitFor('Undone: move of');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the undo settled');
    await ui.press('U');
    await ui.waitFor('Redone: move of');
    expect(ui.store.getState().view.cards.get(card.id)!.columnLabel).toBe(moved);
  });

  it('with nothing done yet, u says so', async () => {
    ui = await startUi();
    await ui.press('u');
    expect(statusLine(await ui.waitFor('Nothing to undo'))).toContain('Nothing to undo');
  });

  it('asks before undoing a change to a card a teammate changed since', async () => {
    ui = await startUi();
    const card = focused(ui);
    await ui.press('e', 'C-u');
    await ui.paste('Mine');
    await ui.press('enter');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the title saved');
    const s = ui.store.getState();
    const col = s.columns.find((c) => c.label === card.columnLabel)!;
    await ui.other.updateCard(card.id, { BoardId: ui.boardId, ColumnId: col.id, CardTitle: 'Theirs' });
    await ui.press('r');
    await ui.until(() => focused(ui!).title === 'Theirs', 'the refresh saw the teammate');
    await ui.press('u');
    const asked = await ui.waitFor('anyway? [y/n]');
    expect(asked).toContain('Undo the title change of “');
    expect(asked).toContain('The card changed since: its title is now “Theirs”.');
    await ui.press('n');
    expect((await ui.other.getCard(card.id)).TaskName).toBe('Theirs');
    await ui.press('u');
    await ui.waitFor('anyway? [y/n]');
    await ui.press('y');
    await ui.waitFor('Undone: title change of');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the undo settled');
    expect((await ui.other.getCard(card.id)).TaskName).toBe(card.title);
  });
});

describe('D', () => {
  it('shows what it understood as you type, keeps text it can’t read, saves the date', async () => {
    ui = await startUi();
    const card = focused(ui);
    await ui.press('D');
    await ui.waitFor('Due date of');
    // The prompt starts with the card's date, editable: clear it first.
    await ui.press('C-u');
    await ui.paste('tomorrow 17:00');
    const t = new Date();
    t.setDate(t.getDate() + 1);
    const day = String(t.getDate());
    const preview = await ui.waitFor('→ ');
    expect(preview).toMatch(new RegExp(`→ \\w+ ${day} \\w+ \\d{4} 17:00`));
    await ui.press('C-u');
    await ui.paste('someday');
    await ui.press('enter');
    const refused = await ui.waitFor("Can't read");
    expect(refused).toContain('someday');
    await ui.press('C-u');
    await ui.paste('+3d');
    await ui.press('enter');
    await ui.waitFor((f) => !f.includes('Due date of'));
    expect(focused(ui).dueDate).not.toBeNull();
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the date saved');
    const server = await ui.other.getCard(card.id);
    const days = (Date.parse(server.DueDate!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    // u takes it off again.
    await ui.press('u');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the undo settled');
    expect((await ui.other.getCard(card.id)).DueDate ?? null).toBe(card.dueDate);
  });
});

describe('R and opening a card', () => {
  it('R flips the ● on the row at once and on the server', async () => {
    ui = await startUi();
    const card = focused(ui);
    await ui.press('R');
    expect(focused(ui).unread).toBe(!card.unread);
    await ui.waitFor(card.unread ? 'Marked read' : 'Marked unread');
    expect((await ui.other.getCard(card.id)).ReadUnreadStatus).toBe(card.unread ? 1 : 0);
  });

  it('Enter on an unread card marks it read, reading the card once', async () => {
    let reads = 0;
    ui = await startUi({
      wrapClient: (c) => {
        const getCard = c.getCard.bind(c);
        c.getCard = (...args) => {
          reads++;
          return getCard(...args);
        };
        return c;
      },
    });
    const card = focused(ui);
    if (!card.unread) {
      await ui.press('R');
      await ui.until(() => ui!.store.getState().pendingCount === 0, 'marked unread');
    }
    const before = reads;
    await ui.press('enter');
    await ui.waitFor('Thread owner');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'marked read');
    // The detail's own read (or the read ahead it waited for), and none after the mark: the request said it all.
    expect(reads - before).toBeLessThanOrEqual(1);
    expect(ui.frame()).toMatch(/Status\s+read/);
    expect((await ui.other.getCard(card.id)).ReadUnreadStatus).toBe(1);
    expect(ui.store.getState().view.cards.get(card.id)!.unread).toBe(false);
    // Not the user's change: u has nothing of it to undo (the R before, if any, is what it undoes).
    expect(ui.store.getState().history.undo ?? '').not.toMatch(/^read mark/);
  });
});

describe('Tab and Space in the detail', () => {
  it('Tab walks notes, comments and sub-tasks; Space ticks the selected sub-task at once', async () => {
    ui = await startUi();
    const card = focused(ui);
    await ui.other.addSubTask(card.id, 'Send the credit note');
    await ui.press('enter');
    // The demo's first card carries its email thread, drawn before the sub-tasks: scroll to them.
    await ui.waitFor('Thread (');
    await ui.press(...Array<string>(40).fill('j'));
    await ui.waitFor('Sub-tasks (1)');
    // Shift+Tab selects the last item, the sub-task, and keeps it in view.
    await ui.press('S-tab');
    await ui.waitFor('☐ Send the credit note');
    await ui.press(' ');
    await ui.waitFor('☑ Send the credit note');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'the tick saved');
    const server = await ui.other.getCard(card.id);
    expect(server.SubTasks?.find((t) => t.Body === 'Send the credit note')?.Done).toBe(true);
    await ui.press(' ');
    await ui.waitFor('☐ Send the credit note');
  });

  it('Space with no sub-task selected says how to select one', async () => {
    ui = await startUi();
    await ui.press('enter');
    await ui.waitFor('Thread owner');
    await ui.press(' ');
    await ui.waitFor('Select a sub-task with Tab first');
  });
});

describe('D typed fast', () => {
  it('Ctrl+U, a date it can’t read and Enter in one read: the prompt stays with the text and says why', async () => {
    ui = await startUi();
    await ui.press('D');
    await ui.waitFor('Due date of');
    ui.pasteRaw('\x15someday\r');
    const f = await ui.waitFor("Can't read 'someday'");
    await new Promise((r) => setTimeout(r, 200));
    // Still there once the text typed in that read has reached the prompt.
    expect(ui.frame()).toContain("Can't read 'someday'");
    expect(f).toContain('│ someday');
  });
});
