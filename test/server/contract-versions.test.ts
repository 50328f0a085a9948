/**
 * Contract: card versions — `ETag` on a card's read, `Version` in reads and
 * listings, one more with every change, and `If-Match` on every card write
 * refusing (412, nothing written) a write made from a stale read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardDetail, CardListed, CreateCardResponse } from '../../src/api/schema-cards.js';
import { rawMail } from '../support/mail.js';
import { startTestService, type Reply, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

const create = async (body: object = {}) =>
  CreateCardResponse.parse(
    (await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'versioned', ...body } })).json,
  ).taskId;
const read = async (id: number) => {
  const r = await s.call('GET', `/v2/card/${id}`);
  expect(r.status).toBe(200);
  return { etag: r.headers.etag, card: envelope(CardDetail).parse(r.json).data };
};
const version = async (id: number): Promise<number> => {
  const v = (await read(id)).card.Version;
  if (v === undefined) throw new Error(`card ${id} has no Version`);
  return v;
};
const ifMatch = (v: number | string) => ({ 'if-match': typeof v === 'number' ? `"${v}"` : v });

function stale(r: Reply, id: number, had: number, now: number) {
  expect(r.status).toBe(412);
  expect(r.json).toEqual({
    error: true,
    code: 412,
    message: `Card ${id} changed since you read it (you had version ${had}, it is now ${now}): read it again`,
  });
  expect(r.headers.etag).toBe(`"${now}"`);
}

describe('versions', () => {
  it('a new card is version 1: ETag "1" on its read, Version 1 in the detail and the listing', async () => {
    const id = await create();
    const { etag, card } = await read(id);
    expect(etag).toBe('"1"');
    expect(card.Version).toBe(1);
    const page = envelope(z.array(CardListed)).parse(
      (await s.call('GET', '/v2/board/1/column/1/cards?page=1&limit=200')).json,
    ).data;
    expect(page.find((c) => c.ServiceTaskId === id)?.Version).toBe(1);
  });

  it('a write answers the new version as its ETag; without If-Match writes work as before', async () => {
    const id = await create();
    const put = await s.call('PUT', `/v2/card/${id}`, { body: { BoardId: 1, ColumnId: 1, CardTitle: 'renamed' } });
    expect(put.status).toBe(200);
    expect(put.headers.etag).toBe('"2"');
    expect(await read(id)).toMatchObject({ etag: '"2"', card: { Version: 2, TaskName: 'renamed' } });
  });

  it('If-Match with an older version is 412 in the envelope and writes nothing', async () => {
    const id = await create({ CardTitle: 'first' });
    const mine = await version(id);
    // A teammate saves first.
    await s.call('PUT', `/v2/card/${id}`, {
      body: { BoardId: 1, ColumnId: 1, CardTitle: 'theirs' },
      headers: ifMatch(mine),
    });
    const late = await s.call('PUT', `/v2/card/${id}`, {
      body: { BoardId: 1, ColumnId: 1, CardTitle: 'mine', Note: 'lost?' },
      headers: ifMatch(mine),
    });
    stale(late, id, mine, mine + 1);
    const { card } = await read(id);
    expect(card).toMatchObject({ TaskName: 'theirs', Version: mine + 1, Notes: [] });
  });

  it('If-Match takes "n", W/"n" and *; anything else is a 400 in words', async () => {
    const id = await create();
    const due = (headers: Record<string, string>) =>
      s.call('PUT', `/v2/card/${id}/due-date`, { body: { DueDate: '2026-12-01' }, headers });
    expect((await due(ifMatch(1))).status).toBe(200);
    expect((await due(ifMatch('W/"2"'))).status).toBe(200);
    expect((await due(ifMatch('*'))).status).toBe(200);
    const bad = await due(ifMatch('yesterday'));
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(`If-Match: must be a card's version as its ETag gives it, such as "3"`);
    expect(await version(id)).toBe(4);
  });

  it('every write on a card adds one to its version and honours If-Match', async () => {
    const id = await create();
    const tag = (await s.call('GET', '/v2/tag?BoardId=1')).json.data[0].Id as number;
    const comment = async () =>
      (await s.call('POST', '/v2/comment', { body: { CardId: String(id), Body: 'hi' } })).json.data.CommentDetails
        .CommentId as number;
    const subTask = async () => {
      await s.call('POST', `/v2/card/${id}/sub-task`, { body: { Body: 'step' } });
      return (await read(id)).card.SubTasks?.[0]?.SubTaskId ?? 0;
    };
    const writes: [string, (h: Record<string, string>) => Promise<Reply>][] = [
      [
        'title',
        (headers) => s.call('PUT', `/v2/card/${id}`, { body: { BoardId: 1, ColumnId: 1, CardTitle: 'x' }, headers }),
      ],
      [
        'move',
        (headers) =>
          s.call('POST', '/v2/card/move-card', { body: { Id: String(id), NewColumnId: 2, NewPosition: 0 }, headers }),
      ],
      ['due', (headers) => s.call('PUT', `/v2/card/${id}/due-date`, { body: { DueDate: null }, headers })],
      ['note', (headers) => s.call('POST', `/v2/card/${id}/note`, { body: { Body: 'n' }, headers })],
      ['sub-task', (headers) => s.call('POST', `/v2/card/${id}/sub-task`, { body: { Body: 's' }, headers })],
      ['tag', (headers) => s.call('POST', `/v2/card/${id}/tags`, { body: { TagId: String(tag) }, headers })],
      ['tags', (headers) => s.call('PUT', `/v2/card/${id}/tags`, { body: { TagIds: [] }, headers })],
      [
        'assign',
        (headers) =>
          s.call('PUT', `/v2/card/${id}`, {
            body: { BoardId: 1, ColumnId: 2, CardTitle: 'x', Assignee: null },
            headers,
          }),
      ],
      ['comment', (headers) => s.call('POST', '/v2/comment', { body: { CardId: String(id), Body: 'c' }, headers })],
      ['archive', (headers) => s.call('DELETE', `/v2/card/${id}`, { headers })],
      ['restore', (headers) => s.call('POST', `/v2/card/${id}/restore`, { body: {}, headers })],
    ];
    const tick = await subTask();
    const edited = await comment();
    const deleted = await comment();
    writes.push(
      ['tick', (headers) => s.call('PUT', `/v2/card/${id}/sub-task/${tick}`, { body: { Done: true }, headers })],
      ['comment edit', (headers) => s.call('PUT', `/v2/comment/${edited}`, { body: { Body: 'e' }, headers })],
      ['comment delete', (headers) => s.call('DELETE', `/v2/comment/${deleted}`, { headers })],
    );
    for (const [what, send] of writes) {
      const before = await version(id);
      stale(await send(ifMatch(before - 1)), id, before - 1, before);
      expect(await version(id), what).toBe(before);
      const ok = await send(ifMatch(before));
      expect(ok.status, `${what}: ${ok.text}`).toBe(200);
      expect(ok.headers.etag, what).toBe(`"${before + 1}"`);
      expect(await version(id), what).toBe(before + 1);
    }
  });

  it('two writes from one read: exactly one lands, the other is told', async () => {
    const id = await create();
    const v = await version(id);
    const save = (CardTitle: string) =>
      s.call('PUT', `/v2/card/${id}`, { body: { BoardId: 1, ColumnId: 1, CardTitle }, headers: ifMatch(v) });
    const answers = await Promise.all([save('one'), save('two'), save('three')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
    const won = ['one', 'two', 'three'][answers.findIndex((a) => a.status === 200)];
    expect(await read(id)).toMatchObject({ card: { TaskName: won, Version: v + 1 } });
  });

  it('mail arriving on a card changes its version', async () => {
    const first = await s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: 1, Message: rawMail({ messageId: '<v-1@customer.example>' }).toString('base64') },
    });
    const id = Number(first.json.data.CardId);
    expect(await version(id)).toBe(1);
    const answer = await s.call('POST', '/v2/mail/inbound', {
      body: {
        BoardId: 1,
        Message: rawMail({ messageId: '<v-2@customer.example>', inReplyTo: '<v-1@customer.example>' }).toString(
          'base64',
        ),
      },
    });
    expect(answer.json.data.CardId).toBe(String(id));
    expect(await version(id)).toBe(2);
  });
});
