/**
 * Contract: who may do what on a shared board (the owner runs the board,
 * members work its cards), a tag delete that says which cards had the tag,
 * and read state kept per person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DeletedTagData, envelope } from '../../src/api/schema.js';
import { CardDetail, CardListed, CreateCardResponse } from '../../src/api/schema-cards.js';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { rawMail } from '../support/mail.js';
import { startTestService, type Reply, type TestService } from './helpers.js';

let s: TestService;
let sam: string;
let stranger: string;
let owner: string;
let boardId: number;
let inbox: number;
let doing: number;
beforeAll(async () => {
  s = await startTestService();
  sam = await s.addUser(DEMO_TEAMMATE);
  stranger = await s.addUser('stranger@example.com');
  owner = (await s.call('GET', '/v2/board/1')).json.data.Owner as string;
  boardId = (await s.call('POST', '/v2/board', { body: { Name: 'Shared', Users: [DEMO_TEAMMATE] } })).json.data
    .Id as number;
  for (const Name of ['Inbox', 'Doing']) await s.call('POST', `/v2/board/${boardId}/column`, { body: { Name } });
  [inbox, doing] = ((await s.call('GET', `/v2/board/${boardId}/columns`)).json.data as { Id: number }[]).map(
    (c) => c.Id,
  ) as [number, number];
});
afterAll(() => s.close());

const card = async (key: string, CardTitle = 'work', extra: object = {}) => {
  const r = await s.call('POST', '/v2/card', { key, body: { BoardId: boardId, ColumnId: inbox, CardTitle, ...extra } });
  expect(r.status, r.text).toBe(200);
  return CreateCardResponse.parse(r.json).taskId;
};
const tag = async (Name: string) =>
  (await s.call('POST', '/v2/tag', { body: { BoardId: boardId, Name, Color: 2 } })).json.data.Id as number;
const detail = async (id: number, key = s.key) =>
  envelope(CardDetail).parse((await s.call('GET', `/v2/card/${id}`, { key })).json).data;
const listed = async (key: string, col = inbox) =>
  envelope(z.array(CardListed)).parse(
    (await s.call('GET', `/v2/board/${boardId}/column/${col}/cards?page=1&limit=200`, { key })).json,
  ).data;
const readState = async (key: string, id: number) =>
  (await listed(key)).find((c) => c.ServiceTaskId === id)?.ReadUnreadStatus;

function refused(r: Reply, status: number, message: string) {
  expect(r.status, r.text).toBe(status);
  expect(r.json).toEqual({ error: true, code: status, message });
}

describe('permissions', () => {
  it("the owner runs the board: a member's board, column and tag changes are 403 in words, and nothing changes", async () => {
    const t = await tag('Owner made');
    const asSam = (method: string, path: string, body?: unknown) =>
      s.call(method, path, { key: sam, ...(body === undefined ? {} : { body }) });
    const only = (what: string) => `Only the board's owner (${owner}) may ${what} on board ${boardId}`;
    refused(await asSam('POST', `/v2/board/${boardId}/column`, { Name: 'Mine' }), 403, only('add columns'));
    refused(await asSam('PUT', `/v2/board/${boardId}/column/${doing}`, { Name: 'x' }), 403, only('rename columns'));
    refused(await asSam('DELETE', `/v2/board/${boardId}/column/${doing}`), 403, only('delete columns'));
    refused(await asSam('POST', '/v2/tag', { BoardId: boardId, Name: 'x', Color: 1 }), 403, only('create tags'));
    refused(await asSam('DELETE', `/v2/tag?BoardId=${boardId}&TagId=${t}`), 403, only('delete tags'));
    refused(await asSam('PUT', `/v2/board/${boardId}`, { Name: 'x' }), 403, only('rename it'));
    refused(await asSam('PUT', `/v2/board/${boardId}`, { Users: [] }), 403, only('change its members'));
    refused(await asSam('DELETE', `/v2/board/${boardId}`), 403, only('archive it'));
    const board = (await s.call('GET', `/v2/board/${boardId}`)).json.data;
    expect(board).toMatchObject({ Name: 'Shared', Users: DEMO_TEAMMATE });
    expect(((await s.call('GET', `/v2/board/${boardId}/columns`)).json.data as unknown[]).length).toBe(2);
    expect(
      ((await s.call('GET', `/v2/tag?BoardId=${boardId}`)).json.data as { Id: number }[]).map((x) => x.Id),
    ).toEqual([t]);
  });

  it('a member works cards: create, move, tag, comment, assign, notes, due date, archive, restore', async () => {
    const t = await tag('Existing');
    const id = await card(sam, 'by Sam');
    const ok = async (method: string, path: string, body?: unknown) => {
      const r = await s.call(method, path, { key: sam, ...(body === undefined ? {} : { body }) });
      expect(r.status, `${method} ${path}: ${r.text}`).toBe(200);
    };
    await ok('POST', '/v2/card/move-card', { Id: String(id), NewColumnId: doing, NewPosition: 0 });
    await ok('POST', `/v2/card/${id}/tags`, { TagId: String(t) });
    await ok('POST', '/v2/comment', { CardId: String(id), Body: 'on it' });
    await ok('PUT', `/v2/card/${id}`, { BoardId: boardId, ColumnId: doing, CardTitle: 'by Sam', Assignee: [owner] });
    await ok('POST', `/v2/card/${id}/note`, { Body: 'called back' });
    await ok('PUT', `/v2/card/${id}/due-date`, { DueDate: '2026-12-01' });
    await ok('DELETE', `/v2/card/${id}`);
    await ok('POST', `/v2/card/${id}/restore`, {});
    expect(await detail(id)).toMatchObject({
      ColumnId: `Label_${doing}`,
      Assignees: [owner],
      DueDate: '2026-12-01',
      Archived: false,
      Tags: [{ Id: t, Name: 'Existing' }],
    });
  });

  it('someone the board is not shared with is 403 on every route', async () => {
    const id = await card(s.key);
    const forbidden = `Board ${boardId} is not shared with stranger@example.com`;
    refused(await s.call('GET', `/v2/card/${id}`, { key: stranger }), 403, forbidden);
    refused(await s.call('PUT', `/v2/board/${boardId}`, { key: stranger, body: { Name: 'x' } }), 403, forbidden);
    refused(await s.call('DELETE', `/v2/board/${boardId}/column/${doing}`, { key: stranger }), 403, forbidden);
  });
});

describe('DELETE /v2/tag', () => {
  it('answers the cards that had the tag, so it can be put back', async () => {
    const t = await tag('Doomed');
    const [a, b, c] = [await card(s.key, 'a'), await card(s.key, 'b'), await card(s.key, 'c')];
    for (const id of [c, a]) await s.call('POST', `/v2/card/${id}/tags`, { body: { TagId: String(t) } });
    const before = (await detail(a)).Version ?? 0;
    const r = await s.call('DELETE', `/v2/tag?BoardId=${boardId}&TagId=${t}`);
    expect(r.status).toBe(200);
    expect(envelope(DeletedTagData).parse(r.json).data).toEqual({ Id: t, CardIds: [String(a), String(c)] });
    expect((await detail(a)).Tags).toEqual([]);
    // Losing a tag is a change to the card.
    expect((await detail(a)).Version).toBe(before + 1);
    // Undo: a new tag of the same name and colour, applied to the same cards.
    const again = await tag('Doomed');
    for (const id of r.json.data.CardIds as string[])
      expect((await s.call('POST', `/v2/card/${id}/tags`, { body: { TagId: String(again) } })).status).toBe(200);
    for (const id of [a, c]) expect((await detail(id)).Tags?.map((x) => x.Name)).toEqual(['Doomed']);
    expect((await detail(b)).Tags).toEqual([]);
  });
});

describe('read state per person', () => {
  it("each key's user has their own mark; without one, the card's shared state", async () => {
    const id = await card(s.key, 'unread for all', { ReadStatus: 0 });
    expect(await readState(s.key, id)).toBe(0);
    expect(await readState(sam, id)).toBe(0);
    const mark = await s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 1 } });
    expect(mark.json).toMatchObject({ message: 'Marked read', data: { CardId: String(id), ReadStatus: 1 } });
    expect((await detail(id)).ReadUnreadStatus).toBe(1);
    expect((await detail(id, sam)).ReadUnreadStatus).toBe(0);
    expect(await readState(sam, id)).toBe(0);
    expect(await readState(s.key, id)).toBe(1);
    // Sam's own mark is Sam's.
    await s.call('PUT', `/v2/card/${id}/read-status`, { key: sam, body: { ReadStatus: 0 } });
    expect(await readState(s.key, id)).toBe(1);
  });

  it('a cached page never carries one person’s marks to another', async () => {
    const id = await card(s.key, 'cached', { ReadStatus: 0 });
    await s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 1 } });
    // The same page, twice each, alternating, with no write between: the cache serves every read after the first.
    for (let i = 0; i < 2; i++) {
      expect(await readState(s.key, id)).toBe(1);
      expect(await readState(sam, id)).toBe(0);
    }
  });

  it('a read mark honours If-Match but leaves the version: no one else sees it change', async () => {
    const id = await card(s.key);
    const v = (await detail(id)).Version ?? 0;
    const set = (headers: Record<string, string>) =>
      s.call('PUT', `/v2/card/${id}/read-status`, { key: sam, body: { ReadStatus: 0 }, headers });
    expect((await set({ 'if-match': `"${v + 5}"` })).status).toBe(412);
    const ok = await set({ 'if-match': `"${v}"` });
    expect(ok.status).toBe(200);
    expect(ok.headers.etag).toBe(`"${v}"`);
    expect((await detail(id)).Version).toBe(v);
  });

  it('mail arriving on a card makes it unread for everyone', async () => {
    const deliver = (messageId: string, inReplyTo?: string) =>
      s.call('POST', '/v2/mail/inbound', {
        body: {
          BoardId: boardId,
          Message: rawMail({ messageId, ...(inReplyTo === undefined ? {} : { inReplyTo }) }).toString('base64'),
        },
      });
    const id = Number((await deliver('<p-1@customer.example>')).json.data.CardId);
    for (const key of [s.key, sam]) {
      await s.call('PUT', `/v2/card/${id}/read-status`, { key, body: { ReadStatus: 1 } });
      expect(await readState(key, id)).toBe(1);
    }
    expect((await deliver('<p-2@customer.example>', '<p-1@customer.example>')).json.data.CardId).toBe(String(id));
    for (const key of [s.key, sam]) expect(await readState(key, id)).toBe(0);
  });
});
