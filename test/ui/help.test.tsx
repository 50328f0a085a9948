/**
 * `?` from what is open — a screen, a picker, the board list, the sequence
 * being read — over the real service: the help lists that scope's keys
 * (from the keymap), and Esc / ? / q come back to it as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { helpLines } from '../../src/ui/Help.js';
import { readableBoards } from '../support/board-view.js';
import { focus, startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const CARD = 'Where do I change my billing address?';
const TAGS = 'Tags — Enter applies or removes';
const highlighted = (frame: string): string => frame.split('\n').find((l) => l.includes('❯')) ?? '';
const tagNames = async (u: Ui, cardId: CardId): Promise<string[]> =>
  ((await u.other.getCard(cardId)).Tags ?? []).map((t) => t.Name).sort();

describe('help lines', () => {
  it('a list lists its keys, then the filter’s; a screen has no filter section', () => {
    const pick = helpLines('pick').map((l) => l.text);
    expect(pick.some((t) => t.includes('filter the items by typing'))).toBe(true);
    const filtering = pick.indexOf('While filtering (after /; other keys are text)');
    expect(filtering).toBeGreaterThan(0);
    expect(pick.slice(filtering).some((t) => t.includes('clear the filter (again: close)'))).toBe(true);
    // A picker takes every key: the board's are not its keys.
    expect(pick.some((t) => t.includes('move card'))).toBe(false);
    const board = helpLines('board').map((l) => l.text);
    expect(board.some((t) => t.startsWith('While filtering'))).toBe(false);
    expect(board.some((t) => t.includes('move card to next column'))).toBe(true);
  });
});

describe('? over a picker', () => {
  it('lists the picker’s keys; Esc comes back to the same highlighted tag, which Enter then applies', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor(TAGS);
    // ↓ ↓ highlights the board's third tag.
    const name = ui.store.getState().tags[2]!.Name;
    await ui.press('down', 'down');
    const third = highlighted(await ui.waitFor((f) => highlighted(f).includes(`${name} (`)));
    await ui.press('?');
    const help = await ui.waitFor('Keys of this list — press ? or Esc to close');
    expect(help).not.toContain(TAGS);
    expect(help).toContain('filter the items by typing');
    expect(help).toContain('While filtering (after /; other keys are text)');
    expect(help).not.toContain('move card');
    expect(statusLine(help).trim()).toBe('Esc/? close');
    // Keys go to the help, not the picker under it.
    await ui.press('j', 'enter');
    expect(ui.frame()).toContain('Keys of this list');
    await ui.press('esc');
    const back = await ui.waitFor(TAGS);
    expect(highlighted(back)).toBe(third);
    expect(statusLine(back).trim()).toBe('j/k choose  Space mark  Enter apply  / filter  Esc close  ? help');
    await ui.press('enter');
    await ui.waitFor(`✓ Tagged ${name}`);
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'tag saved');
    expect(await tagNames(ui, card.id)).toEqual(['Question', name].sort());
  });

  it('keeps what the filter left highlighted; while typing the filter, ? is text', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    await ui.press('t');
    await ui.waitFor(TAGS);
    await ui.press('/', 'u', 'r', '?');
    const typed = await ui.waitFor('/ ur?▏');
    expect(typed).toContain('No matches');
    expect(typed).not.toContain('press ? or Esc to close');
    await ui.press('backspace', 'down');
    await ui.waitFor((f) => highlighted(f).includes('Feature request'));
    // Esc ends the filter, Feature request stays highlighted; ? then q come back to it.
    await ui.press('esc', '?');
    await ui.waitFor('Keys of this list');
    await ui.press('q');
    const back = await ui.waitFor(TAGS);
    expect(highlighted(back)).toContain('Feature request');
    await ui.press('enter');
    await ui.waitFor('✓ Tagged Feature request');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'tag saved');
    expect(await tagNames(ui, card.id)).toEqual(['Feature request', 'Question']);
  });

  it('t ? q j ⏎ in one read: the help opens and closes, then j ⏎ pick the second tag', async () => {
    ui = await startUi();
    const card = focus(ui, CARD);
    ui.pasteRaw('t?qj\r');
    await ui.waitFor('✓ Tagged Bug');
    await ui.until(() => ui!.store.getState().pendingCount === 0, 'tag saved');
    expect(await tagNames(ui, card.id)).toEqual(['Bug', 'Question']);
  });

  it('a picker that opens behind the help waits under it for the help to close', async () => {
    ui = await startUi();
    const del = ui.hold(/^DELETE \/v2\/tag/);
    await ui.press('T');
    await ui.waitFor('Board tags');
    await ui.press('d');
    await ui.waitFor('[y/n]');
    await ui.press('y');
    await ui.until(() => del.waiting === 1, 'the delete sent');
    await ui.press('?');
    await ui.waitFor('Keys of the board');
    // The delete answers: the tag manager reopens, under the help.
    del.release();
    const s = () => ui!.store.getState();
    await ui.until(
      () => !s().tagsLoading && s().tags.length > 0 && !s().tags.some((t) => t.Name === 'Urgent'),
      'the tags reloaded',
    );
    // d would ask to delete another tag if it reached the manager: it reaches the help.
    await ui.press('d');
    expect(ui.frame()).toContain('Keys of the board');
    expect(ui.frame()).not.toContain('[y/n]');
    await ui.press('esc');
    const manager = await ui.waitFor('Board tags');
    expect(manager).toContain('Deleted Urgent');
    expect(manager).not.toContain('[y/n]');
    expect((await ui.other.listTags(ui.boardId)).map((t) => t.Name)).not.toContain('Urgent');
  });
});

describe('? on the board list and in a sequence', () => {
  it('the board list: q closes the help (it does not quit), the highlight is kept', async () => {
    ui = await startUi();
    await ui.press('b');
    await ui.waitFor('Boards');
    await ui.press('j');
    await ui.waitFor((f) => highlighted(f).includes('Sales Pipeline'));
    await ui.press('?');
    await ui.waitFor('Keys of the board list');
    await ui.press('q');
    const back = await ui.waitFor('Boards');
    expect(highlighted(back)).toContain('Sales Pipeline');
    await ui.press('enter');
    const sales = readableBoards(await ui.other.listBoards()).find((b) => b.Name === 'Sales Pipeline')!.Id;
    await ui.until(() => ui!.store.getState().boardId === sales, 'Sales Pipeline open');
  });

  it('the sequence being read: ? lists the reader’s keys and Esc comes back scrolled as it was', async () => {
    ui = await startUi();
    const topLine = (frame: string): string => frame.split('\n')[0] ?? '';
    await ui.press('S');
    await ui.waitFor('Trial onboarding');
    await ui.press('j', 'enter');
    await ui.waitFor('Step 1');
    await ui.press('j');
    await ui.waitFor((f) => topLine(f).startsWith('created '));
    await ui.press('?');
    const help = await ui.waitFor('Keys of this sequence');
    expect(help).toContain('back to the list');
    expect(help).not.toContain('filter the items');
    await ui.press('?');
    const back = await ui.waitFor((f) => !f.includes('Keys of this sequence') && f.includes('Step 1'));
    expect(topLine(back)).toMatch(/^created /);
  });
});
