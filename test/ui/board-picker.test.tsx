/**
 * The board list (`b`): a picker through the key router, over the real
 * service — its keys, its `/` filter (the pickers' own), type-ahead while
 * it loads, r after a failed load, and what the server then has open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OWNER_EMAIL } from '../../src/server/index.js';
import { readableBoards } from '../support/board-view.js';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const LIST = /^GET \/v2\/board$/;
/** The board rows: every board's label carries its owner's email. */
const boardRows = (frame: string): string[] => frame.split('\n').filter((l) => l.includes(` — ${DEFAULT_OWNER_EMAIL}`));
/** The highlighted row. */
const highlighted = (frame: string): string => frame.split('\n').find((l) => l.includes('❯')) ?? '';
const boardId = async (u: Ui, name: string): Promise<number> =>
  readableBoards(await u.other.listBoards()).find((b) => b.Name === name)!.Id;

describe('the board list', () => {
  it('walks with j/k and arrows, preselects the open board, Enter opens; the footer names its keys', async () => {
    ui = await startUi();
    await ui.store.getState().openBoard(await boardId(ui, 'Sales Pipeline'));
    await ui.press('b');
    const list = await ui.waitFor('Boards');
    expect(highlighted(list)).toContain('Sales Pipeline');
    expect(statusLine(list).trim()).toBe('j/k choose  Enter open  / filter  n new board  ? help  q quit');
    await ui.press('k');
    await ui.waitFor((f) => highlighted(f).includes('Support Inbox'));
    await ui.press('down');
    await ui.waitFor((f) => highlighted(f).includes('Sales Pipeline'));
    await ui.press('up', 'enter');
    const support = await boardId(ui, 'Support Inbox');
    await ui.until(() => ui!.store.getState().boardId === support, 'Support Inbox open');
    await ui.waitFor('In progress (');
  });

  it('? lists its keys, from the keymap', async () => {
    ui = await startUi();
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('?');
    const help = await ui.waitFor('Keys of the board list — press ? or Esc to close');
    expect(help).toContain('filter the boards by typing');
    expect(help).toContain('new board');
    expect(help).toContain('reload the list');
    await ui.press('esc');
    await ui.waitFor((f) => f.includes('Boards') && !f.includes('press ? or Esc to close'));
  });

  it('b j ⏎ in one read opens the board after the open one', async () => {
    ui = await startUi({ board: 'Support Inbox' });
    ui.pasteRaw('bj\r');
    const sales = await boardId(ui, 'Sales Pipeline');
    await ui.until(() => ui!.store.getState().boardId === sales, 'Sales Pipeline open');
    await ui.waitFor((f) => !f.includes('Boards') && f.includes('Sales Pipeline'));
  });

  it('/ filters like every picker: case and accents ignored, the sanitised label, No matches, ↑↓ Ctrl+P/N, Backspace, Esc', async () => {
    ui = await startUi();
    await ui.other.createBoard({ Name: 'Réclamations' });
    await ui.other.createBoard({ Name: 'Evil\x1b]0;pwned\x07board' });
    const evil = readableBoards(await ui.other.listBoards()).find((b) => b.Name.startsWith('Evil'))!.Id;
    await ui.press('b');
    await ui.waitFor('Réclamations');
    await ui.press('/', 'R', 'E', 'C');
    const rec = await ui.waitFor('/ REC▏');
    expect(boardRows(rec)).toHaveLength(1);
    expect(highlighted(rec)).toContain('Réclamations');
    expect(statusLine(rec).trim()).toBe('↑/↓ choose  Enter pick  Esc clear filter');
    // What is matched is what is drawn: the escape shows as ^[ and is found as ^[.
    await ui.press('backspace', 'backspace', 'backspace', '^', '[');
    const found = await ui.waitFor('/ ^[▏');
    expect(boardRows(found)).toHaveLength(1);
    expect(found).toContain('Evil^[]0;pwned^Gboard');
    expect(found).not.toContain('\x1b]0;');
    // j and k are text here; nothing matches "^[jk": Enter does nothing.
    await ui.press('j', 'k');
    const none = await ui.waitFor('No matches');
    expect(boardRows(none)).toEqual([]);
    await ui.press('enter');
    expect(ui.frame()).toContain('/ ^[jk▏');
    // Backspace edits; on an empty filter it stops filtering.
    await ui.press('backspace', 'backspace', 'backspace', 'backspace');
    await ui.waitFor('/ ▏');
    await ui.press('backspace');
    await ui.waitFor((f) => !f.includes('/ ▏') && boardRows(f).length === 4);
    // ↓ and Ctrl+N / Ctrl+P walk the matches ("in" is in Support Inbox and Sales Pipeline).
    await ui.press('/', 'i', 'n');
    await ui.waitFor((f) => f.includes('/ in▏') && highlighted(f).includes('Support Inbox'));
    await ui.press('down');
    await ui.waitFor((f) => highlighted(f).includes('Sales Pipeline'));
    await ui.press('\x10'); // Ctrl+P
    await ui.waitFor((f) => highlighted(f).includes('Support Inbox'));
    await ui.press('\x0e'); // Ctrl+N
    await ui.waitFor((f) => highlighted(f).includes('Sales Pipeline'));
    // Esc clears the filter, the highlight stays; a second Esc leaves the list.
    await ui.press('esc');
    const cleared = await ui.waitFor((f) => !f.includes('/ in▏') && boardRows(f).length === 4);
    expect(highlighted(cleared)).toContain('Sales Pipeline');
    expect(ui.store.getState().boardId).toBe(await boardId(ui, 'Support Inbox'));
    await ui.press('/', 'p', 'w', 'n', 'enter');
    await ui.until(() => ui!.store.getState().boardId === evil, 'the Evil board open');
    expect(ui.frame()).not.toContain('\x1b]0;');
  });

  it('Esc without a filter goes back to the open board', async () => {
    ui = await startUi();
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('esc');
    await ui.waitFor((f) => f.includes('In progress (') && !f.includes('Boards'));
  });

  it('keys typed while the list first loads wait for it: / s a l ⏎ opens Sales Pipeline', async () => {
    ui = await startUi({ board: null, holdFromStart: LIST });
    await ui.until(() => ui!.held.waiting === 1, 'the list asked for');
    await ui.waitFor('loading…');
    await ui.press('/', 's', 'a', 'l', 'enter');
    expect(ui.frame()).toContain('loading…');
    expect(ui.store.getState().boardId).toBeNull();
    ui.held.release();
    const sales = await boardId(ui, 'Sales Pipeline');
    await ui.until(() => ui!.store.getState().boardId === sales, 'Sales Pipeline open');
    await ui.waitFor((f) => !f.includes('Boards') && f.includes('Sales Pipeline'));
  });

  it('a failed load says why and r asks again', async () => {
    ui = await startUi({ board: null, holdFromStart: LIST });
    await ui.until(() => ui!.held.waiting === 1, 'the list asked for');
    ui.sql('UPDATE users SET plan = ? WHERE email = ?', 'free', DEFAULT_OWNER_EMAIL);
    ui.held.release();
    const failed = await ui.waitFor('press r to retry');
    expect(failed).toContain('✗ API access requires the Pro plan');
    expect(boardRows(failed)).toEqual([]);
    ui.sql('UPDATE users SET plan = ? WHERE email = ?', 'pro', DEFAULT_OWNER_EMAIL);
    await ui.press('r');
    const loaded = await ui.waitFor((f) => boardRows(f).length === 2);
    expect(loaded).not.toContain('press r to retry');
    expect(highlighted(loaded)).toContain('Support Inbox');
  });

  it('n creates a board from the list', async () => {
    ui = await startUi({ board: null });
    await ui.waitFor('Support Inbox');
    await ui.press('n');
    await ui.waitFor('New board — name');
    await ui.paste('Partners');
    await ui.press('enter');
    await ui.waitFor('users (comma-separated emails');
    await ui.press('enter');
    await ui.waitFor('✓ Board created');
    const partners = await boardId(ui, 'Partners');
    expect(ui.store.getState().boardId).toBe(partners);
    // A new board has no columns: the screen says what to do, not nothing.
    await ui.waitFor('No columns yet — press C to add one, b for other boards');
    await ui.press('C');
    await ui.waitFor('New column');
    await ui.paste('Inbox');
    await ui.press('enter');
    const first = await ui.waitFor('Inbox (0)');
    expect(first).not.toContain('No columns yet');
  });

  it('a long list scrolls with the highlight', async () => {
    ui = await startUi();
    for (let i = 1; i <= 30; i++) await ui.other.createBoard({ Name: `Queue ${String(i).padStart(2, '0')}` });
    await ui.press('b');
    const top = await ui.waitFor('Queue 01');
    expect(highlighted(top)).toContain('Support Inbox');
    expect(top).not.toContain('Queue 30');
    // Up from the first row wraps to the last: the window follows it.
    await ui.press('up');
    const bottom = await ui.waitFor((f) => highlighted(f).includes('Queue 30'));
    expect(boardRows(bottom).some((l) => l.includes('Support Inbox'))).toBe(false);
    await ui.press('enter');
    const q30 = await boardId(ui, 'Queue 30');
    await ui.until(() => ui!.store.getState().boardId === q30, 'Queue 30 open');
  });
});
