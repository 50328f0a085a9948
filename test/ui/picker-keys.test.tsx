/**
 * Pickers: g/Home and G/End go to the first and last row (not while
 * filtering, where they are text), and the first nine rows show the number
 * 1–9 picks them by, as `?` says.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { actionFor } from '../../src/ui/keymap.js';
import { helpLines } from '../../src/ui/Help.js';
import { startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const highlighted = (frame: string): string => frame.split('\n').find((l) => l.includes('❯')) ?? '';
const TAGS = 'Tags — Enter applies or removes';

describe('g and G in lists', () => {
  it('the keymap: g/Home first, G/End last in every list scope; text while filtering', () => {
    for (const scope of ['pick', 'picker', 'tags'] as const) {
      expect(actionFor(scope, 'g')).toBe('list.first');
      expect(actionFor(scope, 'home')).toBe('list.first');
      expect(actionFor(scope, 'G')).toBe('list.last');
      expect(actionFor(scope, 'end')).toBe('list.last');
    }
    for (const text of ['g', 'G']) expect(actionFor('pick-filter', text)).toBeUndefined();
    expect(helpLines('pick').some((l) => l.text.includes('g / Home') && l.text.includes('first item'))).toBe(true);
  });

  it('G highlights the last row of the tag picker, g the first; after / they are typed', async () => {
    ui = await startUi();
    await ui.press('t');
    await ui.waitFor(TAGS);
    const first = ui.store.getState().tags[0]!.Name;
    await ui.press('G');
    await ui.waitFor((f) => highlighted(f).includes('Manage board tags…'));
    await ui.press('g');
    await ui.waitFor((f) => highlighted(f).includes(`${first} (`));
    await ui.press('end');
    await ui.waitFor((f) => highlighted(f).includes('Manage board tags…'));
    await ui.press('home');
    await ui.waitFor((f) => highlighted(f).includes(`${first} (`));
    await ui.press('/', 'g', 'G');
    await ui.waitFor('/ gG▏');
  });

  it('in the tag manager and the board list', async () => {
    ui = await startUi();
    const tags = ui.store.getState().tags;
    await ui.press('T');
    await ui.waitFor('Board tags');
    await ui.press('G');
    await ui.waitFor((f) => highlighted(f).includes(`${tags.at(-1)!.Name} (`));
    await ui.press('g');
    await ui.waitFor((f) => highlighted(f).includes(`${tags[0]!.Name} (`));
    await ui.press('esc', 'b');
    await ui.waitFor('Boards');
    const boards = ui.store.getState().boards.items;
    await ui.press('G');
    await ui.waitFor((f) => highlighted(f).includes(`${boards.at(-1)!.Name}  —`));
    await ui.press('g');
    await ui.waitFor((f) => highlighted(f).includes(`${boards[0]!.Name}  —`));
  });
});

describe('1–9 in pickers', () => {
  it('the first nine rows show their number, and the number picks that row; none while filtering', async () => {
    ui = await startUi();
    await ui.press('m');
    const columns = await ui.waitFor('Move to column');
    expect(columns).toMatch(/^1 ❯ New/m);
    expect(columns).toMatch(/^2 {3}In progress/m);
    expect(columns).toMatch(/^3 {3}Waiting on customer/m);
    expect(columns).toMatch(/^5 {3}Another board…/m);
    await ui.press('3');
    const where = await ui.waitFor('Move to Waiting on customer — where?');
    expect(where).toMatch(/^1 ❯ Top/m);
    expect(where).toMatch(/^2 {3}Bottom/m);
    await ui.press('esc');
    await ui.waitFor('Move to column');
    await ui.press('/', 'w', 'a');
    const filtering = await ui.waitFor('/ wa▏');
    expect(filtering).toMatch(/^ {2}❯ Waiting on customer/m);
    expect(filtering).not.toMatch(/^\d ❯/m);
  });

  it('past the ninth row the gutter is blank', async () => {
    ui = await startUi();
    // Seven tags and two actions: two more tags make eleven rows.
    for (const name of ['Refund', 'VIP']) await ui.other.createTag({ BoardId: ui.boardId, Name: name, Color: 1 });
    await ui.store.getState().reloadTags();
    await ui.press('t');
    const frame = await ui.waitFor((f) => f.includes(TAGS) && f.includes('VIP ('));
    const rows = frame.split('\n').filter((l) => /^(\d| ) [❯ ] /.test(l));
    expect(rows.length).toBe(ui.store.getState().tags.length + 2);
    expect(rows.length).toBeGreaterThan(9);
    rows.forEach((row, i) => expect(row.slice(0, 2)).toBe(i < 9 ? `${i + 1} ` : '  '));
  });
});
