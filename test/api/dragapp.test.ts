/**
 * The client against the DragApp stand-in over loopback: the dialect is
 * learnt from the server's answers, remembered, and every operation the
 * screens and commands use lands on the route DragApp's own client uses,
 * with the stand-in's state checked after each change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { isUnreadable, type Card, type CardRow } from '../../src/api/read-model.js';
import type { Client } from '../../src/api/types.js';
import { HEX_THREAD, HEX_THREAD_2 } from '../support/dragapp-shapes.js';
import { startDragAppService, type DragAppService } from '../support/dragapp-service.js';
import { failure } from './helpers.js';

let svc: DragAppService;
let client: Client;
beforeEach(async () => {
  svc = await startDragAppService();
  client = createClient({ baseUrl: svc.url, apiKey: svc.key, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
});
afterEach(() => svc.close());

const paths = () => svc.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`);
const cards = (rows: CardRow[]): Card[] => rows.filter((r): r is Card => !isUnreadable(r));
/** The columns of board 1, as the client lists them (this also teaches it the dialect). */
async function columns() {
  await client.listBoards();
  return client.listColumns(1);
}

describe('choosing the dialect', () => {
  it('learns DragApp from a refused /v2 route, asks once, and stays with it', async () => {
    const boards = await client.listBoards();
    expect(boards.map((b) => ('Id' in b ? b.Id : null))).toEqual([1, 2]);
    await client.listColumns(1);
    await client.listBoards();
    expect(paths()).toEqual([
      'GET /v2/board',
      'GET /v1.18/teamBoard/boards', // the probe, answering the first listing too
      'GET /v1.18/teamBoard/boards',
      'GET /v1.18/teamBoard/boards',
    ]);
    expect(client.offers('setDueDate')).toBe(true);
    expect(client.offers('setReadStatus')).toBe(false);
  });

  it('learns it from the column-cards refusal too, when that comes first', async () => {
    // The board's columns are read to find the label of column 1.
    expect(cards(await client.listCards(1, 1, 1)).map((c) => c.ServiceTaskId)).toContain('101');
    // A number that is no column's is refused in words, not guessed into a label.
    expect((await failure(client.listCards(1, 500, 1))).message).toBe(
      "Column 500 is not one of DragApp's columns on board 1",
    );
    expect(paths().filter((p) => p.includes('/v2/'))).toEqual(['GET /v2/board/1/column/1/cards']);
  });
});

describe('reading', () => {
  it('boards with their members', async () => {
    const [support] = await client.listBoards();
    expect(support).toMatchObject({ Id: 1, Name: 'Support inbox', Users: ['ana@example.com', 'ben@example.com'] });
    // /v2 detail is kept, its missing Id and empty members filled from v1.18.
    expect(await client.getBoard(2)).toMatchObject({ Id: 2, Name: 'Sales', Users: ['cy@example.com'] });
  });

  it('columns: the prefix stripped, the label kept as the id, a "#" in the name intact', async () => {
    expect(await columns()).toEqual([
      { Id: 1, ColumnId: 'Label_1', Name: 'New' },
      { Id: 2, ColumnId: 'Label_2', Name: 'In progress' },
      { Id: 9726643905, ColumnId: 'Label_9726643905', Name: 'Sprint #3' },
    ]);
  });

  it("a column's cards: threads and tasks mixed, in order, titles decoded only when clean, paged here", async () => {
    await columns();
    const all = cards(await client.listCards(1, 1, 1));
    expect(all.map((c) => [c.ServiceTaskId, c.TaskName])).toEqual([
      [HEX_THREAD, 'Refund for order 1182'],
      ['101', 'Call the courier'],
      ['102', 'Ünïcode task ✓'],
      ['103', 'Test'],
    ]);
    expect(all[0]).toMatchObject({
      Sender: 'Jane Doe <jane@example.com>',
      Snippet: 'Hi, the parcel arrived broken',
      ReadUnreadStatus: 0,
      Assignees: ['ana@example.com'],
      ColumnId: 'Label_1',
    });
    expect(all[1]?.DueDate).toBe('2026-03-01T09:00:00.000Z');
    expect(all[1]?.Sender).toBeUndefined();
    const fetches = () => paths().filter((p) => p.endsWith('emailData/fetch')).length;
    const before = fetches();
    const page1 = cards(await client.listCards(1, 1, 1, 3));
    const page2 = cards(await client.listCards(1, 1, 2, 3));
    expect([...page1, ...page2].map((c) => c.ServiceTaskId)).toEqual([HEX_THREAD, '101', '102', '103']);
    expect(fetches()).toBe(before + 1);
  });

  it('the detail: due date, status, assignees, note', async () => {
    await columns();
    await client.listCards(1, 1, 1);
    expect(await client.getCard(HEX_THREAD)).toMatchObject({
      ServiceTaskId: HEX_THREAD,
      TaskName: 'Refund for order 1182',
      Status: 'OPEN',
      Assignees: ['ana@example.com'],
    });
    expect(await client.getCard('103')).toMatchObject({ TaskName: 'Test', Note: 'Plain words' });
    expect((await client.getCard('101')).DueDate).toBe('2026-03-01T09:00:00.000Z');
    const detail = svc.requests.find((r) => r.path.includes('detail-page') && r.path.includes('entityId=103'));
    expect(detail?.path).toContain('entityType=1');
    expect(detail?.path).toContain('skipUpdateReadStatus=true');
  });

  it("v1.18's {Error, Success:false} on a 200 is a failure naming the route", async () => {
    await columns();
    const err = await failure(client.getCard('999'));
    expect(err.message).toBe('GET /v1.18/entityConversation/detail-page: Entity not found');
    // No such card: the 404 it means (# then looks in the titles).
    expect(err).toMatchObject({ status: 404 });
  });
});

describe('changing', () => {
  beforeEach(async () => {
    await columns();
    await client.listCards(1, 1, 1);
  });

  it('moves within a board to a position, every value a string', async () => {
    await client.moveCard({ Id: '101', NewColumnId: 2, NewPosition: 1 });
    expect(svc.listed(1, 'Label_2')).toEqual([HEX_THREAD_2, '101', '104']);
    const sent = svc.requests.find((r) => r.path === '/v1.18/emailData/move');
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      entityId: '101',
      entityType: '1',
      newColumnId: 'Label_2',
      newBoardId: '1',
      newPosition: '1',
    });
  });

  it('moves a thread to another board', async () => {
    await client.listColumns(2);
    await client.moveCard({ Id: HEX_THREAD, NewColumnId: 5, NewBoardId: 2, NewPosition: 0 });
    expect(svc.listed(2, 'Label_5')).toEqual([HEX_THREAD, '201']);
    expect(svc.item(HEX_THREAD)?.boardId).toBe(2);
  });

  it('creates with the label and base64 title, and finds the card listed', async () => {
    const made = await client.createCard({ BoardId: 1, ColumnId: 2, CardTitle: 'Reply to Jane ✓', Note: 'soon' });
    expect(made.taskId).toBe('300');
    expect(svc.listed(1, 'Label_2')[0]).toBe('300');
    const sent = JSON.parse(svc.requests.find((r) => r.path === '/v1.18/task/create')?.body ?? '');
    expect(sent).toEqual({
      boardId: 1,
      columnId: 'Label_2',
      taskName: Buffer.from('Reply to Jane ✓').toString('base64'),
      note: 'soon',
    });
  });

  it('what task/create cannot carry is refused before anything is sent', async () => {
    const n = svc.requests.length;
    const two = { BoardId: 1, ColumnId: 1, CardTitle: 'X', Assignee: ['ana@example.com', 'ben@example.com'] };
    expect((await failure(client.createCard(two))).message).toContain('takes one assignee');
    const sub = { BoardId: 1, ColumnId: 1, CardTitle: 'X', SubTask: 'step' };
    expect((await failure(client.createCard(sub))).message).toBe("Adding sub-tasks is not offered by DragApp's API");
    expect(svc.requests.length).toBe(n);
  });

  it('a create whose card is not listed afterwards is a failure, not a success', async () => {
    svc.ghostNextCreate = true;
    const err = await failure(client.createCard({ BoardId: 1, ColumnId: 1, CardTitle: 'Lost' }));
    expect(err.message).toContain('Creating the card FAILED');
    expect(err.message).toContain('"Lost"');
  });

  it('renames through save-title and dates through SaveDueDate', async () => {
    await client.updateCard('104', { BoardId: 1, ColumnId: 2, CardTitle: 'Write the new FAQ' });
    expect(svc.item('104')?.title).toBe('Write the new FAQ');
    expect(paths()).not.toContain('PUT /v2/card/104');
    await client.setDueDate(HEX_THREAD, '2026-05-04T13:30:00.000Z');
    expect(svc.item(HEX_THREAD)?.due).toBe('2026-05-04 13:30:00');
    const sent = JSON.parse(svc.requests.find((r) => r.path.endsWith('SaveDueDate'))?.body ?? '');
    expect(sent).toEqual({ entityId: HEX_THREAD, entityType: '0', DueDate: '2026-05-04 13:30:00' });
    expect((await failure(client.setDueDate('104', null))).message).toBe(
      "Clearing a due date is not offered by DragApp's API",
    );
  });

  it("sets assignees with PUT /v2/card/:id in the vendor's camelCase", async () => {
    await client.updateCard('104', {
      BoardId: 1,
      ColumnId: 2,
      CardTitle: 'Write the FAQ',
      Assignee: ['ben@example.com'],
    });
    expect(svc.item('104')?.assignees).toEqual(['ben@example.com']);
    const sent = JSON.parse(svc.requests.find((r) => r.method === 'PUT')?.body ?? '');
    expect(sent).toEqual({ boardId: 1, columnId: 'Label_2', assignee: ['ben@example.com'] });
  });

  it('comments and tags through /v2', async () => {
    const c = await client.createComment('101', 'Called them');
    expect(c.CommentDetails?.Comment).toBe('Called them');
    expect(svc.world.comments).toMatchObject([{ cardId: '101', body: 'Called them' }]);
    expect((await client.listTags(1)).map((t) => t.Name)).toEqual(['urgent', 'billing']);
    await client.addTag(HEX_THREAD, 2);
    expect(svc.world.tagsAdded).toEqual([{ cardId: HEX_THREAD, tagId: '2' }]);
  });

  it('archives a task; a thread is refused in words and nothing is sent', async () => {
    await client.archiveCard('101');
    expect(svc.world.archived).toEqual(['101']);
    const n = svc.requests.length;
    const err = await failure(client.archiveCard(HEX_THREAD));
    expect(err.message).toBe("DragApp can't archive email threads through its API (only tasks); nothing was sent");
    expect(svc.requests.length).toBe(n);
  });
});
