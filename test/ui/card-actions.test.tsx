/**
 * n, e, c, N, s and a from the keyboard, over the real store, client and
 * local service: each happy path checked on the server, each failure a real
 * refusal whose words reach the status bar, with the typed text kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isPendingId, isServerId } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const firstColumn = () => {
  const s = ui.store.getState();
  return s.columns[0]!;
};
const topTitle = () => ui.store.getState().view.columns[firstColumn().label]?.[0]?.title;

describe('n — new card', () => {
  it('shows the card at the top at once, then the real one; the server has it with its note', async () => {
    ui = await startUi();
    await ui.press('n');
    await ui.waitFor('New card in New — title');
    await ui.paste('Call back Müller 📞');
    await ui.press('enter');
    await ui.waitFor('note (optional)');
    await ui.paste('Prefers mornings');
    await ui.press('enter');
    // At once: on top, still pending (a temporary id).
    expect(topTitle()).toBe('Call back Müller 📞');
    const topId = () => ui.store.getState().view.columns[firstColumn().label]?.[0]?.id;
    expect(topId()).toSatisfy((id?: string) => id !== undefined && isPendingId(id));
    await ui.until(() => {
      const id = topId();
      return id !== undefined && isServerId(id);
    }, 'real id');
    await ui.waitFor('✓ Card created');
    const id = ui.store.getState().view.columns[firstColumn().label]![0]!.id;
    const onServer = await ui.other.getCard(id);
    expect(onServer.TaskName).toBe('Call back Müller 📞');
    expect(onServer.Notes?.map((n) => n.Body)).toEqual(['Prefers mornings']);
    expect(ui.frame()).toContain('Call back Müller');
  });

  it('a refused title rolls back, shows the server’s words, and reopens with the text intact', async () => {
    ui = await startUi();
    const before = topTitle();
    await ui.press('n');
    await ui.paste('y'.repeat(501));
    await ui.press('enter', 'enter');
    await ui.waitFor('✗ CardTitle: must be at most 500 characters');
    expect(topTitle()).toBe(before);
    expect(statusLine(ui.frame())).toContain('CardTitle: must be at most 500 characters');
    await ui.waitFor('New card in New — title');
    // The text is still there: two Backspaces make it valid.
    await ui.press('backspace', 'backspace', 'enter', 'enter');
    await ui.until(
      () => topTitle() === 'y'.repeat(499) && ui.store.getState().pendingCount === 0,
      'created after the retry',
    );
    const col = firstColumn();
    expect(readableCards(await ui.other.listCards(ui.boardId, col.id, 1))[0]?.TaskName).toBe('y'.repeat(499));
  });
});

describe('e — edit title', () => {
  it('saves a new title; the server keeps column and assignees', async () => {
    ui = await startUi();
    const card = focus(ui, 'Urgent: production sync stuck since 03:00 UTC');
    await ui.press('e');
    await ui.waitFor('Edit title');
    await ui.press('C-a');
    await ui.paste('[P1] ');
    await ui.press('enter');
    expect(ui.store.getState().view.cards.get(card.id)?.title).toBe(
      '[P1] Urgent: production sync stuck since 03:00 UTC',
    );
    await ui.waitFor('✓ Title saved');
    const d = await ui.other.getCard(card.id);
    expect(d.TaskName).toBe('[P1] Urgent: production sync stuck since 03:00 UTC');
    expect(d.ColumnId).toBe(card.columnLabel);
    expect(d.Assignees).toEqual(card.assignees);
  });

  it('a refused edit puts the old title back and reopens the prompt with what was typed', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    await ui.press('e', 'end');
    await ui.paste('!'.repeat(480));
    await ui.press('enter');
    await ui.waitFor('✗ CardTitle: must be at most 500 characters');
    expect(ui.store.getState().view.cards.get(card.id)?.title).toBe('Where do I change my billing address?');
    await ui.waitFor('Edit title');
    await ui.press('C-a');
    await ui.until(() => ui.frame().includes('Where do I change'), 'the typed text is back');
    await ui.press('esc');
    expect((await ui.other.getCard(card.id)).TaskName).toBe('Where do I change my billing address?');
  });
});

describe('c, N, s — comment, note, sub-task', () => {
  it('adds each from the detail and shows it there once the server has it', async () => {
    ui = await startUi();
    const card = focus(ui, 'Accessibility: screen reader skips the card titles');
    await ui.press('enter');
    await ui.waitFor('Comments (0)');
    await ui.press('c');
    await ui.paste('Checked with VoiceOver');
    await ui.press('C-j');
    await ui.paste('and NVDA');
    await ui.press('enter');
    await ui.waitFor('Comments (1)');
    expect(ui.frame()).toContain('and NVDA');
    await ui.press('N');
    await ui.paste('Affects v4.2 only');
    await ui.press('enter');
    await ui.waitFor('Notes (1)');
    await ui.press('s');
    await ui.paste('Add aria-labels to card rows');
    await ui.press('enter');
    await ui.until(() => ui.store.getState().detail?.data?.SubTasks?.length === 1, 'the sub-task in the detail');
    await ui.press('j', 'j', 'j', 'j');
    await ui.waitFor('☐ Add aria-labels to card rows');
    const d = await ui.other.getCard(card.id);
    expect(d.Comments?.map((c) => c.Comment)).toEqual(['Checked with VoiceOver\nand NVDA']);
    expect(d.Notes?.map((n) => n.Body)).toEqual(['Affects v4.2 only']);
    expect(d.SubTasks?.map((s) => s.Body)).toEqual(['Add aria-labels to card rows']);
  });

  it('a comment on a card someone archived meanwhile keeps its text and says why', async () => {
    ui = await startUi();
    const card = focus(ui, 'Your app saved our Monday 🙌 thank you!');
    await ui.other.archiveCard(card.id);
    await ui.press('c');
    await ui.paste('Thanks, passing it on!');
    await ui.press('enter');
    await ui.waitFor(`✗ Card ${card.id} is archived`);
    expect(ui.frame()).toContain('Thanks, passing it on!');
    expect(statusLine(ui.frame())).toContain(`Card ${card.id} is archived`);
  });

  it('a refused note or sub-task stays in its prompt with the server’s words', async () => {
    ui = await startUi();
    const card = focus(ui, 'Your app saved our Monday 🙌 thank you!');
    await ui.other.archiveCard(card.id);
    await ui.press('N');
    await ui.paste('note text');
    await ui.press('enter');
    await ui.waitFor(`✗ Card ${card.id} is archived`);
    expect(ui.frame()).toContain('note text');
    await ui.press('esc', 's');
    await ui.paste('sub-task text');
    await ui.press('enter');
    await ui.waitFor((f) => f.includes('sub-task text') && f.includes(`✗ Card ${card.id} is archived`));
  });
});

describe('a — archive', () => {
  it('asks y/n; n keeps the card, y takes it off at once and the server has it archived', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    await ui.press('a');
    await ui.waitFor('Archive “Where do I change my billing address?”? [y/n]');
    await ui.press('n');
    expect(ui.store.getState().view.cards.get(card.id)).toBeDefined();
    await ui.press('a', 'y');
    expect(ui.store.getState().view.cards.get(card.id)).toBeUndefined();
    await ui.waitFor('✓ Archived');
    expect((await ui.other.getCard(card.id)).Archived).toBe(true);
  });

  it('a card deleted elsewhere comes back on screen with the server’s words', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    ui.sql('DELETE FROM cards WHERE id = ?', card.id);
    // Gone at once (optimistic); the 404 may land before press() returns.
    let hidden = false;
    const unsubscribe = ui.store.subscribe((s) => {
      if (s.view.cards.get(card.id) === undefined) hidden = true;
    });
    await ui.press('a', 'y');
    await ui.waitFor(/✗ .*not found/);
    unsubscribe();
    expect(hidden).toBe(true);
    expect(ui.store.getState().view.cards.get(card.id)?.title).toBe('Where do I change my billing address?');
  });
});

describe('prompts hold the keys', () => {
  it('board keys typed into a prompt are text, not actions', async () => {
    ui = await startUi();
    const cursor = ui.store.getState().cursor;
    await ui.press('c');
    await ui.press('j', 'j', 'l', 'q', 'b', '?');
    expect(ui.store.getState().cursor).toEqual(cursor);
    expect(ui.frame()).toContain('jjlqb?');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('jjlqb?'));
  });
});

describe('prompt titles', () => {
  it('quote a long subject whole where the terminal has room for it', async () => {
    ui = await startUi();
    focus(ui, 'Re: Re: Calendar invites show the wrong time zone (São Paulo)');
    await ui.press('c');
    await ui.waitFor('Comment on “Re: Re: Calendar invites show the wrong time zone (São Paulo)”');
    await ui.press('esc');
  });
});
