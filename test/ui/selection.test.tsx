/**
 * `v` selects cards; `m` and `a` then act on all of them, in their order on
 * the board; Esc unselects before it clears a filter. Checked on the server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { readableCards } from '../support/board-view.js';
import { focus, startUi, type Ui } from './helpers.js';

let ui: Ui | undefined;
afterEach(async () => {
  await ui?.close();
  ui = undefined;
});

const stateLine = (frame: string): string => frame.trimEnd().split('\n').at(-2) ?? '';

async function select(u: Ui, ...titles: string[]): Promise<CardId[]> {
  const ids: CardId[] = [];
  for (const t of titles) {
    ids.push(focus(u, t).id);
    await u.press('v');
  }
  await u.until(() => u.store.getState().selected.size === titles.length, `${titles.length} selected`);
  return ids;
}

async function titlesOnServer(u: Ui, column: string): Promise<string[]> {
  const col = (await u.other.listColumns(u.boardId)).find((c) => c.Name === column)!;
  return readableCards(await u.other.listCards(u.boardId, col.Id, 1, 200)).map((c) => c.TaskName);
}

describe('v — selecting cards', () => {
  it('a archives every selected card after one y/n; the server has none of them', async () => {
    ui = await startUi();
    const titles = [
      'Where do I change my billing address?',
      'Which plan includes audit logs?',
      'Invoice in EUR instead of USD',
    ];
    await select(ui, ...titles);
    const marked = await ui.waitFor('✓ 3 selected · m moves, a archives them · Esc unselects');
    expect(stateLine(marked)).toContain('✓ 3 selected');
    expect(marked).toMatch(/✓● Where do I change|✓ {2}Where do I change/);
    await ui.press('a');
    await ui.waitFor('Archive the 3 selected cards? [y/n]');
    await ui.press('y');
    await ui.waitFor('✓ Archived 3 cards');
    expect(ui.store.getState().selected.size).toBe(0);
    const left = (
      await Promise.all(['New', 'In progress', 'Waiting on customer', 'Done'].map((c) => titlesOnServer(ui!, c)))
    ).flat();
    for (const t of titles) expect(left).not.toContain(t);
    expect(left.length).toBeGreaterThan(20);
  });

  it('m moves every selected card to the column picked, together and in board order', async () => {
    ui = await startUi();
    // Waiting on customer comes after New on the board, so it lands second.
    const later = 'Which plan includes audit logs?';
    const earlier = 'Where do I change my billing address?';
    await select(ui, later, earlier);
    await ui.press('m');
    await ui.waitFor('Move 2 cards to column');
    await ui.press('j', 'enter'); // In progress
    await ui.waitFor('Move 2 cards to In progress — where?');
    await ui.press('enter'); // Top
    await ui.waitFor('✓ Moved 2 cards to In progress');
    const there = await titlesOnServer(ui, 'In progress');
    expect(there.slice(0, 2)).toEqual([earlier, later]);
    expect(ui.store.getState().selected.size).toBe(0);
  });

  it('v again unselects; Esc unselects all before it clears a filter; opening a board starts with none', async () => {
    ui = await startUi();
    await select(ui, 'Where do I change my billing address?', 'Which plan includes audit logs?');
    await ui.press('v'); // the focused one, again
    await ui.waitFor('✓ 1 selected');
    ui.store.getState().setFilter({ text: 'billing', tagId: null });
    await ui.waitFor(/filter: billing \(\d+ match/);
    await ui.press('esc');
    await ui.waitFor((f) => !f.includes('selected ·'));
    expect(ui.store.getState().filter?.text).toBe('billing');
    await ui.press('esc');
    await ui.until(() => ui!.store.getState().filter === null, 'filter cleared');
    await select(ui, 'Which plan includes audit logs?');
    const other = ui.store.getState().boards.items.find((b) => b.Id !== ui!.boardId)!;
    await ui.store.getState().openBoard(other.Id);
    expect(ui.store.getState().selected.size).toBe(0);
  });
});
