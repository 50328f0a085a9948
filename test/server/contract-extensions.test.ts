/**
 * Contract: the card extensions of the local service — due date, read state,
 * sub-task ticks, a board's archived cards and restoring one — with their
 * 400s in words, 404s, auth and idempotency like every other route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import {
  ArchivedCardListed,
  CardDetail,
  CardListed,
  CreateCardResponse,
  RestoreCardData,
  SetDueDateData,
  SetReadStatusData,
  TickSubTaskData,
} from '../../src/api/schema-cards.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
let stranger: string;
beforeAll(async () => {
  s = await startTestService();
  stranger = await s.addUser('stranger@example.com');
});
afterAll(() => s.close());

const create = async (body: object = {}) =>
  CreateCardResponse.parse(
    (await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'ext', ...body } })).json,
  ).taskId;
const detail = async (id: number) => envelope(CardDetail).parse((await s.call('GET', `/v2/card/${id}`)).json).data;
const column = async (col: number, board = 1) =>
  envelope(z.array(CardListed)).parse(
    (await s.call('GET', `/v2/board/${board}/column/${col}/cards?page=1&limit=200`)).json,
  ).data;
const archived = async (board = 1, query = 'page=1&limit=200') =>
  envelope(z.array(ArchivedCardListed)).parse((await s.call('GET', `/v2/board/${board}/archived-cards?${query}`)).json)
    .data;
const archive = async (id: number) => expect((await s.call('DELETE', `/v2/card/${id}`)).status).toBe(200);
const columnsOf = async (board: number) =>
  ((await s.call('GET', `/v2/board/${board}/columns`)).json.data as { Id: number }[]).map((c) => c.Id);
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The answer is a 400 envelope whose message is exactly these words. */
function refused(r: { status: number; json: { message: string; error: boolean } }, message: string, status = 400) {
  expect(r.status).toBe(status);
  expect(r.json).toMatchObject({ error: true, code: status, message });
}

describe('PUT /v2/card/:id/due-date', () => {
  it('stores a date-time in UTC ISO, keeps a plain date plain, and null clears; reads and lists say the same', async () => {
    const id = await create();
    const set = await s.call('PUT', `/v2/card/${id}/due-date`, { body: { DueDate: '2026-12-01T18:30+01:00' } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ error: false, code: 200, message: 'Due date set' });
    expect(envelope(SetDueDateData).parse(set.json).data).toEqual({
      CardId: String(id),
      DueDate: '2026-12-01T17:30:00.000Z',
    });
    expect((await detail(id)).DueDate).toBe('2026-12-01T17:30:00.000Z');
    expect((await column(1)).find((c) => c.ServiceTaskId === id)?.DueDate).toBe('2026-12-01T17:30:00.000Z');

    const plain = await s.call('PUT', `/v2/card/${id}/due-date`, { body: { DueDate: '2026-12-24' } });
    expect(plain.json.data).toEqual({ CardId: String(id), DueDate: '2026-12-24' });
    expect((await detail(id)).DueDate).toBe('2026-12-24');

    const cleared = await s.call('PUT', `/v2/card/${id}/due-date`, { body: { DueDate: null } });
    expect(cleared.json).toMatchObject({ message: 'Due date cleared', data: { CardId: String(id), DueDate: null } });
    expect((await detail(id)).DueDate).toBeNull();
  });

  it('refuses what is not a real date, by name and in words', async () => {
    const id = await create();
    const put = (body: unknown) => s.call('PUT', `/v2/card/${id}/due-date`, { body });
    refused(
      await put({ DueDate: 'tomorrow' }),
      'DueDate: must be a date such as "2026-12-01" or a date and time such as "2026-12-01T17:00:00Z"',
    );
    refused(await put({ DueDate: '2026-02-30' }), 'DueDate: is not a real date');
    refused(await put({ DueDate: '2026-02-30T10:00:00Z' }), 'DueDate: is not a real date');
    // A date-time without Z or an offset names no moment.
    refused(
      await put({ DueDate: '2026-12-01T17:00' }),
      'DueDate: must be a date such as "2026-12-01" or a date and time such as "2026-12-01T17:00:00Z"',
    );
    refused(await put({ DueDate: 5 }), 'DueDate: must be a date such as "2026-12-01", a date and time, or null');
    refused(await put({}), 'DueDate: is required');
    refused(await put({ DueDate: null, Due: 1 }), 'Due: unknown field');
    refused(
      await s.call('PUT', `/v2/card/abc/due-date`, { body: { DueDate: null } }),
      'cardId: must be a card id such as "42"',
    );
    expect((await detail(id)).DueDate).toBeNull();
  });

  it('404 for an unknown or archived card, 401 without a key, 403 off the board', async () => {
    const body = { DueDate: '2026-12-01' };
    refused(await s.call('PUT', '/v2/card/999999/due-date', { body }), 'Card 999999 not found', 404);
    const id = await create();
    await archive(id);
    refused(await s.call('PUT', `/v2/card/${id}/due-date`, { body }), `Card ${id} is archived`, 404);
    expect((await s.call('PUT', `/v2/card/${id}/due-date`, { body, key: null })).status).toBe(401);
    const other = await create();
    expect((await s.call('PUT', `/v2/card/${other}/due-date`, { body, key: stranger })).status).toBe(403);
    expect((await detail(other)).DueDate).toBeNull();
  });
});

describe('PUT /v2/card/:id/read-status', () => {
  it('marks a card unread and read again; reads and lists say so', async () => {
    const id = await create();
    const unread = await s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 0 } });
    expect(unread.json).toMatchObject({ message: 'Marked unread', error: false });
    expect(envelope(SetReadStatusData).parse(unread.json).data).toEqual({ CardId: String(id), ReadStatus: 0 });
    expect((await detail(id)).ReadUnreadStatus).toBe(0);
    expect((await column(1)).find((c) => c.ServiceTaskId === id)?.ReadUnreadStatus).toBe(0);
    const read = await s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 1 } });
    expect(read.json.data).toEqual({ CardId: String(id), ReadStatus: 1 });
    expect((await detail(id)).ReadUnreadStatus).toBe(1);
  });

  it('refuses anything but 0 or 1 in words; 404, 401, 403 like the other routes', async () => {
    const id = await create();
    const put = (body: unknown, key?: string | null) =>
      s.call('PUT', `/v2/card/${id}/read-status`, { body, ...(key === undefined ? {} : { key }) });
    refused(await put({ ReadStatus: 2 }), 'ReadStatus: must be 1 (read) or 0 (unread)');
    refused(await put({ ReadStatus: '0' }), 'ReadStatus: must be 1 (read) or 0 (unread)');
    refused(await put({ ReadStatus: true }), 'ReadStatus: must be 1 (read) or 0 (unread)');
    refused(await put({}), 'ReadStatus: is required');
    refused(await put([]), 'body: must be a JSON object');
    refused(
      await s.call('PUT', '/v2/card/999999/read-status', { body: { ReadStatus: 0 } }),
      'Card 999999 not found',
      404,
    );
    expect((await put({ ReadStatus: 0 }, null)).status).toBe(401);
    expect((await put({ ReadStatus: 0 }, stranger)).status).toBe(403);
    expect((await detail(id)).ReadUnreadStatus).toBe(1);
  });
});

describe('PUT /v2/card/:id/sub-task/:subTaskId', () => {
  it('ticks and unticks; the card detail carries Done on every sub-task', async () => {
    const id = await create({ SubTask: 'first' });
    await s.call('POST', `/v2/card/${id}/sub-task`, { body: { Body: 'second' } });
    const [first, second] = (await detail(id)).SubTasks ?? [];
    expect([first?.Done, second?.Done]).toEqual([false, false]);
    const sub = second!.SubTaskId;
    const done = await s.call('PUT', `/v2/card/${id}/sub-task/${sub}`, { body: { Done: true } });
    expect(done.json).toMatchObject({ message: 'Sub-task ticked', error: false });
    expect(envelope(TickSubTaskData).parse(done.json).data).toEqual({ CardId: String(id), SubTaskId: sub, Done: true });
    expect((await detail(id)).SubTasks?.map((t) => t.Done)).toEqual([false, true]);
    const undone = await s.call('PUT', `/v2/card/${id}/sub-task/${sub}`, { body: { Done: false } });
    expect(undone.json).toMatchObject({ message: 'Sub-task unticked', data: { Done: false } });
    expect((await detail(id)).SubTasks?.map((t) => t.Done)).toEqual([false, false]);
  });

  it('404 for a sub-task of another card or none; 400 in words for the rest', async () => {
    const a = await create({ SubTask: 'mine' });
    const b = await create({ SubTask: 'theirs' });
    const theirs = (await detail(b)).SubTasks![0]!.SubTaskId;
    refused(
      await s.call('PUT', `/v2/card/${a}/sub-task/${theirs}`, { body: { Done: true } }),
      `Sub-task ${theirs} not found on card ${a}`,
      404,
    );
    expect((await detail(b)).SubTasks![0]!.Done).toBe(false);
    refused(
      await s.call('PUT', `/v2/card/${a}/sub-task/999999`, { body: { Done: true } }),
      `Sub-task 999999 not found on card ${a}`,
      404,
    );
    const mine = (await detail(a)).SubTasks![0]!.SubTaskId;
    const put = (body: unknown) => s.call('PUT', `/v2/card/${a}/sub-task/${mine}`, { body });
    refused(await put({ Done: 'yes' }), 'Done: must be true or false');
    refused(await put({ Done: 1 }), 'Done: must be true or false');
    refused(await put({}), 'Done: is required');
    refused(
      await s.call('PUT', `/v2/card/${a}/sub-task/x1`, { body: { Done: true } }),
      'subTaskId: must be a numeric id string such as "42"',
    );
    expect((await s.call('PUT', `/v2/card/${a}/sub-task/${mine}`, { body: { Done: true }, key: null })).status).toBe(
      401,
    );
    expect(
      (await s.call('PUT', `/v2/card/${a}/sub-task/${mine}`, { body: { Done: true }, key: stranger })).status,
    ).toBe(403);
  });
});

describe('GET /v2/board/:id/archived-cards', () => {
  it('lists the board’s archived cards newest first, as list cards plus ArchivedAt, paged', async () => {
    const before = await archived();
    const ids = [await create({ CardTitle: 'arch 1' }), await create({ CardTitle: 'arch 2' })];
    ids.push(await create({ CardTitle: 'arch 3' }));
    await s.call('POST', `/v2/card/${ids[0]}/tags`, { body: { TagId: '1' } });
    // Archived out of id order, so the order can only come from the time.
    for (const id of [ids[1]!, ids[0]!, ids[2]!]) {
      await archive(id);
      await tick(3);
    }
    const listed = await archived();
    expect(listed.slice(0, 3).map((c) => c.ServiceTaskId)).toEqual([ids[2], ids[0], ids[1]]);
    expect(listed).toHaveLength(before.length + 3);
    const first = listed[1]!;
    expect(first.TaskName).toBe('arch 1');
    expect(first.Tags?.map((t) => t.Id)).toEqual([1]);
    expect(first.ArchivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Exactly a listed card's fields and ArchivedAt, as sent (the schema's parse would drop extras).
    const raw = (await s.call('GET', '/v2/board/1/archived-cards?page=1&limit=3')).json.data[1];
    expect(Object.keys(raw).sort()).toEqual(Object.keys(ArchivedCardListed.shape).sort());
    // Paged like a column's cards: no card on two pages.
    const p1 = await archived(1, 'page=1&limit=2');
    const p2 = await archived(1, 'page=2&limit=2');
    expect([...p1, ...p2].map((c) => c.ServiceTaskId)).toEqual(listed.slice(0, 4).map((c) => c.ServiceTaskId));
    // Not on the other board's list; not in the column any more.
    expect((await archived(2)).some((c) => ids.includes(c.ServiceTaskId))).toBe(false);
    expect((await column(1)).some((c) => ids.includes(c.ServiceTaskId))).toBe(false);
  });

  it('archiving again keeps the first time; a card archived before times were kept comes last, ArchivedAt null', async () => {
    const id = await create();
    await archive(id);
    const at = (await archived()).find((c) => c.ServiceTaskId === id)?.ArchivedAt;
    await tick(5);
    await archive(id);
    expect((await archived()).find((c) => c.ServiceTaskId === id)?.ArchivedAt).toBe(at);
    const old = await create({ CardTitle: 'archived long ago' });
    await s.withSql((db) => db.run('UPDATE cards SET archived = 1, archived_at = NULL WHERE id = ?', [old]));
    const listed = await archived();
    expect(listed.at(-1)).toMatchObject({ ServiceTaskId: old, ArchivedAt: null });
  });

  it('validates paging like the column listing; 404 unknown board, 403 not shared, 401 without a key', async () => {
    refused(await s.call('GET', '/v2/board/1/archived-cards'), 'page: is required');
    refused(await s.call('GET', '/v2/board/1/archived-cards?page=0'), 'page: must be 1 or more');
    refused(await s.call('GET', '/v2/board/1/archived-cards?page=1&limit=201'), 'limit: must be at most 200');
    refused(await s.call('GET', '/v2/board/1/archived-cards?page=1&sort=new'), 'sort: unknown field');
    refused(await s.call('GET', '/v2/board/999/archived-cards?page=1'), 'Board 999 not found', 404);
    expect((await s.call('GET', '/v2/board/1/archived-cards?page=1', { key: stranger })).status).toBe(403);
    expect((await s.call('GET', '/v2/board/1/archived-cards?page=1', { key: null })).status).toBe(401);
    // GET parameters may come in a JSON body, as on every GET.
    const viaBody = await s.call('GET', '/v2/board/1/archived-cards', { body: { page: 1, limit: 1 } });
    expect(viaBody.status).toBe(200);
    expect(viaBody.json.data).toHaveLength(1);
  });
});

describe('POST /v2/card/:id/restore', () => {
  it('without a body: back on top of the column it was archived from, active again', async () => {
    const [, second] = await columnsOf(1);
    const id = await create({ ColumnId: second });
    await create({ ColumnId: second, CardTitle: 'on top meanwhile' });
    await archive(id);
    const r = await s.call('POST', `/v2/card/${id}/restore`);
    expect(r.json).toMatchObject({ message: 'Card restored', error: false });
    expect(envelope(RestoreCardData).parse(r.json).data).toEqual({ CardId: String(id), ColumnId: second, Position: 0 });
    expect((await column(second!))[0]!.ServiceTaskId).toBe(id);
    expect((await detail(id)).Archived).toBe(false);
    expect((await archived()).some((c) => c.ServiceTaskId === id)).toBe(false);
    // Active again: other changes work.
    expect((await s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 0 } })).status).toBe(200);
  });

  it('to a given column and place; a place past the end is the last, and the answer says which', async () => {
    const [first, , third] = await columnsOf(1);
    const id = await create({ ColumnId: first });
    await archive(id);
    const r = await s.call('POST', `/v2/card/${id}/restore`, { body: { ColumnId: third, Position: 1 } });
    expect(r.json.data).toEqual({ CardId: String(id), ColumnId: third, Position: 1 });
    expect((await column(third!))[1]!.ServiceTaskId).toBe(id);
    await archive(id);
    const last = await s.call('POST', `/v2/card/${id}/restore`, {
      body: { ColumnId: String(third), Position: 100000 },
    });
    const cards = await column(third!);
    expect(last.json.data).toEqual({ CardId: String(id), ColumnId: third, Position: cards.length - 1 });
    expect(cards.at(-1)!.ServiceTaskId).toBe(id);
  });

  it('a card that is not archived is 409 in words; bodies are checked by name', async () => {
    const id = await create();
    refused(await s.call('POST', `/v2/card/${id}/restore`), `Card ${id} is not archived`, 409);
    await archive(id);
    const post = (body: unknown) => s.call('POST', `/v2/card/${id}/restore`, { body });
    refused(await post({ Position: -1 }), 'Position: must be 0 or more');
    refused(await post({ Position: 1.5 }), 'Position: must be a whole number');
    refused(await post({ Position: '1' }), 'Position: must be a number');
    refused(await post({ ColumnId: 'Done' }), 'ColumnId: must be a number or a numeric string');
    refused(await post({ Column: 1 }), 'Column: unknown field');
    const [otherBoardColumn] = await columnsOf(2);
    refused(await post({ ColumnId: otherBoardColumn }), `ColumnId: column ${otherBoardColumn} is not on board 1`);
    refused(await post({ ColumnId: 999999 }), 'Column 999999 not found', 404);
    expect((await detail(id)).Archived).toBe(true);
  });

  it('404 unknown card, 401 without a key, 403 off the board', async () => {
    refused(await s.call('POST', '/v2/card/999999/restore'), 'Card 999999 not found', 404);
    const id = await create();
    await archive(id);
    expect((await s.call('POST', `/v2/card/${id}/restore`, { key: null })).status).toBe(401);
    expect((await s.call('POST', `/v2/card/${id}/restore`, { key: stranger })).status).toBe(403);
    expect((await detail(id)).Archived).toBe(true);
  });

  it('honours Idempotency-Key: a retry replays the first answer; the key with another body is 422', async () => {
    const id = await create();
    await archive(id);
    const h = { 'idempotency-key': `restore-${id}` };
    const a = await s.call('POST', `/v2/card/${id}/restore`, { body: {}, headers: h });
    expect(a.status).toBe(200);
    const b = await s.call('POST', `/v2/card/${id}/restore`, { body: {}, headers: h });
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const c = await s.call('POST', `/v2/card/${id}/restore`, { body: { Position: 2 }, headers: h });
    expect(c.status).toBe(422);
    // Without the key, a second restore is what it is: the card is not archived.
    expect((await s.call('POST', `/v2/card/${id}/restore`)).status).toBe(409);
  });
});

describe('ids past 2^53', () => {
  it('every extension on a card looks the id up as text: 404 naming it, and the card it would round to is untouched', async () => {
    // What 9007199254740993 would round to: any rounding would land on this card.
    const near = 9007199254740992;
    await s.withSql((db) =>
      db.run(
        `INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at, archived)
         VALUES (?, 1, 1, 'Rounded onto me', 'owner@example.com', -1, '2026-11-01T00:00:00.000Z', 1)`,
        [near],
      ),
    );
    const big = '9007199254740993';
    const tries = [
      s.call('PUT', `/v2/card/${big}/due-date`, { body: { DueDate: '2026-12-01' } }),
      s.call('PUT', `/v2/card/${big}/read-status`, { body: { ReadStatus: 0 } }),
      s.call('PUT', `/v2/card/${big}/sub-task/1`, { body: { Done: true } }),
      s.call('POST', `/v2/card/${big}/restore`),
    ];
    for (const r of await Promise.all(tries)) refused(r, `Card ${big} not found`, 404);
    const row = await s.withSql((db) =>
      db.get('SELECT due_date, read_status, archived FROM cards WHERE id = ?', [near]),
    );
    expect(row).toEqual({ due_date: null, read_status: 1, archived: 1 });
  });

  it('a board or sub-task id past 2^53 is refused in words', async () => {
    refused(
      await s.call('GET', '/v2/board/9007199254740993/archived-cards?page=1'),
      'boardId: is larger than any id this service gives',
    );
    const id = await create({ SubTask: 's' });
    refused(
      await s.call('PUT', `/v2/card/${id}/sub-task/9007199254740993`, { body: { Done: true } }),
      'subTaskId: is larger than any id this service gives',
    );
  });
});
