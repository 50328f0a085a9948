/**
 * Undo and redo against the real local service: each undo is the inverse
 * request, and the server's state is read back with a second client.
 */
import { describe, expect, it } from 'vitest';
import { createBoardStore, type BoardStore, type Card } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';

const demo = useDemoService('store-undo');
const client = () => demo.client();

async function openDemo(): Promise<BoardStore> {
  const store = createBoardStore(client());
  await store.getState().loadBoards();
  await store.getState().openBoard(store.getState().boards.items[0]!.Id);
  return store;
}

/** The first card of the first column with at least two cards. */
function someCard(store: BoardStore): Card {
  const s = store.getState();
  const col = s.columns.find((c) => (s.view.columns[c.label]?.length ?? 0) >= 2)!;
  return s.view.columns[col.label]![0]!;
}

/** Where the server has the card: its column's numeric id, or null when it is not listed (archived). */
async function serverColumnOf(store: BoardStore, id: string): Promise<number | null> {
  const s = store.getState();
  for (const c of s.columns) {
    const rows = readableCards(await client().listCards(s.boardId!, c.id, 1, 200));
    if (rows.some((r) => r.ServiceTaskId === id)) return c.id;
  }
  return null;
}

async function settled(o: ReturnType<BoardStore['getState']>['undo'] extends (...a: never[]) => infer R ? R : never) {
  expect('done' in o).toBe(true);
  if ('done' in o) await o.settled;
}

describe('undo and redo', () => {
  it('undoes a move with the inverse move, shown at once, and redoes it', async () => {
    const store = await openDemo();
    const card = someCard(store);
    const from = store.getState().columns.find((c) => c.label === card.columnLabel)!;
    const to = store.getState().columns.find((c) => c.label !== card.columnLabel)!;
    await store.getState().moveCard(card.id, to.label, 0);
    expect(store.getState().history.undo).toContain('move of');

    const undone = store.getState().undo();
    // Shown before the server answers.
    expect(store.getState().view.cards.get(card.id)?.columnLabel).toBe(from.label);
    expect('done' in undone && undone.done).toMatch(/^Undone: move of “.+” to /);
    await settled(undone);
    expect(await serverColumnOf(store, card.id)).toBe(from.id);
    expect(store.getState().view.columns[from.label]![0]!.id).toBe(card.id);

    await settled(store.getState().redo());
    expect(await serverColumnOf(store, card.id)).toBe(to.id);
    expect(store.getState().undo()).toMatchObject({ done: expect.stringMatching(/^Undone/) });
  });

  it('goes several levels deep, newest first', async () => {
    const store = await openDemo();
    const card = someCard(store);
    const title = card.title;
    await store.getState().editTitle(card.id, 'First edit');
    await store.getState().editTitle(card.id, 'Second edit');
    await settled(store.getState().undo());
    expect(store.getState().view.cards.get(card.id)?.title).toBe('First edit');
    await settled(store.getState().undo());
    expect(store.getState().view.cards.get(card.id)?.title).toBe(title);
    const server = await client().getCard(card.id);
    expect(server.TaskName).toBe(title);
    expect(store.getState().undo()).toEqual({ nothing: 'Nothing to undo' });
  });

  it('brings an archived card back where it was (restore extension)', async () => {
    const store = await openDemo();
    const card = someCard(store);
    const col = store.getState().columns.find((c) => c.label === card.columnLabel)!;
    const index = store.getState().view.columns[col.label]!.findIndex((c) => c.id === card.id);
    await store.getState().archiveCard(card.id);
    expect(await serverColumnOf(store, card.id)).toBeNull();
    await settled(store.getState().undo());
    expect(store.getState().view.columns[col.label]![index]!.id).toBe(card.id);
    expect(await serverColumnOf(store, card.id)).toBe(col.id);
  });

  it('undoes due date, read state, assignees and tags with their inverse', async () => {
    const store = await openDemo();
    const card = someCard(store);
    await store.getState().setDueDate(card.id, '2026-12-01T17:00:00.000Z');
    await store.getState().setRead(card.id, false);
    await store.getState().setAssignees(card.id, ['sam.rivera@example.com']);
    expect(store.getState().view.cards.get(card.id)).toMatchObject({
      dueDate: '2026-12-01T17:00:00.000Z',
      unread: true,
      assignees: ['sam.rivera@example.com'],
    });
    await settled(store.getState().undo());
    await settled(store.getState().undo());
    await settled(store.getState().undo());
    const now = store.getState().view.cards.get(card.id)!;
    expect(now.dueDate).toBe(card.dueDate);
    expect(now.unread).toBe(card.unread);
    expect(now.assignees ?? []).toEqual(card.assignees ?? []);
    const server = await client().getCard(card.id);
    expect(server.DueDate ?? null).toBe(card.dueDate);
    expect(server.ReadUnreadStatus).toBe(card.unread ? 0 : 1);
  });

  it('asks before undoing a card someone else changed since', async () => {
    const store = await openDemo();
    const card = someCard(store);
    await store.getState().editTitle(card.id, 'Mine');
    // A teammate renames it; the board sees that on its next refresh.
    const s = store.getState();
    const col = s.columns.find((c) => c.label === card.columnLabel)!;
    await client().updateCard(card.id, { BoardId: s.boardId!, ColumnId: col.id, CardTitle: 'Theirs' });
    await store.getState().refresh();
    const asked = store.getState().undo();
    expect(asked).toEqual({
      confirm: `Undo the title change of “${card.title.slice(0, 39)}…” anyway?`,
      because: 'The card changed since: its title is now “Theirs”.',
    });
    // Nothing was sent: the teammate's title stands until the user says yes.
    expect((await client().getCard(card.id)).TaskName).toBe('Theirs');
    await settled(store.getState().undo(true));
    expect((await client().getCard(card.id)).TaskName).toBe(card.title);
  });

  it('keeps a refused undo as the next one to undo, with the server’s words', async () => {
    const store = await openDemo();
    const card = someCard(store);
    const to = store.getState().columns.find((c) => c.label !== card.columnLabel)!;
    await store.getState().moveCard(card.id, to.label, 0);
    // Archived behind the board's back: the inverse move is refused.
    await client().archiveCard(card.id);
    const undone = store.getState().undo(true);
    expect('done' in undone).toBe(true);
    if ('done' in undone) await undone.settled;
    expect(store.getState().lastError).toMatch(/not found|archived/i);
    expect(store.getState().history.undo).toContain('move of');
  });

  it('undoes a bulk change together', async () => {
    const store = await openDemo();
    const s = store.getState();
    const col = s.columns.find((c) => (s.view.columns[c.label]?.length ?? 0) >= 2)!;
    const [a, b] = s.view.columns[col.label]!;
    const archives: Promise<void>[] = [];
    s.together('archive of 2 cards', () => {
      archives.push(s.archiveCard(a!.id), s.archiveCard(b!.id));
    });
    await Promise.all(archives);
    expect(store.getState().history.undo).toBe('archive of 2 cards');
    await settled(store.getState().undo());
    expect(
      store
        .getState()
        .view.columns[col.label]!.slice(0, 2)
        .map((c) => c.id),
    ).toEqual([a!.id, b!.id]);
    expect(await serverColumnOf(store, a!.id)).toBe(col.id);
    expect(await serverColumnOf(store, b!.id)).toBe(col.id);
  });
});
