/**
 * Undo is honest: a change `u` cannot take back (a tag deleted, text added,
 * a card created, an undo the server refused) stays in the history as a
 * barrier. `u` says what it cannot undo and never reaches past it to an
 * older change. Against the real local service, read back with a second client.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/types.js';
import { createBoardStore, type BoardStore, type Card } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-undo-barrier');
const client = () => demo.client();

/** As a server answers a tag's deletion without saying which cards had it (the reference): final. */
const withoutCardIds = (c: Client): Client => ({
  ...c,
  deleteTag: async (boardId, tagId, o) => ({ Id: (await c.deleteTag(boardId, tagId, o)).Id }),
});

async function openDemo(): Promise<BoardStore> {
  const store = createBoardStore(withoutCardIds(client()));
  await store.getState().loadBoards();
  await store.getState().openBoard(store.getState().boards.items[0]!.Id);
  return store;
}

/** Two cards of the first column with at least two, and a column to move them to. */
function twoCards(store: BoardStore): { a: Card; b: Card; to: string } {
  const s = store.getState();
  const col = s.columns.find((c) => (s.view.columns[c.label]?.length ?? 0) >= 2)!;
  const [a, b] = s.view.columns[col.label]!;
  return { a: a!, b: b!, to: s.columns.find((c) => c.label !== col.label)!.label };
}

/** The card's column on the server (numeric id), or null when it is not listed. */
async function serverColumnOf(store: BoardStore, id: string): Promise<number | null> {
  const s = store.getState();
  for (const c of s.columns) {
    const rows = readableCards(await client().listCards(s.boardId!, c.id, 1, 200));
    if (rows.some((r) => r.ServiceTaskId === id)) return c.id;
  }
  return null;
}

/** `u` twice: both times it names the barrier; nothing is sent, the older move stays where it is. */
async function expectBarrier(store: BoardStore, moved: Card, to: string, says: RegExp): Promise<void> {
  const toId = store.getState().columns.find((c) => c.label === to)!.id;
  for (let i = 0; i < 2; i++) {
    const o = store.getState().undo();
    expect(o).toEqual({ nothing: expect.stringMatching(says) });
    expect(store.getState().pending).toEqual([]);
  }
  expect(store.getState().view.cards.get(moved.id)?.columnLabel).toBe(to);
  expect(await serverColumnOf(store, moved.id)).toBe(toId);
}

describe('a change u cannot take back is a barrier', () => {
  it('a tag deleted after a move: u names the deletion, never moves a card', async () => {
    const store = await openDemo();
    const { a, to } = twoCards(store);
    await store.getState().moveCard(a.id, to, 0);
    const tag = store.getState().tags[0]!;
    await store.getState().deleteTag(tag.Id);

    await expectBarrier(
      store,
      a,
      to,
      new RegExp(`^Can’t undo: deletion of tag “${tag.Name}” — a deleted tag is gone from every card for good$`),
    );
    expect(store.getState().history.undo).toBe(`deletion of tag “${tag.Name}”`);
  });

  it('a comment, a note or a new card after a move: u names it and stops there', async () => {
    const store = await openDemo();
    const { a, b, to } = twoCards(store);
    await store.getState().moveCard(a.id, to, 0);
    await store.getState().addComment(b.id, 'barrier: a comment');
    await expectBarrier(store, a, to, /^Can’t undo: comment on “.+” — /);
    await store.getState().addNote(b.id, 'barrier: a note');
    await expectBarrier(store, a, to, /^Can’t undo: note on “.+” — /);
    await store.getState().createCard(to, 'barrier: a new card');
    await expectBarrier(store, a, to, /^Can’t undo: creation of “barrier: a new card” — /);
  });

  it('a new column after a move: u names it and stops there', async () => {
    const store = await openDemo();
    const { a, to } = twoCards(store);
    await store.getState().moveCard(a.id, to, 0);
    await store.getState().createColumn('Escalated');
    await expectBarrier(store, a, to, /^Can’t undo: creation of “Escalated” — /);
  });

  it('an undo the server refused: u says so from then on and never reaches the older move', async () => {
    const store = await openDemo();
    const { a, b, to } = twoCards(store);
    await store.getState().moveCard(a.id, to, 0);
    await store.getState().moveCard(b.id, to, 0);
    // Archived behind the board's back: the inverse move is refused in the server's words.
    await client().archiveCard(b.id);
    const undone = store.getState().undo(true);
    expect('done' in undone).toBe(true);
    if ('done' in undone) await undone.settled;

    await expectBarrier(store, a, to, /^Can’t undo: move of “.+” to .+ — the server refused its undo \(.+\)$/);
  });

  it('a deleted tag that was refused leaves no barrier: u undoes the move', async () => {
    const store = await openDemo();
    const { a, to } = twoCards(store);
    await store.getState().moveCard(a.id, to, 0);
    await store
      .getState()
      .deleteTag(987654)
      .catch(() => undefined);
    const o = store.getState().undo();
    expect(o).toMatchObject({ done: expect.stringMatching(/^Undone: move of/) });
  });
});
