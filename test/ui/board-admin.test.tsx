/**
 * Running a board from the TUI, over the real service: E renames the focused
 * column, X deletes one (its cards to a column picked), B renames the board,
 * M edits its members (one added can then be assigned), Z archives it; the
 * board list's e, m and a. For a member each says why not before asking;
 * a refusal that comes anyway is in the server's words, the text kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui;
afterEach(async () => {
  await ui?.close();
});

const BOSS = 'boss@example.com';

/** The open board handed to another owner; the app's user stays a member. */
async function handOver(u: Ui): Promise<void> {
  await u.teammate(BOSS);
  u.sql('UPDATE boards SET owner_id = (SELECT id FROM users WHERE email = ?) WHERE id = ?', BOSS, u.boardId);
  u.sql('INSERT INTO board_members (board_id, email) VALUES (?, ?)', u.boardId, DEFAULT_OWNER_EMAIL);
  await u.store.getState().loadBoards();
}

describe('E and X — the focused column', () => {
  it('E renames it: the board shows the new name, the server has it', async () => {
    ui = await startUi();
    const col = ui.store.getState().columns[0]!;
    await ui.press('E');
    await ui.waitFor(`Rename column “${col.name}”`);
    await ui.press('C-u');
    await ui.paste('Incoming');
    await ui.press('enter');
    await ui.waitFor('✓ Column renamed');
    expect(ui.store.getState().columns[0]?.name).toBe('Incoming');
    expect((await ui.other.listColumns(ui.boardId)).find((c) => c.Id === col.id)?.Name).toBe('Incoming');
  });

  it('X on a column with cards asks y/n, then where they go; they are there and the column is gone', async () => {
    ui = await startUi();
    const [from, to] = ui.store.getState().columns;
    const moving = (ui.store.getState().view.columns[from!.label] ?? []).map((c) => c.id);
    expect(moving.length).toBeGreaterThan(0);
    await ui.press('X');
    await ui.waitFor(`Delete column “${from!.name}”?`);
    await ui.press('y');
    await ui.waitFor(`Delete “${from!.name}”: move its cards to`);
    await ui.press('enter'); // the first other column
    await ui.waitFor(`✓ Deleted column “${from!.name}”; ${moving.length} cards moved`);
    expect(ui.store.getState().columns.map((c) => c.id)).not.toContain(from!.id);
    const there = readableCards(await ui.other.listCards(ui.boardId, to!.id, 1, 200)).map((c) => c.ServiceTaskId);
    for (const id of moving) expect(there).toContain(id);
  });

  it('X on an empty column asks y/n and deletes it; n keeps it', async () => {
    ui = await startUi();
    await ui.other.createColumn(ui.boardId, 'Spare');
    await ui.store.getState().refresh();
    const spare = ui.store.getState().columns.findIndex((c) => c.name === 'Spare');
    ui.store.getState().focusColumn(spare);
    expect(ui.store.getState().cursor.col).toBe(spare);
    await ui.press('X');
    await ui.waitFor('It is empty.');
    await ui.press('n');
    expect(ui.store.getState().columns.map((c) => c.name)).toContain('Spare');
    await ui.press('X');
    await ui.waitFor('It is empty.');
    await ui.press('y');
    await ui.waitFor('✓ Deleted column “Spare”');
    expect((await ui.other.listColumns(ui.boardId)).map((c) => c.Name)).not.toContain('Spare');
  });
});

describe('B, M and Z — the board', () => {
  it('M replaces the members; one added can then be assigned', async () => {
    ui = await startUi();
    await ui.press('M');
    await ui.waitFor('Members of “Support Inbox”');
    await ui.press('C-u');
    await ui.paste('new.hire@example.com, nope');
    await ui.press('enter');
    await ui.waitFor('“nope” is not an email address');
    expect(ui.frame()).toContain('new.hire@example.com, nope');
    await ui.press('backspace', 'backspace', 'backspace', 'backspace', 'backspace', 'backspace');
    await ui.press('enter');
    await ui.waitFor('✓ Members saved');
    const b = readableBoards(await ui.other.listBoards()).find((x) => x.Id === ui.boardId)!;
    expect(b.Users).toEqual(['new.hire@example.com']);
    const card = focus(ui, ui.store.getState().view.columns[ui.store.getState().columns[0]!.label]![0]!.title);
    await ui.press('@');
    await ui.waitFor('new.hire@example.com');
    await ui.store.getState().setAssignees(card.id, ['new.hire@example.com']);
    expect((await ui.other.getCard(card.id)).Assignees).toEqual(['new.hire@example.com']);
  });

  it('B renames the board; the status bar names it', async () => {
    ui = await startUi();
    await ui.press('B');
    await ui.waitFor('Rename board “Support Inbox”');
    await ui.press('C-u');
    await ui.paste('Support desk');
    await ui.press('enter');
    await ui.waitFor('✓ Board renamed');
    await ui.waitFor('Support desk');
    expect((await ui.other.getBoard(ui.boardId)).Name).toBe('Support desk');
  });

  it('Z archives it after y: the board list shows without it, with no board to go back to', async () => {
    ui = await startUi();
    await ui.press('Z');
    await ui.waitFor('Archive board “Support Inbox”?');
    await ui.press('y');
    await ui.waitFor('✓ Archived board “Support Inbox”');
    await ui.waitFor('Boards');
    expect(readableBoards(await ui.other.listBoards()).map((b) => b.Id)).not.toContain(ui.boardId);
    expect(ui.store.getState().boardId).toBeNull();
    await ui.press('esc');
    expect(ui.frame()).toContain('Boards');
    expect(ui.frame()).toContain('Sales Pipeline');
  });

  it('the board list: e renames the highlighted board', async () => {
    ui = await startUi();
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('e');
    await ui.waitFor('Rename board “Support Inbox”');
    await ui.press('C-u');
    await ui.paste('Help desk');
    await ui.press('enter');
    await ui.waitFor('✓ Board renamed');
    await ui.waitFor('Help desk  —');
  });
});

describe('a member', () => {
  it('is told before asking: E, X, B, M, Z, C and the tag manager’s n and d say only the owner may', async () => {
    ui = await startUi();
    await handOver(ui);
    const cases: [string, string][] = [
      ['E', 'rename columns'],
      ['X', 'delete columns'],
      ['B', 'rename it'],
      ['M', 'change its members'],
      ['Z', 'archive it'],
      ['C', 'add columns'],
    ];
    for (const [key, what] of cases) {
      await ui.press(key);
      await ui.waitFor(`Only the board’s owner, ${BOSS}, can ${what}`);
      expect(ui.frame()).not.toContain('— name');
      await ui.press('esc');
    }
    await ui.press('T');
    await ui.waitFor('Board tags');
    await ui.press('d');
    await ui.waitFor(`Only the board’s owner, ${BOSS}, can delete tags`);
    expect(ui.frame()).not.toContain('[y/n]');
    await ui.press('n');
    await ui.waitFor(`Only the board’s owner, ${BOSS}, can create tags`);
    await ui.press('esc');
    // The tag picker's own "+ New tag…" row says whose it is, and why not when picked.
    await ui.press('t');
    await ui.waitFor('+ New tag… (the owner’s)');
    await ui.press('G', 'k', 'enter');
    await ui.waitFor(`Only the board’s owner, ${BOSS}, can create tags`);
    expect(ui.frame()).not.toContain('New tag — name');
  });

  it('the board list’s e says so too', async () => {
    ui = await startUi();
    await handOver(ui);
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('e');
    await ui.waitFor(`Only the board’s owner, ${BOSS}, can rename it`);
  });

  it('a refusal that comes anyway (the board changed hands while typing) is in the server’s words, the text kept', async () => {
    ui = await startUi();
    await ui.press('E');
    await ui.waitFor('Rename column');
    await ui.press('C-u');
    await ui.paste('Mine now');
    await handOver(ui);
    await ui.press('enter');
    await ui.waitFor(/Only the board's owner \(boss@example\.com\) may/);
    expect(statusLine(ui.frame())).toMatch(/✗ Only the board's owner \(boss@example\.com\) may/);
    expect(ui.frame()).toContain('Mine now');
    expect(ui.frame()).toContain('Rename column');
  });
});
