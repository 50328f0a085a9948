/**
 * The tag manager (`T`), over the real service: Enter on a tag shows only
 * the board's cards carrying it, the header and the status bar say so (in
 * sanitised words) and Esc on the board shows every card again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readableCards } from '../support/board-view.js';
import { startUi, statusLine, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const MANAGER = 'Board tags — Enter shows its cards';
/** The status bar's first line (board, backend, filter…). */
const stateLine = (frame: string): string => frame.trimEnd().split('\n').at(-2) ?? '';
/** The match count the board's header gives for its filter. */
const countIn = (frame: string): number =>
  Number(/filter: .*? \((\d+) match(?:es)?\)/.exec(frame.split('\n')[0] ?? '')?.[1] ?? -1);

async function taggedOnServer(u: Ui, tagName: string): Promise<string[]> {
  const titles: string[] = [];
  for (const col of await u.other.listColumns(u.boardId)) {
    for (const card of readableCards(await u.other.listCards(u.boardId, col.Id, 1, 200))) {
      if ((card.Tags ?? []).some((t) => t.Name === tagName)) titles.push(card.TaskName);
    }
  }
  return titles;
}

describe('T — the tag manager', () => {
  it('hints Enter; Enter on a tag shows only its cards, the status bar says how to clear it, Esc does', async () => {
    ui = await startUi();
    await ui.press('T');
    const manager = await ui.waitFor(MANAGER);
    expect(statusLine(manager).trim()).toBe(
      'j/k choose  Enter show its cards  / filter  n new  d delete  Esc close  ? help',
    );
    await ui.press('/', 'b', 'u', 'g');
    await ui.waitFor('/ bug▏');
    await ui.press('enter');
    const filtered = await ui.waitFor((f) => !f.includes(MANAGER) && f.includes('filter: tag Bug ('));
    expect(stateLine(filtered)).toContain('filter: tag Bug · Esc on the board clears');
    const expected = await taggedOnServer(ui, 'Bug');
    expect(expected.length).toBeGreaterThan(2);
    expect(countIn(filtered)).toBe(expected.length);
    // The cursor is on one of them, and every one of them is on screen, no other card is.
    const s = ui.store.getState();
    expect(expected).toContain(s.view.cards.get(s.cursor.cardId!)?.title);
    // The start of each title: as much as a row keeps beside "today 17:00", the longest due text.
    for (const title of expected) expect(filtered).toContain(title.slice(0, 8));
    expect(filtered).not.toContain('Where do I change');
    await ui.press('esc');
    const all = await ui.waitFor((f) => !f.includes('filter:'));
    expect(stateLine(all)).not.toContain('filter');
    expect(all).toContain('Where do I change');
  });

  it('T / b u g ⏎ in one read, then / narrows within the tag', async () => {
    ui = await startUi();
    ui.pasteRaw('T/bug\r');
    await ui.waitFor('filter: tag Bug (');
    await ui.press('/');
    await ui.paste('SAML');
    const both = await ui.waitFor('filter: tag Bug + SAML (1 match)');
    expect(stateLine(both)).toContain('filter: tag Bug + SAML');
    // Cancelling the text keeps the tag.
    await ui.press('esc');
    await ui.waitFor((f) => f.includes('filter: tag Bug (') && !f.includes('SAML'));
  });

  it('a hostile tag name is shown escaped in the header and the status bar', async () => {
    ui = await startUi();
    const card = ui.card('Where do I change my billing address?');
    const { Id } = await ui.other.createTag({ BoardId: ui.boardId, Name: 'Evil\x1b]0;pwned\x07', Color: 1 });
    await ui.other.addTag(card.id, Id);
    await ui.store.getState().reloadTags();
    await ui.store.getState().refresh();
    await ui.until(() => ui!.store.getState().view.cards.get(card.id)?.tagIds.includes(Id) === true, 'the card tagged');
    await ui.press('T');
    await ui.waitFor(MANAGER);
    await ui.press('/', 'p', 'w', 'n', 'enter');
    const filtered = await ui.waitFor('filter: tag Evil^[]0;pwned^G (1 match)');
    expect(stateLine(filtered)).toContain('filter: tag Evil^[]0;pwned^G · Esc on the board clears');
    expect(filtered).not.toContain('\x1b]0;');
    expect(filtered).toContain('Where do I change');
  });

  it('deleting the tag the board is filtered on shows every card again', async () => {
    ui = await startUi();
    ui.pasteRaw('T/praise\r');
    await ui.waitFor('filter: tag Praise (');
    await ui.press('T');
    await ui.waitFor(MANAGER);
    // The filter highlights Praise; Esc ends it with Praise still highlighted.
    await ui.press('/', 'p', 'r', 'a', 'i', 's', 'e', 'esc', 'd');
    await ui.waitFor('Delete tag “Praise”');
    await ui.press('y');
    await ui.waitFor('Deleted Praise');
    expect(ui.frame()).not.toContain('filter:');
    expect((await ui.other.listTags(ui.boardId)).map((t) => t.Name)).not.toContain('Praise');
  });

  it('a delete the server refuses says why once: in the manager, not on the status bar as well', async () => {
    ui = await startUi();
    await ui.press('T');
    await ui.waitFor(MANAGER);
    await ui.press('/', 'p', 'r', 'a', 'i', 's', 'e', 'esc', 'd');
    await ui.waitFor('Delete tag “Praise”');
    // Gone already: a teammate deleted it while the question was open.
    const praise = (await ui.other.listTags(ui.boardId)).find((t) => t.Name === 'Praise')!;
    await ui.other.deleteTag(ui.boardId, praise.Id);
    await ui.press('y');
    const refused = await ui.waitFor((f) => f.includes(MANAGER) && /not found/i.test(f));
    expect(refused.match(/not found/gi)).toHaveLength(1);
    expect(statusLine(refused)).not.toMatch(/✗/);
  });
});
