/** Contract: cards (create, read, update, move, archive, notes, sub-tasks, tags), comments, idempotency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CommentResult, Comment, DeletedCommentData, envelope } from '../../src/api/schema.js';
import {
  ArchiveCardData,
  CardDetail,
  CardIdData,
  CardListed,
  CreateCardResponse,
  SetTagsData,
} from '../../src/api/schema-cards.js';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { keysOf, startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

const create = async (body: object, headers?: Record<string, string>) =>
  s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, ...body }, ...(headers ? { headers } : {}) });
const detail = async (id: number) => envelope(CardDetail).parse((await s.call('GET', `/v2/card/${id}`)).json).data;
const column = async (col: number, board = 1) =>
  envelope(z.array(CardListed)).parse(
    (await s.call('GET', `/v2/board/${board}/column/${col}/cards?page=1&limit=200`)).json,
  ).data;

describe('cards', () => {
  it('POST /v2/card answers {Error, Success, taskId} without envelope; the card goes on top, read by default', async () => {
    const r = await create({
      CardTitle: 'Brand new ✉️',
      Note: 'n1',
      Comment: 'c1',
      SubTask: 's1',
      Assignee: [DEMO_TEAMMATE],
    });
    expect(r.status).toBe(200);
    expect(keysOf(r.json)).toEqual(['Error', 'Success', 'taskId']);
    const { taskId, Error } = CreateCardResponse.parse(r.json);
    expect(Error).toBe(false);
    expect((await column(1))[0]!.ServiceTaskId).toBe(taskId);
    const d = await detail(taskId);
    expect(d).toMatchObject({
      TaskName: 'Brand new ✉️',
      ReadUnreadStatus: 1,
      Archived: false,
      Assignees: [DEMO_TEAMMATE],
    });
    expect(d.Notes?.map((n) => n.Body)).toEqual(['n1']);
    expect(d.Comments?.map((c) => c.Comment)).toEqual(['c1']);
    expect(d.SubTasks?.map((x) => x.Body)).toEqual(['s1']);
    expect(keysOf(d)).toEqual(
      [
        'Archived',
        'Assignees',
        'BoardId',
        'ColumnId',
        'Comments',
        'CreatedAt',
        'CustomFields',
        'DueDate',
        'Notes',
        'ReadUnreadStatus',
        'ServiceTaskId',
        'Status',
        'SubTasks',
        'Tags',
        'TaskName',
        'ThreadOwnerEmail',
        'Version',
        // The waiting extensions (schema-waiting.ts).
        'WaitingSince',
        'ResponseDue',
        'ResponseTarget',
        'Snoozed',
        'BackFromSnooze',
      ].sort(),
    );
  });

  it('ReadStatus 0 creates an unread card', async () => {
    const { taskId } = CreateCardResponse.parse((await create({ CardTitle: 'unread', ReadStatus: 0 })).json);
    expect((await detail(taskId)).ReadUnreadStatus).toBe(0);
  });

  it('rejects assignees who are not on the board, and a column of another board', async () => {
    const r = await create({ CardTitle: 'x', Assignee: ['stranger@example.org'] });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^Assignee: stranger@example\.org/);
    const c = await create({ CardTitle: 'x', ColumnId: 5 });
    expect(c.status).toBe(400);
    expect(c.json.message).toMatch(/^ColumnId: /);
  });

  it('PUT: data is the id as a string; Assignee absent keeps, null clears, list replaces; extras are added', async () => {
    const { taskId } = CreateCardResponse.parse(
      (await create({ CardTitle: 'to edit', Assignee: ['owner@inboard.local'] })).json,
    );
    const put = (body: object) =>
      s.call('PUT', `/v2/card/${taskId}`, { body: { BoardId: 1, ColumnId: 1, CardTitle: 'edited', ...body } });
    const r = await put({ Note: 'added by update' });
    expect(envelope(z.string()).parse(r.json).data).toBe(String(taskId));
    let d = await detail(taskId);
    expect(d.TaskName).toBe('edited');
    expect(d.Assignees).toEqual(['owner@inboard.local']);
    expect(d.Notes?.map((n) => n.Body)).toEqual(['added by update']);
    await put({ Assignee: [DEMO_TEAMMATE, 'owner@inboard.local'] });
    expect((await detail(taskId)).Assignees).toEqual([DEMO_TEAMMATE, 'owner@inboard.local']);
    await put({ Assignee: null });
    d = await detail(taskId);
    expect(d.Assignees).toBeNull();
    expect((await put({ ReadStatus: 0 })).status).toBe(400);
  });

  it('PUT with another column moves the card to the top of it', async () => {
    const { taskId } = CreateCardResponse.parse((await create({ CardTitle: 'mover' })).json);
    await s.call('PUT', `/v2/card/${taskId}`, { body: { BoardId: 1, ColumnId: 3, CardTitle: 'mover' } });
    expect((await column(3))[0]!.ServiceTaskId).toBe(taskId);
    expect((await detail(taskId)).ColumnId).toBe('Label_3');
  });

  it('move-card honours NewPosition (0 = first) and NewBoardId; data is a status word', async () => {
    const ids = (await column(2)).map((c) => c.ServiceTaskId);
    const card = ids[0]!;
    const r = await s.call('POST', '/v2/card/move-card', {
      body: { Id: String(card), NewColumnId: 2, NewPosition: 3 },
    });
    expect(typeof envelope(z.string()).parse(r.json).data).toBe('string');
    const after = (await column(2)).map((c) => c.ServiceTaskId);
    expect(after.indexOf(card)).toBe(3);
    expect(after.filter((x) => x !== card)).toEqual(ids.filter((x) => x !== card));
    // To another board, last position (past the end is clamped to the end).
    await s.call('POST', '/v2/card/move-card', {
      body: { Id: String(card), NewBoardId: 2, NewColumnId: 6, NewPosition: 999 },
    });
    const sales = await column(6, 2);
    expect(sales.at(-1)!.ServiceTaskId).toBe(card);
    const d = await detail(card);
    expect(d.BoardId).toBe(2);
    expect(d.Tags?.every((t) => t.BoardId === 2)).toBe(true);
    // A column of another board without NewBoardId is refused.
    const bad = await s.call('POST', '/v2/card/move-card', {
      body: { Id: String(card), NewColumnId: 1, NewPosition: 0 },
    });
    expect(bad.status).toBe(400);
    expect(
      (await s.call('POST', '/v2/card/move-card', { body: { Id: card, NewColumnId: 6, NewPosition: 0 } })).status,
    ).toBe(400);
    expect(
      (await s.call('POST', '/v2/card/move-card', { body: { Id: '999999', NewColumnId: 6, NewPosition: 0 } })).status,
    ).toBe(404);
  });

  it('DELETE archives: gone from the column, GET still answers with Archived true', async () => {
    const { taskId } = CreateCardResponse.parse((await create({ CardTitle: 'archive me' })).json);
    const r = await s.call('DELETE', `/v2/card/${taskId}`);
    expect(envelope(ArchiveCardData).parse(r.json).data).toEqual({ id: String(taskId) });
    expect((await column(1)).some((c) => c.ServiceTaskId === taskId)).toBe(false);
    const got = await s.call('GET', `/v2/card/${taskId}`);
    expect(got.status).toBe(200);
    expect(got.json.data.Archived).toBe(true);
    expect((await s.call('POST', `/v2/card/${taskId}/note`, { body: { Body: 'late' } })).status).toBe(404);
  });

  it('note, sub-task and tag answer {CardId}; PUT tags replaces the set', async () => {
    const { taskId } = CreateCardResponse.parse((await create({ CardTitle: 'extras' })).json);
    for (const [path, body] of [
      ['note', { Body: 'a note' }],
      ['sub-task', { Body: 'a step' }],
      ['tags', { TagId: '2' }],
    ] as const) {
      const r = await s.call('POST', `/v2/card/${taskId}/${path}`, { body });
      expect(envelope(CardIdData).parse(r.json).data).toEqual({ CardId: String(taskId) });
    }
    let d = await detail(taskId);
    expect(d.Tags?.map((t) => t.Id)).toEqual([2]);
    const set = await s.call('PUT', `/v2/card/${taskId}/tags`, { body: { TagIds: ['1', '3'] } });
    expect(envelope(SetTagsData).parse(set.json).data).toEqual({ CardId: String(taskId), TagIds: ['1', '3'] });
    d = await detail(taskId);
    expect(d.Tags?.map((t) => t.Id)).toEqual([1, 3]);
    const listed = (await column(1)).find((c) => c.ServiceTaskId === taskId);
    expect(listed?.Tags?.map((t) => t.Name)).toEqual(['Urgent', 'Billing']);
    // A tag of another board is refused.
    const salesTag = (await s.call('GET', '/v2/tag?BoardId=2')).json.data[0].Id;
    expect((await s.call('POST', `/v2/card/${taskId}/tags`, { body: { TagId: String(salesTag) } })).status).toBe(400);
    expect((await s.call('PUT', `/v2/card/${taskId}/tags`, { body: { TagIds: [String(salesTag)] } })).status).toBe(400);
    await s.call('PUT', `/v2/card/${taskId}/tags`, { body: { TagIds: [] } });
    expect((await detail(taskId)).Tags).toEqual([]);
  });
});

describe('comments', () => {
  it('create, read, update, delete with the reference shapes; only the author may change', async () => {
    const c = await s.call('POST', '/v2/comment', { body: { CardId: '1', Body: 'Looking into it' } });
    const created = envelope(CommentResult).parse(c.json).data;
    expect(keysOf(created)).toEqual(['CommentDetails', 'Error', 'Success']);
    expect(keysOf(created.CommentDetails)).toEqual(['Comment', 'CommentId', 'CreatedAt', 'EntityId', 'UserId']);
    expect(created.CommentDetails.EntityId).toBe('1');
    const id = created.CommentDetails.CommentId;

    const got = envelope(Comment).parse((await s.call('GET', `/v2/comment/${id}`)).json).data;
    expect(got).toMatchObject({ CommentId: id, Comment: 'Looking into it', UserEmail: 'owner@inboard.local' });

    const u = await s.call('PUT', `/v2/comment/${id}`, { body: { Body: 'Fixed' } });
    const updated = envelope(CommentResult).parse(u.json).data;
    expect(keysOf(updated.CommentDetails)).toEqual(['Comment', 'CommentId', 'CreatedAt', 'EntityId']);
    expect(updated.CommentDetails.Comment).toBe('Fixed');

    const samKey = await s.addUser(DEMO_TEAMMATE);
    expect((await s.call('GET', `/v2/comment/${id}`, { key: samKey })).status).toBe(200);
    expect((await s.call('PUT', `/v2/comment/${id}`, { key: samKey, body: { Body: 'mine now' } })).status).toBe(403);
    expect((await s.call('DELETE', `/v2/comment/${id}`, { key: samKey })).status).toBe(403);

    const d = await s.call('DELETE', `/v2/comment/${id}`);
    expect(envelope(DeletedCommentData).parse(d.json).data).toEqual({ CommentId: id });
    expect((await s.call('GET', `/v2/comment/${id}`)).status).toBe(404);
  });
});

describe('idempotency', () => {
  it('the same Idempotency-Key twice creates one card and returns the first answer', async () => {
    const before = (await column(4)).length;
    const h = { 'idempotency-key': 'create-once-1' };
    const a = await create({ ColumnId: 4, CardTitle: 'only once' }, h);
    const b = await create({ ColumnId: 4, CardTitle: 'only once' }, h);
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect((await column(4)).length).toBe(before + 1);
  });

  it('the same key with a different body is 422; another API key has its own key space', async () => {
    const h = { 'idempotency-key': 'create-once-2' };
    await create({ CardTitle: 'first' }, h);
    const r = await create({ CardTitle: 'second' }, h);
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ error: true, code: 422 });
    expect(r.json.message).toMatch(/Idempotency-Key/);
    const other = await s.addUser('other-owner@example.com');
    await s.call('POST', '/v2/board', { key: other, body: { Name: 'Mine' }, headers: h });
    expect((await s.call('GET', '/v2/board', { key: other })).json.data).toHaveLength(1);
  });
});
