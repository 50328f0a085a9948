/**
 * The store's own writes made outside the engine move a card's version on
 * too (a comment edited, a tag deleted from the board): the next change to
 * that card goes with the version they left, so the user's own change is
 * never taken for a teammate's. Against the real local service.
 */
import { describe, expect, it } from 'vitest';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-versions');

async function openDemo(): Promise<BoardStore> {
  const store = createBoardStore(demo.client({ maxAttempts: 1 }));
  await store.getState().loadBoards();
  await store.getState().openBoard(store.getState().boards.items[0]!.Id);
  return store;
}

const otherColumn = (store: BoardStore, label: string): string =>
  store.getState().columns.find((c) => c.label !== label)!.label;

describe('own changes outside the engine', () => {
  it('a comment edited, then the card moved: no conflict', async () => {
    const store = await openDemo();
    const card = store.getState().view.cards.get(store.getState().cursor.cardId!)!;
    await store.getState().addComment(card.id, 'first words');
    const comment = (await demo.client().getCard(card.id)).Comments!.find((c) => c.Comment === 'first words')!;
    await store.getState().updateComment(card.id, comment.CommentId, 'better words');
    await store.getState().deleteComment(card.id, comment.CommentId);
    const to = otherColumn(store, card.columnLabel);
    await store.getState().moveCard(card.id, to, 0);
    expect((await demo.client().getCard(card.id)).ColumnId).toBe(to);
    expect(store.getState().failedCount).toBe(0);
  });

  it('a tag deleted from the board, then a card that had it moved: no conflict', async () => {
    const store = await openDemo();
    const s = store.getState();
    const card = [...s.view.cards.values()].find((c) => c.tagIds.length > 0)!;
    await store.getState().deleteTag(card.tagIds[0]!);
    const to = otherColumn(store, card.columnLabel);
    await store.getState().moveCard(card.id, to, 0);
    expect((await demo.client().getCard(card.id)).ColumnId).toBe(to);
    expect(store.getState().failedCount).toBe(0);
  });
});
