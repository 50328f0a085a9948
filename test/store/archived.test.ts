/**
 * The archived cards' list (store/archived.ts) against the real local
 * service with the demo workspace: newest first, a page at a time, restored
 * at once on top of its column (and on the server there); and against the
 * recorded shapes of a server without the extension, which says so once.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { ArchivedCard } from '../../src/api/read-model.js';
import { isUnreadable, type CardId } from '../../src/api/read-model.js';
import { createBoardStore } from '../../src/store/index.js';
import { readableCards } from '../support/board-view.js';
import { useDemoService } from '../support/demo-service.js';
import { startRecordedService } from '../support/recorded-service.js';

const demo = useDemoService('store-archived');
const client = () => demo.client({ maxAttempts: 1 });

const idsOf = (rows: readonly (ArchivedCard | { unreadable: string })[]): CardId[] =>
  rows.flatMap((r) => (isUnreadable(r as object) ? [] : [(r as ArchivedCard).ServiceTaskId]));

describe('the archived cards of the open board', () => {
  it('are listed newest first, a page at a time', async () => {
    const store = await demo.open('Support Inbox', { pageSize: 2 });
    const board = store.getState().boardId!;
    const col = store.getState().columns[0]!;
    const cards = readableCards(await client().listCards(board, col.id, 1)).slice(0, 3);
    for (const c of cards) await client().archiveCard(c.ServiceTaskId);
    const newestFirst = cards.map((c) => c.ServiceTaskId).reverse();

    const first = store.getState().loadArchived(1);
    expect(store.getState().archived).toMatchObject({ boardId: board, loading: true, items: [] });
    await first;
    let a = store.getState().archived;
    expect(idsOf(a.items)).toEqual(newestFirst.slice(0, 2));
    expect(a).toMatchObject({ pages: 1, hasMore: true, loading: false, error: null, unsupported: false });
    expect((a.items[0] as ArchivedCard).ArchivedAt).not.toBeNull();

    await store.getState().loadArchived(2);
    a = store.getState().archived;
    expect(idsOf(a.items).slice(0, 3)).toEqual(newestFirst);
    expect(a.pages).toBe(2);

    // Page 1 again starts the list afresh.
    await store.getState().loadArchived(1);
    expect(idsOf(store.getState().archived.items)).toEqual(newestFirst.slice(0, 2));
  });

  it('a restored card shows at once on top of its column, and the server has it back there', async () => {
    const store = await demo.open('Sales Pipeline');
    const board = store.getState().boardId!;
    const col = store.getState().columns[1]!;
    const card = readableCards(await client().listCards(board, col.id, 1)).at(-1)!;
    await client().archiveCard(card.ServiceTaskId);
    await store.getState().refresh();
    expect(store.getState().view.cards.get(card.ServiceTaskId)).toBeUndefined();

    await store.getState().loadArchived(1);
    const row = store.getState().archived.items.find((r) => idsOf([r])[0] === card.ServiceTaskId) as ArchivedCard;
    expect(row.ColumnId).toBe(col.label);
    store.getState().dropArchived(row.ServiceTaskId);
    const restoring = store.getState().restoreCard(row, col.label);
    // Optimistic: on top of its column before the server answers.
    expect(store.getState().view.columns[col.label]?.[0]?.id).toBe(card.ServiceTaskId);
    expect(idsOf(store.getState().archived.items)).not.toContain(card.ServiceTaskId);
    await restoring;
    const there = readableCards(await client().listCards(board, col.id, 1));
    expect(there[0]?.ServiceTaskId).toBe(card.ServiceTaskId);
    await store.getState().loadArchived(1);
    expect(idsOf(store.getState().archived.items)).not.toContain(card.ServiceTaskId);
  });

  it('a server without the list: unsupported, said by the client, and not asked again', async () => {
    const svc = await startRecordedService();
    try {
      const c = createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 });
      const store = createBoardStore(c);
      await store.getState().loadBoards();
      await store.getState().openBoard(1);
      await store.getState().loadArchived(1);
      expect(store.getState().archived).toMatchObject({ unsupported: true, loading: false });
      expect(store.getState().offers('archivedCards')).toBe(false);
      const asked = svc.requests.filter((r) => r.path.includes('archived')).length;
      await store.getState().loadArchived(1);
      expect(svc.requests.filter((r) => r.path.includes('archived')).length).toBe(asked);
    } finally {
      await svc.close();
    }
  });
});

describe('the demo workspace', () => {
  it('has two threads archived last week on Support Inbox, so A shows something from the start', async () => {
    const store = await demo.open('Support Inbox');
    await store.getState().loadArchived(1);
    const items = store.getState().archived.items.filter((r): r is ArchivedCard => !isUnreadable(r as object));
    const seeded = ['Re: Receipt for order #88213 (resolved)', 'Out of office: back Monday'];
    // (Cards other tests here archived come first: they are newer.)
    expect(items.map((c) => c.TaskName).filter((t) => seeded.includes(t))).toEqual(seeded);
    // Archived, so not on the board: Done lists neither.
    const shown = [...store.getState().view.cards.values()].map((c) => c.title);
    expect(shown).not.toContain('Out of office: back Monday');
  });
});
