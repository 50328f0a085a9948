/**
 * The store against the real local service: a real server on loopback with
 * a real SQLite file in a temp dir, seeded with the demo workspace.
 */
import { describe, expect, it } from 'vitest';
import { createBoardStore, isServerId, type BoardStore } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-service');
const client = () => demo.client();

async function openDemo(): Promise<BoardStore> {
  const store = createBoardStore(client());
  await store.getState().loadBoards();
  const board = store.getState().boards.items[0];
  expect(board).toBeDefined();
  await store.getState().openBoard(board!.Id);
  expect(store.getState().boardError).toBeNull();
  return store;
}

describe('store against the local service', () => {
  it('opens the demo board, moves a card, and the server has it after a refresh', async () => {
    const store = await openDemo();
    const { columns, view } = store.getState();
    expect(columns.length).toBeGreaterThan(1);
    const [from, to] = columns as [(typeof columns)[0], (typeof columns)[0]];
    const moving = view.columns[from.label]?.[0];
    expect(moving).toBeDefined();
    const toBefore = view.columns[to.label]?.length ?? 0;

    const move = store.getState().moveCard(moving!.id, to.label, 0);
    expect(store.getState().view.columns[to.label]?.[0]?.id).toBe(moving!.id);
    await move;
    await store.getState().refresh();
    const after = store.getState();
    expect(after.confirmed.order[to.label]?.[0]).toBe(moving!.id);
    expect(after.view.columns[to.label]).toHaveLength(toBefore + 1);
    expect(after.view.columns[from.label]?.some((c) => c.id === moving!.id)).toBe(false);
    expect(after.failedCount).toBe(0);

    // A second, independent reader sees the same board.
    const fresh = readableCards(await client().listCards(after.boardId!, to.id, 1));
    expect(fresh[0]?.ServiceTaskId).toBe(moving!.id);
    expect(fresh[0]?.ColumnId).toBe(to.label);
  });

  it('reorders down by one exactly as the service does', async () => {
    const store = await openDemo();
    const col = store.getState().columns.find((c) => (store.getState().view.columns[c.label]?.length ?? 0) >= 3)!;
    const first = store.getState().view.columns[col.label]![0]!;
    await store.getState().moveCard(first.id, col.label, 1);
    const shown = store.getState().view.columns[col.label]!.map((c) => c.id);
    expect(shown[1]).toBe(first.id);
    await store.getState().refresh();
    expect(store.getState().confirmed.order[col.label]).toEqual(shown);
  });

  it('creates a card under its real id, edits and archives it', async () => {
    const store = await openDemo();
    const col = store.getState().columns[0]!;
    const id = await store.getState().createCard(col.label, 'Store test: call back 👩‍💻');
    expect(isServerId(id)).toBe(true);
    expect(store.getState().view.columns[col.label]?.[0]?.id).toBe(id);
    await store.getState().editTitle(id, 'Store test: called back');
    await store.getState().refresh();
    expect(store.getState().view.cards.get(id)?.title).toBe('Store test: called back');
    await store.getState().archiveCard(id);
    await store.getState().refresh();
    expect(store.getState().view.cards.get(id)).toBeUndefined();
  });

  it('a refused mutation shows the service’s message and changes nothing', async () => {
    const store = await openDemo();
    const col = store.getState().columns[0]!;
    const err = await store
      .getState()
      .createCard(col.label, '   ')
      .catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(store.getState().lastError).toBe((err as Error).message);
    expect(store.getState().lastError).toMatch(/CardTitle/);
    expect(store.getState().view.columns[col.label]?.every((c) => isServerId(c.id))).toBe(true);
  });
});
