/**
 * The board store over the recorded-shapes fixture: columns without labels,
 * cards placed where they were listed, an unreadable row kept in its column,
 * and moves, archives and comments that reach exactly the card meant.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';

const BIG = '9007199254740993';
const HEX = '18c2f3a9b4d5e6f7';
const WAMID = 'wamid-4915112345678-7-1';

let svc: RecordedService;
let store: BoardStore;

beforeEach(async () => {
  svc = await startRecordedService();
  store = createBoardStore(createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 }));
  await store.getState().loadBoards();
  await store.getState().openBoard(1);
});
afterEach(() => svc.close());

const titles = (label: string) => (store.getState().view.columns[label] ?? []).map((c) => c.displayTitle);
const ids = (label: string) => (store.getState().view.columns[label] ?? []).map((c) => c.id);

describe('a board of the real service', () => {
  it('lists readable boards and keeps the unreadable entry aside', () => {
    const { boards } = store.getState();
    expect(boards.items.map((b) => b.Name)).toEqual(['Support inbox', 'Sales', 'WhatsApp']);
    expect(boards.unreadable).toHaveLength(1);
  });

  it('keys label-less columns by their Id and puts each card in the column it was listed under', () => {
    const s = store.getState();
    expect(s.columns.map((c) => c.label)).toEqual(['#11', '#12', '#13']);
    expect(ids('#11').slice(0, 5)).toEqual(['101', BIG, HEX, '102', '103']);
    expect(ids('#12')).toEqual([WAMID, '104']);
    expect(s.boardError).toBeNull();
  });

  it('draws the unreadable row in its place, saying why, while the rest of the column draws', () => {
    const rows = store.getState().view.columns['#11'] ?? [];
    expect(rows).toHaveLength(6);
    expect(rows[5]?.unreadable).toBe('it has no card id');
    expect(titles('#11')[5]).toBe('(no id) — unreadable: it has no card id');
  });

  it('moves the card past 2^53 to the next column, exactly', async () => {
    await store.getState().moveCard(BIG, '#12', 0);
    expect(svc.cardIds(12)[0]).toBe(BIG);
    expect(ids('#12')[0]).toBe(BIG);
    expect(store.getState().lastError).toBeNull();
  });

  it('archives the hex thread and comments on the WhatsApp card', async () => {
    await store.getState().archiveCard(HEX);
    expect(svc.archived).toEqual([HEX]);
    expect(ids('#11')).not.toContain(HEX);
    await store.getState().addComment(WAMID, 'Sent the tracking link');
    expect(svc.comments).toContainEqual({ cardId: WAMID, body: 'Sent the tracking link' });
  });

  it('opens a card with its listed fields at once, then merges the four the server gives', async () => {
    const open = store.getState().openCard('101');
    const first = store.getState().detail;
    expect(first?.loading).toBe(true);
    expect(first?.data?.TaskName).toBe('Re: Invoice #10482');
    expect(first?.data?.Assignees).toEqual(['ana@example.com']);
    await open;
    const d = store.getState().detail?.data;
    expect(d?.ServiceTaskId).toBe('101');
    expect(d?.ColumnId).toBe('#11');
    expect(d?.Assignees).toEqual(['ana@example.com']);
    expect(typeof d?.Note).toBe('string');
    expect(d).not.toHaveProperty('Comments');
  });

  it('removing a tag on a server without PUT tags says so and changes nothing', async () => {
    await expect(store.getState().setTags('101', [])).rejects.toThrow('not offered by this server');
    expect(store.getState().lastError).toContain('not offered by this server');
  });

  it('a refresh keeps every card where it was listed', async () => {
    await store.getState().refresh();
    expect(ids('#11').slice(0, 5)).toEqual(['101', BIG, HEX, '102', '103']);
    expect(store.getState().markedChanged.size).toBe(0);
  });
});

describe('the local service’s extensions on the real service, which has none of them', () => {
  it('a due date, a read mark and a sub-task tick are refused once in words and rolled back; later ones at once', async () => {
    const before = store.getState().view.cards.get('101')!;
    await expect(store.getState().setDueDate('101', '2030-01-01T09:00:00.000Z')).rejects.toThrow(
      /not offered by this server/,
    );
    expect(store.getState().view.cards.get('101')?.dueDate).toBe(before.dueDate);
    expect(store.getState().lastError).toMatch(/not offered by this server/);
    expect(store.getState().offers('setDueDate')).toBe(false);
    const sent = svc.requests.length;
    await expect(store.getState().setDueDate('101', null)).rejects.toThrow(/not offered/);
    // Known now: the second is refused without asking the server again.
    expect(svc.requests.length).toBe(sent);
    await expect(store.getState().setRead('101', !before.unread)).rejects.toThrow(/not offered/);
    expect(store.getState().view.cards.get('101')?.unread).toBe(before.unread);
    // Refused changes are not in the history: nothing to undo.
    expect(store.getState().undo()).toEqual({ nothing: 'Nothing to undo' });
  });

  it('learns that archives cannot be restored here, and u says so instead of sending anything', async () => {
    await store.getState().learnRestore();
    expect(store.getState().offers('archivedCards')).toBe(false);
    await store.getState().archiveCard('102');
    expect(svc.archived).toContain('102');
    const sent = svc.requests.length;
    const o = store.getState().undo();
    expect(o).toEqual({ nothing: 'An archive cannot be undone on this server (it has no restore)' });
    expect(svc.requests.length).toBe(sent);
  });

  it('still undoes what the real service can do: a move goes back with the inverse move', async () => {
    await store.getState().moveCard('101', '#12', 0);
    expect(svc.cardIds(12)[0]).toBe('101');
    const o = store.getState().undo();
    expect('done' in o).toBe(true);
    if ('done' in o) await o.settled;
    expect(svc.cardIds(11)[0]).toBe('101');
  });
});
