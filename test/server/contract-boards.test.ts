/** Contract: boards, columns, cards listing and pagination, tags, email sequences. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  Board,
  Column,
  CreateBoardData,
  CreatedTag,
  EmailSequenceDetail,
  EmailSequenceEntry,
  envelope,
  Tag,
} from '../../src/api/schema.js';
import { CardListed } from '../../src/api/schema-cards.js';
import { keysOf, startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

const ENVELOPE_KEYS = ['code', 'data', 'error', 'message'];

describe('boards', () => {
  it('lists boards with exactly Id, Name, Owner, Users', async () => {
    const r = await s.call('GET', '/v2/board');
    expect(r.status).toBe(200);
    expect(keysOf(r.json)).toEqual(ENVELOPE_KEYS);
    const data = envelope(z.array(Board)).parse(r.json).data;
    expect(data.map((b) => b.Name)).toEqual(['Support Inbox', 'Sales Pipeline']);
    for (const b of data) expect(keysOf(b)).toEqual(['Id', 'Name', 'Owner', 'Users']);
    expect(data[0]).toMatchObject({ Owner: 'owner@inboard.local', Users: 'sam.rivera@example.com' });
  });

  it('retrieves one board', async () => {
    const r = await s.call('GET', '/v2/board/2');
    const b = envelope(Board).parse(r.json).data;
    expect(keysOf(b)).toEqual(['Id', 'Name', 'Owner', 'Users']);
    expect(b).toMatchObject({ Id: 2, Name: 'Sales Pipeline' });
  });

  it('creates a board: data is Id and BoardName; Users become a comma-separated string', async () => {
    const r = await s.call('POST', '/v2/board', { body: { Name: 'Billing', Users: ['a@x.io', 'b@x.io'] } });
    expect(r.status).toBe(200);
    const d = envelope(CreateBoardData).parse(r.json).data;
    expect(keysOf(d)).toEqual(['BoardName', 'Id']);
    expect(d.BoardName).toBe('Billing');
    const b = envelope(Board).parse((await s.call('GET', `/v2/board/${d.Id}`)).json).data;
    expect(b.Users).toBe('a@x.io,b@x.io');
  });
});

describe('columns', () => {
  it('lists columns with ColumnId = Label_<Id>', async () => {
    const cols = envelope(z.array(Column)).parse((await s.call('GET', '/v2/board/1/columns')).json).data;
    expect(cols.map((c) => c.Name)).toEqual(['New', 'In progress', 'Waiting on customer', 'Done']);
    for (const c of cols) {
      expect(keysOf(c)).toEqual(['ColumnId', 'Id', 'Name']);
      expect(c.ColumnId).toBe(`Label_${c.Id}`);
    }
  });

  it('column detail accepts 2 and Label_2', async () => {
    for (const ref of ['2', 'Label_2']) {
      const c = envelope(Column).parse((await s.call('GET', `/v2/board/1/column/${ref}`)).json).data;
      expect(c).toEqual({ Id: 2, ColumnId: 'Label_2', Name: 'In progress' });
    }
  });

  it('a column of another board is 404 under this board', async () => {
    expect((await s.call('GET', '/v2/board/1/column/5')).status).toBe(404);
  });

  it('creates a column: data is {Success}', async () => {
    const r = await s.call('POST', '/v2/board/1/column', { body: { Name: 'Escalated' } });
    const d = envelope(z.object({ Success: z.string() })).parse(r.json).data;
    expect(keysOf(d)).toEqual(['Success']);
    const cols = envelope(z.array(Column)).parse((await s.call('GET', '/v2/board/1/columns')).json).data;
    expect(cols.at(-1)?.Name).toBe('Escalated');
  });
});

describe('cards in a column', () => {
  it('lists cards with the reference fields and their quirks', async () => {
    const r = await s.call('GET', '/v2/board/1/column/Label_1/cards?page=1');
    const cards = envelope(z.array(CardListed)).parse(r.json).data;
    expect(cards.length).toBeGreaterThan(5);
    const first = cards[0]!;
    expect(keysOf(first)).toEqual(
      [
        'Assignees',
        'BoardId',
        'ColumnId',
        'CreatedAt',
        'CustomFields',
        'DueDate',
        'ReadUnreadStatus',
        'ServiceTaskId',
        'Status',
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
    expect(first.ColumnId).toBe('Label_1');
    expect(first.CreatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.Status).toMatch(/^\d+$/);
    expect(JSON.parse(first.CustomFields)).toEqual([]);
    expect(first.ReadUnreadStatus).toBe(0);
    expect(first.Tags?.map((t) => t.Color).every((c) => /^\d+$/.test(c))).toBe(true);
    expect(cards.some((c) => c.Assignees === null)).toBe(true);
    expect(cards.some((c) => Array.isArray(c.Assignees))).toBe(true);
  });

  it('pages never overlap, cover the column, and keep position order', async () => {
    const board = envelope(CreateBoardData).parse(
      (await s.call('POST', '/v2/board', { body: { Name: 'Paging' } })).json,
    ).data;
    await s.call('POST', `/v2/board/${board.Id}/column`, { body: { Name: 'All' } });
    const col = envelope(z.array(Column)).parse((await s.call('GET', `/v2/board/${board.Id}/columns`)).json).data[0]!;
    for (let i = 0; i < 23; i++) {
      await s.call('POST', '/v2/card', { body: { BoardId: board.Id, ColumnId: col.Id, CardTitle: `card ${i}` } });
    }
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await s.call('GET', `/v2/board/${board.Id}/column/${col.Id}/cards?page=${page}&limit=7`);
      const cards = envelope(z.array(CardListed)).parse(r.json).data;
      expect(cards.length).toBe(page < 4 ? 7 : 2);
      seen.push(...cards.map((c) => c.ServiceTaskId));
    }
    expect(new Set(seen).size).toBe(23);
    // Newest first: each new card went to the top.
    const all = envelope(z.array(CardListed)).parse(
      (await s.call('GET', `/v2/board/${board.Id}/column/${col.Id}/cards?page=1&limit=200`)).json,
    ).data;
    expect(all.map((c) => c.TaskName)).toEqual(Array.from({ length: 23 }, (_, i) => `card ${22 - i}`));
    expect(all.map((c) => c.ServiceTaskId)).toEqual(seen);
  });

  it('limit 200 is accepted, 201 and 0 are 400, page 0 is 400, default limit is 50', async () => {
    expect((await s.call('GET', '/v2/board/1/column/1/cards?page=1&limit=200')).status).toBe(200);
    const over = await s.call('GET', '/v2/board/1/column/1/cards?page=1&limit=201');
    expect(over.status).toBe(400);
    expect(over.json.message).toMatch(/^limit: /);
    expect((await s.call('GET', '/v2/board/1/column/1/cards?page=1&limit=0')).status).toBe(400);
    expect((await s.call('GET', '/v2/board/1/column/1/cards?page=0')).json.message).toMatch(/^page: /);
    expect((await s.call('GET', '/v2/board/1/column/1/cards')).json.message).toBe('page: is required');
  });

  it('takes page and limit from a JSON body as well as the query string', async () => {
    const q = await s.call('GET', '/v2/board/1/column/1/cards?page=2&limit=3');
    const b = await s.call('GET', '/v2/board/1/column/1/cards', { body: { page: 2, limit: 3 } });
    expect(b.status).toBe(200);
    expect(b.json.data).toEqual(q.json.data);
    expect(b.json.data).toHaveLength(3);
  });
});

describe('tags', () => {
  it('lists, creates and deletes tags; Color is a string in answers, a number in requests', async () => {
    const list = envelope(z.array(Tag)).parse((await s.call('GET', '/v2/tag?BoardId=1')).json).data;
    expect(list.length).toBeGreaterThan(3);
    for (const t of list) expect(keysOf(t)).toEqual(['BoardId', 'Color', 'Id', 'Name']);
    const created = await s.call('POST', '/v2/tag', { body: { BoardId: 1, Name: 'VIP', Color: 9 } });
    const tag = envelope(CreatedTag).parse(created.json).data;
    expect(keysOf(tag)).toEqual(['BoardId', 'Color', 'Description', 'Id', 'Name', 'UserId']);
    expect(tag).toMatchObject({ Name: 'VIP', Color: '9', Description: null, BoardId: 1 });
    expect((await s.call('POST', '/v2/tag', { body: { BoardId: 1, Name: 'x', Color: '9' } })).status).toBe(400);
    expect((await s.call('POST', '/v2/tag', { body: { BoardId: 1, Name: 'x', Color: 12 } })).status).toBe(400);
    const del = await s.call('DELETE', `/v2/tag?BoardId=1&TagId=${tag.Id}`);
    expect(envelope(z.object({ Id: z.number() })).parse(del.json).data).toEqual({ Id: tag.Id });
    expect((await s.call('DELETE', `/v2/tag?BoardId=1&TagId=${tag.Id}`)).status).toBe(404);
  });

  it('GET and DELETE take BoardId/TagId from a JSON body too', async () => {
    const viaBody = await s.call('GET', '/v2/tag', { body: { BoardId: 2 } });
    expect(viaBody.json.data).toEqual((await s.call('GET', '/v2/tag?BoardId=2')).json.data);
    const tag = (await s.call('POST', '/v2/tag', { body: { BoardId: 2, Name: 'Tmp', Color: 0 } })).json.data;
    const del = await s.call('DELETE', '/v2/tag', { body: { BoardId: 2, TagId: tag.Id } });
    expect(del.status).toBe(200);
    expect(del.json.data).toEqual({ Id: tag.Id, CardIds: [] });
  });

  it('BoardId missing or not numeric is 400 naming the field', async () => {
    expect((await s.call('GET', '/v2/tag')).json.message).toBe('BoardId: is required');
    const r = await s.call('GET', '/v2/tag?BoardId=abc');
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/^BoardId: /);
  });
});

describe('email sequences', () => {
  it('the list is a bare array of entries, no envelope', async () => {
    const r = await s.call('GET', '/v2/email-sequence');
    expect(Array.isArray(r.json)).toBe(true);
    const list = z.array(EmailSequenceEntry).parse(r.json);
    expect(list).toHaveLength(2);
    expect(keysOf(list[0]!)).toEqual([
      'Content',
      'CreatedAt',
      'EmailFollowupId',
      'EmailTemplateId',
      'LastSent',
      'Name',
      'OwnerEmail',
      'OwnerName',
      'Subject',
      'TotalViewCount',
      'UserId',
    ]);
    expect(list[0]!.Content).toContain('{{firstName}}');
  });

  it('detail has ordered steps, no envelope, Id as a string', async () => {
    const r = await s.call('GET', '/v2/email-sequence/2');
    const d = EmailSequenceDetail.parse(r.json);
    expect(r.json.message).toBeUndefined();
    expect(d.Id).toBe('2');
    expect(d.EmailFollowups.map((f) => f.Sequence)).toEqual([1, 2, 3, 4]);
    expect(d.EmailFollowups.every((f) => f.Duration === 'days')).toBe(true);
  });

  it('creates a sequence and answers its detail without envelope', async () => {
    const r = await s.call('POST', '/v2/email-sequence', {
      body: {
        Name: 'Renewal',
        Steps: [
          { Subject: 'Hi {{firstName}}', Content: '<p>Hi {{firstName}}</p>', Days: 0 },
          { Subject: 'Reminder', Days: 3, Hours: 4 },
        ],
      },
    });
    expect(r.status).toBe(200);
    const d = EmailSequenceDetail.parse(r.json);
    expect(d.Name).toBe('Renewal');
    expect(d.EmailFollowups[1]).toMatchObject({ Subject: 'Reminder', Days: 3, Hours: 4, Sequence: 2 });
    expect(d.EmailFollowups[1]!.Content).toBeUndefined();
    expect(EmailSequenceDetail.parse((await s.call('GET', `/v2/email-sequence/${d.Id}`)).json)).toEqual(d);
    const bad = await s.call('POST', '/v2/email-sequence', { body: { Name: 'Empty', Steps: [] } });
    expect(bad.json.message).toBe('Steps: needs at least one step');
  });
});
