/** m, t, @, C, /, S, r, auto-refresh and the board picker's n, over the real service. */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

describe('m — move to another column or board', () => {
  it('moves to the bottom of a column on another board; the server has it there', async () => {
    ui = await startUi();
    const card = focus(ui, 'Which plan includes audit logs?');
    await ui.press('m');
    const columns = await ui.waitFor('Move to column');
    expect(columns).toContain('Waiting on customer  (here)');
    await ui.press('j', 'j', 'j', 'j', 'enter'); // past the four columns: Another board…
    const boards = await ui.waitFor('Move to board');
    const list = boards.slice(boards.indexOf('Move to board'), boards.indexOf('Enter pick'));
    expect(list).toContain('Sales Pipeline');
    expect(list).not.toContain('Support Inbox'); // the board it is on
    await ui.press('enter'); // Sales Pipeline
    await ui.waitFor('Move to column on Sales Pipeline');
    await ui.press('j', 'enter'); // Contacted
    await ui.waitFor('Move to Contacted — where?');
    await ui.press('j', 'enter'); // Bottom
    expect(ui.store.getState().view.cards.get(card.id)).toBeUndefined();
    await ui.waitFor('✓ Moved to Sales Pipeline / Contacted');
    const sales = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Sales Pipeline')!;
    const contacted = (await ui.other.listColumns(sales.Id)).find((c) => c.Name === 'Contacted')!;
    const there = readableCards(await ui.other.listCards(sales.Id, contacted.Id, 1));
    expect(there.at(-1)?.TaskName).toBe('Which plan includes audit logs?');
  });

  it('starts at this board’s columns, its own marked: a move on the board is m, a column, top or bottom', async () => {
    ui = await startUi();
    const card = focus(ui, 'Which plan includes audit logs?');
    await ui.press('m');
    const columns = await ui.waitFor('Move to column');
    expect(columns).toContain('Another board…');
    expect(columns).toContain('Waiting on customer  (here)');
    await ui.press('j', 'enter'); // In progress
    await ui.waitFor('Move to In progress — where?');
    await ui.press('enter'); // Top
    await ui.waitFor('✓ Moved to In progress');
    const target = (await ui.other.listColumns(ui.boardId)).find((c) => c.Name === 'In progress')!;
    expect(readableCards(await ui.other.listCards(ui.boardId, target.Id, 1))[0]?.TaskName).toBe(card.title);
  });

  it('a refused move puts the card back and says why', async () => {
    ui = await startUi();
    const card = focus(ui, 'Which plan includes audit logs?');
    await ui.other.archiveCard(card.id);
    await ui.press('m');
    await ui.waitFor('Move to column');
    await ui.press('enter', 'enter'); // New, top
    await ui.waitFor(`✗ Card ${card.id} is archived`);
    expect(ui.store.getState().view.cards.get(card.id)?.columnLabel).toBe(card.columnLabel);
  });
});

describe('t — tags', () => {
  it('lists the board’s tags with colour names, applies one, removes one, creates one', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    await ui.press('t');
    await ui.waitFor('■ ✓ Question (blue)');
    expect(ui.frame()).toContain('■   Urgent (red)');
    await ui.press('enter'); // Urgent: apply
    await ui.waitFor('✓ Tagged Urgent');
    let tags = (await ui.other.getCard(card.id)).Tags!.map((t) => t.Name).sort();
    expect(tags).toEqual(['Question', 'Urgent']);
    await ui.press('t', 'j', 'j', 'j', 'enter'); // Question: remove
    await ui.waitFor('✓ Removed tag Question');
    tags = (await ui.other.getCard(card.id)).Tags!.map((t) => t.Name);
    expect(tags).toEqual(['Urgent']);
    // New tag from the picker: the last-but-one row.
    await ui.press('t', 'k', 'k', 'enter');
    await ui.waitFor('New tag — name');
    await ui.paste('Escalated');
    await ui.press('enter');
    await ui.waitFor('Colour for “Escalated”');
    await ui.press('j', 'enter'); // red
    await ui.waitFor('✓ Created tag Escalated');
    const boardTags = await ui.other.listTags(ui.boardId);
    expect(boardTags.find((t) => t.Name === 'Escalated')?.Color).toBe('1');
    await ui.until(() => ui.store.getState().pendingCount === 0, 'tag applied');
    tags = (await ui.other.getCard(card.id)).Tags!.map((t) => t.Name).sort();
    expect(tags).toEqual(['Escalated', 'Urgent']);
  });

  it('a tag deleted elsewhere is refused: the row rolls back and the server’s words show', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    const urgent = ui.store.getState().tags.find((t) => t.Name === 'Urgent')!;
    await ui.other.deleteTag(ui.boardId, urgent.Id);
    await ui.press('t', 'enter');
    await ui.waitFor(`✗ Tag ${urgent.Id} not found`);
    expect(ui.store.getState().view.cards.get(card.id)?.tagIds).not.toContain(urgent.Id);
  });

  it('tags that failed to load: the picker says why in the server’s (sanitised) words, and r asks again', async () => {
    ui = await startUi();
    const sales = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Sales Pipeline')!;
    // The board loads; its tags request waits, and by the time it arrives the
    // board is Sam's and not shared with us (under an email holding an OSC
    // title sequence), so the service refuses it for real.
    const tags = ui.hold(/^GET \/v2\/tag\?/);
    void ui.store.getState().openBoard(sales.Id);
    await ui.until(() => !ui.store.getState().boardLoading && tags.waiting === 1, 'board loaded, tags asked');
    const hostile = 'owner\x1b]0;pwned\x07@inboard.local';
    ui.sql('UPDATE users SET email = ? WHERE email = ?', hostile, DEFAULT_OWNER_EMAIL);
    ui.sql('UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?', DEMO_TEAMMATE, sales.Id);
    tags.release();
    await ui.until(() => !ui.store.getState().tagsLoading, 'tags answered');
    await ui.press('t');
    const failed = await ui.waitFor('Tags — Enter applies or removes');
    expect(failed).toContain(
      `✗ Couldn’t load the tags: Board ${sales.Id} is not shared with owner^[]0;pwned^G@inboard.local`,
    );
    expect(failed).not.toContain('\x1b]0;');
    expect(failed).not.toContain('no tags yet');
    expect(failed).toContain('r retry · Enter pick · Esc close');
    // The board is ours again: r loads the tags into the open picker.
    ui.sql('UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?', hostile, sales.Id);
    await ui.press('r');
    const loaded = await ui.waitFor(/■ [✓ ] Enterprise \(indigo\)/);
    expect(loaded).toContain('Tags — Enter applies or removes');
    expect(loaded).not.toContain('Couldn’t load the tags');
    expect(ui.store.getState().tagsError).toBeNull();
  });

  it('tags that failed to load are flagged on the status bar, not as a board error; r on the board loads them, chips and all', async () => {
    ui = await startUi();
    const sales = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Sales Pipeline')!;
    const tags = ui.hold(/^GET \/v2\/tag\?/);
    void ui.store.getState().openBoard(sales.Id);
    await ui.until(() => !ui.store.getState().boardLoading && tags.waiting === 1, 'board loaded, tags asked');
    ui.sql('UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?', DEMO_TEAMMATE, sales.Id);
    tags.release();
    const flagged = await ui.waitFor('✗ tags not loaded · r retries');
    expect(flagged).not.toContain('#SMB');
    expect(ui.store.getState().lastError).toBeNull();
    expect(statusLine(flagged)).toContain('? help'); // the key hints stay
    ui.sql(
      'UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?',
      DEFAULT_OWNER_EMAIL,
      sales.Id,
    );
    await ui.press('r');
    const loaded = await ui.waitFor((f) => f.includes('#SMB') && !f.includes('tags not loaded'));
    expect(loaded).toContain('Startup program… #SMB');
    expect(ui.store.getState().tagsError).toBeNull();
  });

  it('the tag manager deletes a board tag after y/n', async () => {
    ui = await startUi();
    await ui.press('T');
    await ui.waitFor('Board tags');
    await ui.press('d');
    await ui.waitFor('Delete tag “Urgent” from the board and every card? u brings it back. [y/n]');
    await ui.press('y');
    await ui.waitFor('Deleted Urgent');
    expect((await ui.other.listTags(ui.boardId)).some((t) => t.Name === 'Urgent')).toBe(false);
  });
});

describe('@ — assignees', () => {
  it('adds a board user, then clears everyone', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    await ui.press('@');
    await ui.waitFor('sam.rivera@example.com');
    await ui.press('j', 'enter');
    await ui.waitFor('✓ Assigned sam.rivera@example.com');
    expect((await ui.other.getCard(card.id)).Assignees).toEqual(['sam.rivera@example.com']);
    await ui.press('@', 'k', 'enter'); // Clear all (the list wraps)
    await ui.waitFor('✓ Unassigned everyone');
    expect((await ui.other.getCard(card.id)).Assignees ?? []).toEqual([]);
  });

  it('a typed address the server refuses reopens with the text and its words', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    await ui.press('@', 'k', 'k', 'enter');
    await ui.waitFor('Assign — email');
    await ui.paste('not-an-email');
    await ui.press('enter');
    await ui.waitFor(
      (f) => f.includes("the 1st assignee, 'not-an-email', is not an email address") && f.includes('Assign — email'),
    );
    expect(ui.frame()).toContain('not-an-email');
    expect(ui.store.getState().view.cards.get(card.id)?.assignees ?? []).toEqual([]);
  });
});

describe('C — new column, n in the board picker — new board', () => {
  it('creates a column that shows on the board', async () => {
    ui = await startUi();
    await ui.press('C');
    await ui.paste('Escalations');
    await ui.press('enter');
    await ui.waitFor('✓ Column created');
    expect(ui.store.getState().columns.map((c) => c.name)).toContain('Escalations');
    expect((await ui.other.listColumns(ui.boardId)).map((c) => c.Name)).toContain('Escalations');
  });

  it('a refused column name stays in the prompt with the server’s words', async () => {
    ui = await startUi();
    await ui.press('C');
    await ui.paste('c'.repeat(101));
    await ui.press('enter');
    await ui.waitFor('✗ Name: must be at most 100 characters');
    expect(statusLine(ui.frame())).toContain('Name: must be at most 100 characters');
    expect(ui.frame()).toContain('New column — name');
  });

  it('creates a board with users from the picker; a bad address is refused and kept', async () => {
    ui = await startUi();
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('n');
    await ui.paste('Partners');
    await ui.press('enter');
    await ui.waitFor('users (comma-separated emails');
    await ui.paste('ana@example.com, nope');
    await ui.press('enter');
    await ui.waitFor("✗ the 2nd email, 'nope', is not an email address");
    expect(ui.frame()).toContain('ana@example.com, nope');
    await ui.press('backspace', 'backspace', 'backspace', 'backspace');
    await ui.paste('li@example.com');
    await ui.press('enter');
    await ui.waitFor('✓ Board created');
    const board = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Partners');
    expect(board?.Users).toContain('li@example.com');
    expect(ui.store.getState().boardId).toBe(board?.Id);
  });
});

describe('/ — filter', () => {
  it('filters as you type by title, tag or assignee; the header counts; Esc clears', async () => {
    ui = await startUi();
    await ui.press('/');
    await ui.paste('billing');
    await ui.waitFor(/filter: billing \(\d+ match(?:es)?\)/);
    const n = Number(/filter: billing \((\d+) match(?:es)?\)/.exec(ui.frame())![1]);
    expect(n).toBeGreaterThan(3); // titles and the Billing tag
    expect(ui.frame()).not.toContain('Feature request');
    await ui.press('enter');
    expect(ui.frame()).toContain('filter: billing');
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('filter:') && f.includes('Feature request'));
    await ui.press('/');
    await ui.paste('sam.rivera');
    await ui.waitFor(/filter: sam\.rivera \(\d+ match(?:es)?\)/);
  });
});

describe('S — email sequences', () => {
  it('lists sequences and shows the steps in order with delays and readable content', async () => {
    ui = await startUi();
    await ui.press('S');
    await ui.waitFor(
      /Trial onboarding · Welcome to the team inbox, \{\{firstName\}\} · \d+ views · last sent \w{3} \d{1,2} \w{3} 2/,
    );
    await ui.press('enter');
    await ui.waitFor('Step 1 · after no delay');
    const f = ui.frame();
    expect(f).toContain('Hi {{firstName}},');
    expect(f).not.toContain('<p>');
    expect(f.indexOf('Step 1')).toBeLessThan(f.indexOf('Step 2 · after 2 days'));
    await ui.press('esc');
    await ui.waitFor('Demo no-show follow-up');
    await ui.press('esc');
    await ui.waitFor('In progress (');
  });
});

describe('r and auto-refresh', () => {
  it('r keeps the cursor on the same card when others add cards above it', async () => {
    ui = await startUi();
    const card = focus(ui, 'Where do I change my billing address?');
    const col = ui.store.getState().columns[0]!;
    await ui.other.createCard({ BoardId: ui.boardId, ColumnId: col.id, CardTitle: 'Added elsewhere' });
    await ui.press('r');
    await ui.until(
      () =>
        ui.store.getState().view.cards.get(card.id) !== undefined &&
        [...ui.store.getState().view.cards.values()].some((c) => c.title === 'Added elsewhere'),
      'refreshed',
    );
    expect(ui.store.getState().cursor.cardId).toBe(card.id);
  });

  it('marks cards others renamed with * until the cursor passes them', async () => {
    ui = await startUi({ refreshSeconds: 0.2 });
    const col = ui.store.getState().columns[0]!;
    const second = ui.store.getState().view.columns[col.label]![1]!;
    await ui.other.updateCard(second.id, { BoardId: ui.boardId, ColumnId: col.id, CardTitle: 'Renamed by Sam' });
    // The start of the title: the row keeps room for how long its customer has waited.
    await ui.waitFor((f) => f.includes('*Renamed by'));
    await ui.press('j');
    await ui.waitFor((f) => f.includes('Renamed by') && !f.includes('*Renamed by'));
  });
});
