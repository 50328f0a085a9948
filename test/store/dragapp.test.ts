/**
 * The board store over the DragApp stand-in: it asks for "a column's cards"
 * and "move this card" as it always does, and the client's dialect lands
 * them on DragApp's routes; a create the service loses rolls back in words;
 * `#` finds a card by words of its title as on any server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { HEX_THREAD, HEX_THREAD_2 } from '../support/dragapp-shapes.js';
import { startDragAppService, type DragAppService } from '../support/dragapp-service.js';

let svc: DragAppService;
let store: BoardStore;

beforeEach(async () => {
  svc = await startDragAppService();
  store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
  await store.getState().loadBoards();
  await store.getState().openBoard(1);
});
afterEach(() => svc.close());

const ids = (label: string) => (store.getState().view.columns[label] ?? []).map((c) => c.id);

describe('a DragApp board in the store', () => {
  it("keys columns by their Label_N and lists every column's cards", () => {
    const s = store.getState();
    expect(s.columns.map((c) => c.label)).toEqual(['Label_1', 'Label_2', 'Label_9726643905']);
    expect(ids('Label_1')).toEqual([HEX_THREAD, '101', '102', '103']);
    expect(s.view.columns.Label_1?.[0]).toMatchObject({ sender: 'Jane Doe <jane@example.com>' });
    expect(s.boardError).toBeNull();
  });

  it('moves a card to a position and creates one that is then listed', async () => {
    await store.getState().moveCard('101', 'Label_2', 1);
    expect(svc.listed(1, 'Label_2')).toEqual([HEX_THREAD_2, '101', '104']);
    const id = await store.getState().createCard('Label_2', 'Call Jane back');
    expect(id).toBe('300');
    expect(svc.listed(1, 'Label_2')[0]).toBe('300');
    expect(store.getState().lastError).toBeNull();
  });

  it('a create the service loses is rolled back with the words why', async () => {
    svc.ghostNextCreate = true;
    await expect(store.getState().createCard('Label_1', 'Lost one')).rejects.toThrow(/FAILED/);
    expect(store.getState().lastError).toContain('Creating the card FAILED');
    expect(store.getState().view.columns.Label_1?.map((c) => c.title)).not.toContain('Lost one');
  });

  it("a thread's archive is refused and the thread stays", async () => {
    await expect(store.getState().archiveCard(HEX_THREAD)).rejects.toThrow(/can't archive email threads/);
    expect(ids('Label_1')).toContain(HEX_THREAD);
    expect(svc.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('# with words of a title finds the card by its title, never asking for them as an id; an unknown id says so', async () => {
    const detailAsked = () => svc.requests.filter((r) => r.path.includes('/entityConversation/detail-page'));
    await expect(store.getState().findCard('courier')).resolves.toEqual({
      by: 'title',
      found: true,
      cardId: '101',
      unfiltered: false,
    });
    expect(store.getState().cursor.cardId).toBe('101');
    await expect(store.getState().findCard('question')).resolves.toMatchObject({ by: 'title', cardId: HEX_THREAD_2 });
    await expect(store.getState().findCard('no such words')).rejects.toThrow(
      'No card no such words on this server, and no title has “no such words” among the 6 cards loaded of this board',
    );
    // Words can't be a DragApp id (a number, a thread's hex id, wamid-…): none was sent as one, on any route.
    expect(detailAsked()).toEqual([]);
    expect(svc.requests.filter((r) => /courier|question|no(\+|%20)such/.test(r.path))).toEqual([]);
    // DragApp answers an unknown entity with a 200 saying "Entity not found": no card, not a failure.
    await expect(store.getState().jumpToCard('999999')).rejects.toThrow('No card 999999 on this server');
    expect(detailAsked().map((r) => new URL(r.path, 'http://x').searchParams.get('entityId'))).toEqual(['999999']);
    // A card it has is still found by its id.
    await expect(store.getState().findCard('#103')).resolves.toMatchObject({ by: 'id', found: true, cardId: '103' });
  });

  it('a reply stays drawn as sent: DragApp gives one message of a thread, never the reply', async () => {
    await store.getState().loadThread(HEX_THREAD);
    await store.getState().sendReply(HEX_THREAD, 'Refunded today.');
    expect(svc.mail.replies).toHaveLength(1);
    const entry = store.getState().threads.get(HEX_THREAD);
    expect(entry?.messages?.every((m) => !m.Text.includes('Refunded today.'))).toBe(true);
    expect(entry?.sent.map((r) => r.text)).toEqual(['Refunded today.']);
  });
});
