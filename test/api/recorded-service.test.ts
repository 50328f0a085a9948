/**
 * The client against the recorded-shapes fixture (test/support/recorded-
 * service.ts): the real service's departures from the reference are read,
 * ids travel exactly, unreadable rows cost only themselves, and a missing
 * extension is said once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { isUnreadable, type Card, type CardRow } from '../../src/api/read-model.js';
import type { Client } from '../../src/api/types.js';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';

const BIG = '9007199254740993';
const HEX = '18c2f3a9b4d5e6f7';
const WAMID = 'wamid-4915112345678-7-1';

let svc: RecordedService;
let client: Client;

beforeAll(async () => {
  svc = await startRecordedService();
  client = createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 });
});
afterAll(() => svc.close());

const readable = (rows: CardRow[]): Card[] => rows.filter((r): r is Card => !isUnreadable(r));

describe('reading the real service', () => {
  it('boards: Users from a comma string or [], and an unreadable entry that costs only itself', async () => {
    const rows = await client.listBoards();
    const boards = rows.filter((b) => !isUnreadable(b));
    expect(boards.map((b) => ('Name' in b ? b.Name : ''))).toEqual(['Support inbox', 'Sales', 'WhatsApp']);
    expect(boards[0]).toMatchObject({ Id: 1, Users: ['ana@example.com', 'ben@example.com'], IntegrationType: null });
    expect(boards[1]).toMatchObject({ Id: 2, Users: [] });
    expect(boards[2]).toMatchObject({ Id: 3, IntegrationType: 'WHATSAPP' });
    const bad = rows.filter(isUnreadable);
    expect(bad).toEqual([{ unreadable: 'it has no board id', rawId: null }]);
  });

  it('columns without ColumnId keep their numeric Id', async () => {
    expect(await client.listColumns(1)).toEqual([
      { Id: 11, ColumnId: null, Name: 'New' },
      { Id: 12, ColumnId: null, Name: 'In progress' },
      { Id: 13, ColumnId: null, Name: 'Done' },
    ]);
  });

  it('cards under DragTaskId, camelCase or Id/Title, with ids exact and an unreadable row kept in place', async () => {
    const rows = await client.listCards(1, 11, 1, 50);
    expect(rows).toHaveLength(6);
    const cards = readable(rows);
    expect(cards.map((c) => c.ServiceTaskId)).toEqual(['101', BIG, HEX, '102', '103']);
    expect(cards.map((c) => c.TaskName)).toEqual([
      'Re: Invoice #10482',
      'Big id: quarterly export',
      'Refund request from Zoë',
      'Password reset loop',
      'Call back Müller',
    ]);
    const [invoice, , , camel, minimal] = cards;
    // Assignees as a JSON-encoded list in a string; as a comma string; CustomFields kept as text.
    expect(invoice).toMatchObject({ ReadUnreadStatus: 0, Assignees: ['ana@example.com'], CustomFields: '{}' });
    expect(invoice?.ColumnId).toMatch(/^Label_\d+$/);
    expect(camel?.Assignees.length).toBeGreaterThan(0);
    expect(camel?.CustomFields).toBe('{oops');
    expect(minimal).toMatchObject({ ServiceTaskId: '103', Assignees: [], ColumnId: null });
    const bad = rows[5];
    expect(bad !== undefined && isUnreadable(bad) ? bad.unreadable : null).toBe('it has no card id');
  });

  it('GET /v2/card/:id of four keys gives just those, under the reference names', async () => {
    const d = await client.getCard(BIG);
    expect(d.ServiceTaskId).toBe(BIG);
    expect(d.TaskName).toBe('Big id: quarterly export');
    expect(d.BoardId).toBe(1);
    expect(typeof d.Note).toBe('string');
    for (const k of ['Comments', 'Notes', 'SubTasks', 'Tags', 'Assignees', 'ReadUnreadStatus', 'CreatedAt'])
      expect(d).not.toHaveProperty(k);
  });
});

describe('ids travel exactly', () => {
  it('moves the card past 2^53 by the column’s numeric Id, sending its id as the exact string', async () => {
    await client.moveCard({ Id: BIG, NewColumnId: 12, NewPosition: 0 });
    expect(svc.cardIds(12)[0]).toBe(BIG);
    expect(svc.cardIds(11)).not.toContain(BIG);
    const sent = svc.requests.filter((r) => r.path === '/v2/card/move-card').at(-1);
    expect(sent?.body).toContain(`"Id":"${BIG}"`);
  });

  it('archives a hex thread id and comments on a WhatsApp card', async () => {
    expect(await client.archiveCard(HEX)).toEqual({ id: HEX });
    expect(svc.archived).toEqual([HEX]);
    const res = await client.createComment(WAMID, 'Called back');
    expect(res.CommentDetails?.EntityId).toBe(WAMID);
    expect(svc.comments).toContainEqual({ cardId: WAMID, body: 'Called back' });
  });

  it('a rounded neighbour of a big id is another card: not found, never confused', async () => {
    await expect(client.getCard('9007199254740992')).rejects.toMatchObject({ status: 404 });
  });
});

describe('extensions are detected, not assumed', () => {
  it('PUT tags answered with Express’s 404 page: "not offered by this server", then refused without asking again', async () => {
    const err = await client.setTags('101', [1]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      kind: 'unsupported',
      message: "Removing or replacing a card's tags is not offered by this server",
    });
    expect(client.offers('setTags')).toBe(false);
    const before = svc.requests.length;
    await expect(client.setTags('101', [])).rejects.toMatchObject({ kind: 'unsupported' });
    expect(svc.requests.length).toBe(before);
    // The reference's own add-a-tag still works.
    expect(await client.addTag('101', 2)).toEqual({ CardId: '101' });
  });

  it('GET /v2/me likewise: the client then knows the server cannot say whose key it is', async () => {
    await expect(client.whoAmI()).rejects.toMatchObject({ kind: 'unsupported' });
    expect(client.offers('me')).toBe(false);
  });

  it('creating an email sequence likewise', async () => {
    await expect(client.createEmailSequence({ Name: 'x', Steps: [{ Subject: 's', Days: 1 }] })).rejects.toMatchObject({
      kind: 'unsupported',
      message: 'Creating an email sequence is not offered by this server',
    });
    expect(client.offers('createEmailSequence')).toBe(false);
  });
});

describe('odd bodies on a 200', () => {
  it('error: true in a 200 is a failure in the server’s words', async () => {
    svc.answerNext('DELETE', /^\/v2\/card\/104$/, {
      status: 200,
      body: '{"message":"Card is locked","error":true,"code":409}',
    });
    await expect(client.archiveCard('104')).rejects.toMatchObject({ message: 'Card is locked', status: 409 });
  });

  it('the older {Error: "why", Success: false} form is a failure too', async () => {
    svc.answerNext('POST', /^\/v2\/card\/104\/note$/, {
      status: 200,
      body: '{"Error":"Note too long","Success":false}',
    });
    await expect(client.addNote('104', 'x')).rejects.toMatchObject({ message: 'Note too long' });
  });

  it('plain text "success" to a change is success; to a read it names the endpoint', async () => {
    svc.answerNext('POST', /^\/v2\/card\/move-card$/, { status: 200, body: 'success', contentType: 'text/plain' });
    expect(await client.moveCard({ Id: '104', NewColumnId: 12, NewPosition: 1 })).toBe('success');
    svc.answerNext('GET', /^\/v2\/board$/, { status: 200, body: 'success', contentType: 'text/plain' });
    await expect(client.listBoards()).rejects.toThrow(
      'Unexpected response from GET /v2/board: the body is not valid JSON',
    );
  });

  it('an HTML page on a 200 is never taken for success', async () => {
    svc.answerNext('DELETE', /^\/v2\/card\/104$/, {
      status: 200,
      body: '<!DOCTYPE html><html><body>Sign in</body></html>',
      contentType: 'text/html',
    });
    await expect(client.archiveCard('104')).rejects.toThrow('with an HTML page instead of JSON');
  });

  it('a list endpoint that answers an object names the path that broke', async () => {
    svc.answerNext('GET', /^\/v2\/board\/1\/columns$/, {
      status: 200,
      body: '{"message":"ok","error":false,"code":200,"data":{"x":1}}',
    });
    await expect(client.listColumns(1)).rejects.toThrow(
      'Unexpected response from GET /v2/board/1/columns: data expected a list, got an object',
    );
  });
});
