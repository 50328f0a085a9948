/**
 * The service trims a card's title (its wire schema does): a title typed
 * with spaces around it is shown as it is kept, from the moment it is typed,
 * and a store that checks whether an edit landed finds it there. The store
 * property test found the view and the server apart over a trailing space.
 * Against the real local service, read back with a second client.
 */
import { describe, expect, it } from 'vitest';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';
import { createBoardStore } from '../../src/store/index.js';

const demo = useDemoService('store-title-spaces');

describe('a title with spaces around it', () => {
  it('is shown trimmed at once, and is what the server keeps, on a create and an edit', async () => {
    const store = createBoardStore(demo.client());
    await store.getState().loadBoards();
    await store.getState().openBoard(store.getState().boards.items[0]!.Id);
    const s = store.getState();
    const column = s.columns[0]!;

    const creating = s.createCard(column.label, '  Refund request  ');
    expect([...store.getState().view.cards.values()].some((c) => c.title === 'Refund request')).toBe(true);
    const id = await creating;

    const editing = store.getState().editTitle(id, ' Refund request, order 1182 \t');
    expect(store.getState().view.cards.get(id)?.title).toBe('Refund request, order 1182');
    await editing;

    const onServer = readableCards(await demo.client().listCards(s.boardId!, column.id, 1, 200)).find(
      (c) => c.ServiceTaskId === id,
    );
    expect(onServer?.TaskName).toBe('Refund request, order 1182');
    expect(store.getState().view.cards.get(id)?.title).toBe(onServer?.TaskName);
  });
});
