/**
 * The store's board running against the real service: the lists it touched
 * are read again; a refusal is reported for the status bar and rejects with
 * what was typed; `ownerOnly` speaks only when the owner and the user are
 * both known.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Board } from '../../src/api/read-model.js';
import { createBoardStore, MutationError, ownerOnly, type BoardStore } from '../../src/store/index.js';
import { startTestService, type TestService } from '../server/helpers.js';

let svc: TestService;
let store: BoardStore;
beforeEach(async () => {
  svc = await startTestService();
  store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
  await Promise.all([store.getState().loadBoards(), store.getState().loadMe()]);
  await store.getState().openBoard(store.getState().boards.items[0]!.Id);
});
afterEach(() => svc.close());

const openBoard = (): Board => store.getState().boards.items.find((b) => b.Id === store.getState().boardId)!;

describe('running the open board', () => {
  it('renames the board and its members: the boards list has them at once', async () => {
    await store.getState().renameBoard('Support desk');
    await store.getState().setMembers(['new.hire@example.com']);
    expect(openBoard()).toMatchObject({ Name: 'Support desk', Users: ['new.hire@example.com'] });
  });

  it('renames a column and deletes one with its cards moved: columns and cards as the server has them', async () => {
    const [first, second] = store.getState().columns;
    const moving = (store.getState().view.columns[first!.label] ?? []).map((c) => c.id);
    await store.getState().renameColumn(first!.label, 'Incoming');
    expect(store.getState().columns[0]?.name).toBe('Incoming');
    const moved = await store.getState().deleteColumn(first!.label, second!.label);
    expect(moved).toBe(moving.length);
    expect(store.getState().columns.map((c) => c.label)).not.toContain(first!.label);
    const there = (store.getState().view.columns[second!.label] ?? []).map((c) => c.id);
    for (const id of moving) expect(there).toContain(id);
  });

  it('a refusal rejects with the text typed and is on the status bar in the server’s words', async () => {
    const first = store.getState().columns[0]!;
    const e = await store
      .getState()
      .deleteColumn(first.label)
      .then(
        () => null,
        (x: unknown) => x,
      );
    expect(e).toBeInstanceOf(MutationError);
    expect((e as MutationError).status).toBe(409);
    expect(store.getState().lastError).toMatch(/has \d+ cards?: give MoveCardsTo/);
    const long = 'x'.repeat(101);
    const named = await store
      .getState()
      .renameColumn(first.label, long)
      .then(
        () => null,
        (x: unknown) => x,
      );
    expect((named as MutationError).text).toBe(long);
    expect(store.getState().columns[0]?.name).toBe(first.name);
  });

  it('archiving the open board closes it', async () => {
    const id = store.getState().boardId!;
    await store.getState().archiveBoard(id);
    expect(store.getState().boardId).toBeNull();
    expect(store.getState().boards.items.map((b) => b.Id)).not.toContain(id);
  });
});

describe('ownerOnly', () => {
  it('names the owner for anyone else; says nothing when the owner or the user is unknown, on a server that doesn’t say whose key it is, or for the owner', () => {
    const s = store.getState();
    const b = openBoard();
    const as = (email: string | null) => ({ ...s, me: email === null ? null : { email, userId: null } });
    expect(ownerOnly(as('sam@example.com'), b.Id, 'rename it')).toBe(
      `Only the board’s owner, ${b.Owner}, can rename it`,
    );
    expect(ownerOnly(as(b.Owner.toUpperCase()), b.Id, 'rename it')).toBeNull();
    expect(ownerOnly(as(null), b.Id, 'rename it')).toBeNull();
    const nameless = { ...as('sam@example.com'), boards: { ...s.boards, items: [{ ...b, Owner: '' }] } };
    expect(ownerOnly(nameless, b.Id, 'rename it')).toBeNull();
    // A server that doesn't say whose key it is (DragApp) answers for itself.
    expect(ownerOnly({ ...as('sam@example.com'), offers: () => false }, b.Id, 'rename it')).toBeNull();
  });
});
