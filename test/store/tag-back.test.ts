/**
 * A tag's deletion is undone where the service says which cards had it
 * (`CardIds`): `u` makes the tag again (same name and colour) and puts it
 * back on those cards, as one change, and reaches no older change with it.
 * Against the real local service, read back with a second client.
 */
import { describe, expect, it } from 'vitest';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';

const demo = useDemoService('store-tag-back');

async function openDemo(): Promise<BoardStore> {
  const store = createBoardStore(demo.client());
  await store.getState().loadBoards();
  await store.getState().openBoard(store.getState().boards.items[0]!.Id);
  return store;
}

/** Ids of the cards on the server that carry a tag named `name`, in every column. */
async function carrying(store: BoardStore, name: string): Promise<string[]> {
  const s = store.getState();
  const ids: string[] = [];
  for (const c of s.columns) {
    for (const row of readableCards(await demo.client().listCards(s.boardId!, c.id, 1, 200)))
      if ((row.Tags ?? []).some((t) => t.Name === name)) ids.push(row.ServiceTaskId);
  }
  return ids.sort();
}

describe('u after a tag deletion', () => {
  it('brings the tag and its cards back, and moves no card', async () => {
    const store = await openDemo();
    const s = store.getState();
    const tag = s.tags.find((t) => [...s.view.cards.values()].some((c) => c.tagIds.includes(t.Id)))!;
    const had = await carrying(store, tag.Name);
    expect(had.length).toBeGreaterThan(0);
    // An older change that `u` must not reach while undoing the deletion.
    const moved = [...s.view.cards.values()].find((c) => !had.includes(c.id))!;
    const to = s.columns.find((c) => c.label !== moved.columnLabel)!;
    await store.getState().moveCard(moved.id, to.label, 0);

    await store.getState().deleteTag(tag.Id);
    expect(await carrying(store, tag.Name)).toEqual([]);
    expect(store.getState().history.undo).toBe(`deletion of tag “${tag.Name}”`);

    const o = store.getState().undo();
    expect(o).toMatchObject({ done: `Undone: deletion of tag “${tag.Name}”` });
    if (!('settled' in o)) throw new Error('not sent');
    await o.settled;

    const back = (await demo.client().listTags(s.boardId!)).filter((t) => t.Name === tag.Name);
    expect(back.map((t) => t.Color)).toEqual([tag.Color]);
    expect(await carrying(store, tag.Name)).toEqual(had);
    // The board shows it back: the tags and the cards read again.
    const now = store.getState();
    expect(now.tags.some((t) => t.Id === back[0]!.Id)).toBe(true);
    for (const id of had) expect(now.view.cards.get(id)?.tagIds).toContain(back[0]!.Id);
    // The older move is the next undo, still on the server as it was.
    expect(now.history.undo).toMatch(/^move of /);
    expect(now.view.cards.get(moved.id)?.columnLabel).toBe(to.label);
    expect(store.getState().redo()).toEqual({
      nothing: `Can’t redo: deletion of tag “${tag.Name}” — it was put back as a new one`,
    });
  });
});
