/**
 * Contract: mail delivered to a board (`POST /v2/mail/inbound`) and a card's
 * thread (`GET /v2/card/:id/messages`): a new card per new conversation, an
 * answer threaded onto its card (unread, back from the archive), the same
 * Message-ID once, and what isn't mail refused in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardDetail } from '../../src/api/schema-cards.js';
import { CardMessage, InboundMailData } from '../../src/api/schema-mail.js';
import { multipartMail, rawMail } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
let stranger: string;
beforeAll(async () => {
  s = await startTestService({ demo: false });
  const board = await s.call('POST', '/v2/board', { body: { Name: 'Mail' } });
  expect(board.status).toBe(200);
  for (const Name of ['Inbox', 'Doing'])
    await s.call('POST', `/v2/board/${board.json.data.Id}/column`, { body: { Name } });
  stranger = await s.addUser('stranger@example.com');
  mailBoard = board.json.data.Id as number;
  const cols = await s.call('GET', `/v2/board/${mailBoard}/columns`);
  mailColumns = (cols.json.data as { Id: number }[]).map((c) => c.Id);
});
afterAll(() => s.close());

let mailBoard: number;
let mailColumns: number[];
const boardId = () => mailBoard;
const columns = () => mailColumns;

const deliver = (raw: Buffer, extra: object = {}, key?: string) =>
  s.call('POST', '/v2/mail/inbound', {
    body: { BoardId: boardId(), Message: raw.toString('base64'), ...extra },
    ...(key === undefined ? {} : { key }),
  });
const delivered = async (raw: Buffer, extra: object = {}) => {
  const r = await deliver(raw, extra);
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data;
};
const thread = async (id: string) =>
  envelope(z.array(CardMessage)).parse((await s.call('GET', `/v2/card/${id}/messages`)).json).data;
const card = async (id: string) => envelope(CardDetail).parse((await s.call('GET', `/v2/card/${id}`)).json).data;

describe('POST /v2/mail/inbound', () => {
  it('makes a new unread card on top of the first column, titled by the decoded subject', async () => {
    const got = await delivered(
      rawMail({
        subject: '=?UTF-8?B?w4ljaGFuZ2UgZGUgY29tbWFuZGUg4oCUIOazqOaWhw==?=',
        messageId: '<new-1@customer.example>',
      }),
    );
    expect(got).toMatchObject({ NewCard: true, Duplicate: false, MessageId: '<new-1@customer.example>' });
    const c = await card(got.CardId);
    expect(c.TaskName).toBe('Échange de commande — 注文');
    expect(c.ReadUnreadStatus).toBe(0);
    expect(c.ColumnId).toBe(`Label_${columns()[0]}`);
    const [m] = await thread(got.CardId);
    expect(m).toMatchObject({
      Direction: 'in',
      From: 'Ana Lima <ana@customer.example>',
      To: ['support@inboard.example'],
      Subject: 'Échange de commande — 注文',
      Date: '2026-11-24T08:15:00.000Z',
      Html: null,
      Attachments: [],
    });
    expect(m?.Text).toContain('my order has not arrived yet.');
  });

  it('reads multipart mail: text, HTML and the attachment named with its size; --column places it', async () => {
    const bytes = Buffer.alloc(3000, 7);
    const got = await delivered(
      multipartMail({
        messageId: '<multi@customer.example>',
        attachment: { name: 'photo.jpg', type: 'image/jpeg', bytes },
      }),
      { ColumnId: columns()[1] },
    );
    expect((await card(got.CardId)).ColumnId).toBe(`Label_${columns()[1]}`);
    const [m] = await thread(got.CardId);
    expect(m?.Text.trim()).toBe('Grüße, the invoice is attached.');
    expect(m?.Html).toContain('<b>invoice</b>');
    expect(m?.Attachments).toEqual([
      {
        Name: 'photo.jpg',
        Size: 3000,
        ContentType: 'image/jpeg',
        Id: expect.any(String),
        Url: expect.stringMatching(/^\/v2\/attachment\//),
      },
    ]);
  });

  it('makes HTML-only mail readable text, decodes other charsets and quoted-printable, and keeps an mbox From line out', async () => {
    const html = await delivered(
      rawMail({
        messageId: '<html-only@customer.example>',
        contentType: 'text/html; charset=utf-8',
        body: '<html><body><p>First&nbsp;line</p><ul><li>one</li><li>two</li></ul></body></html>',
      }),
    );
    const [h] = await thread(html.CardId);
    expect(h?.Html).toContain('<li>one</li>');
    expect(h?.Text).toMatch(/First\u00a0?\s?line[\s\S]*one[\s\S]*two/);
    expect(h?.Text).not.toContain('<');
    const latin = Buffer.concat([
      Buffer.from('From MAILER-DAEMON Tue Nov 24 09:15:00 2026\r\n'),
      rawMail({
        messageId: '<latin1@customer.example>',
        contentType: 'text/plain; charset=iso-8859-1',
        headers: ['Content-Transfer-Encoding: quoted-printable'],
        body: 'Gr=FC=DFe aus M=FCnchen',
      }),
    ]);
    const l = await delivered(latin);
    expect((await thread(l.CardId))[0]?.Text.trim()).toBe('Grüße aus München');
  });

  it('threads an answer onto the card of the message it answers: unread again, back from the archive', async () => {
    const first = await delivered(rawMail({ subject: 'Refund', messageId: '<r1@customer.example>' }));
    await s.call('PUT', `/v2/card/${first.CardId}/read-status`, { body: { ReadStatus: 1 } });
    const moved = await s.call('POST', '/v2/card/move-card', {
      body: { Id: first.CardId, NewColumnId: columns()[1], NewPosition: 0 },
    });
    expect(moved.status).toBe(200);
    expect((await s.call('DELETE', `/v2/card/${first.CardId}`)).status).toBe(200);
    const answer = await delivered(
      rawMail({ subject: 'Re: Refund', messageId: '<r2@customer.example>', references: '<r1@customer.example>' }),
    );
    expect(answer).toMatchObject({ CardId: first.CardId, NewCard: false, Duplicate: false });
    const c = await card(first.CardId);
    expect(c.Archived).toBe(false);
    expect(c.ReadUnreadStatus).toBe(0);
    expect(c.ColumnId).toBe(`Label_${columns()[0]}`);
    expect((await thread(first.CardId)).map((m) => m.MessageId)).toEqual([
      '<r1@customer.example>',
      '<r2@customer.example>',
    ]);
    // In-Reply-To alone threads too.
    const third = await delivered(rawMail({ messageId: '<r3@customer.example>', inReplyTo: '<r2@customer.example>' }));
    expect(third.CardId).toBe(first.CardId);
  });

  it('takes the same Message-ID once, whether a new conversation or an answer', async () => {
    const raw = rawMail({ subject: 'Twice', messageId: '<twice@customer.example>' });
    const a = await delivered(raw);
    const b = await delivered(raw);
    expect(b).toEqual({ ...a, NewCard: false, Duplicate: true });
    const answer = rawMail({ messageId: '<twice-2@customer.example>', inReplyTo: '<twice@customer.example>' });
    await delivered(answer);
    expect((await delivered(answer)).Duplicate).toBe(true);
    expect(await thread(a.CardId)).toHaveLength(2);
    // Without a Message-ID, the same bytes are still one message.
    const bare = rawMail({ subject: 'No id' });
    const c = await delivered(bare);
    expect((await delivered(bare)).CardId).toBe(c.CardId);
  });

  it('refuses what is not mail, in words, and makes no card', async () => {
    const cards = () => s.withSql(async (db) => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM cards'))?.n);
    const before = await cards();
    for (const [raw, words] of [
      [Buffer.from('just some text\nthat is no email\n'), /not an email/],
      [Buffer.from('\x89PNG\r\n\x1a\n\0\0\0binary'), /not an email/],
      [Buffer.from('Subject: hello\r\n\r\nno sender'), /no From address/],
      [Buffer.from('   \n'), /empty/],
    ] as const) {
      const r = await deliver(raw);
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/^Message: /);
      expect(r.json.message).toMatch(words);
    }
    expect(
      (await s.call('POST', '/v2/mail/inbound', { body: { BoardId: boardId(), Message: 'not base64!' } })).json.message,
    ).toBe('Message: must be the raw message in base64');
    expect((await s.call('POST', '/v2/mail/inbound', { body: { Message: 'AAAA' } })).json.message).toBe(
      'BoardId: is required',
    );
    // A column of another board is refused even for an answer, which would not need it.
    const answer = rawMail({ messageId: '<col@customer.example>', inReplyTo: '<r1@customer.example>' });
    const elsewhere = await deliver(answer, { ColumnId: 99 });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json.message).toBe('Column 99 not found');
    expect(await cards()).toBe(before);
  });

  it('states its size limit: 25 MiB of message; a 10 MB attachment fits', async () => {
    const ten = Buffer.alloc(10 * 1000 * 1000, 1);
    const got = await delivered(
      multipartMail({
        messageId: '<big@customer.example>',
        attachment: { name: 'scan.tiff', type: 'image/tiff', bytes: ten },
      }),
    );
    expect((await thread(got.CardId))[0]?.Attachments[0]).toMatchObject({
      Name: 'scan.tiff',
      Size: 10_000_000,
      ContentType: 'image/tiff',
    });
    const over = await deliver(Buffer.alloc(26 * 1024 * 1024, 65));
    expect(over.status).toBe(413);
    expect(over.json.message).toMatch(/^Message: 26\.0 MiB is larger than the limit of 25 MiB/);
  });

  it('delivers only to a board the key may see', async () => {
    const r = await deliver(rawMail({ messageId: '<nosy@x.example>' }), {}, stranger);
    expect(r.status).toBe(403);
    expect((await s.call('POST', '/v2/mail/inbound', { body: {}, key: null })).status).toBe(401);
  });
});

describe('GET /v2/card/:id/messages', () => {
  it('is an empty thread for a card no mail came in on; 404 for no card; unknown parameters are 400', async () => {
    const created = await s.call('POST', '/v2/card', {
      body: { BoardId: boardId(), ColumnId: columns()[0], CardTitle: 'plain' },
    });
    expect(await thread(String(created.json.taskId))).toEqual([]);
    expect((await s.call('GET', '/v2/card/999999/messages')).status).toBe(404);
    expect((await s.call('GET', `/v2/card/${created.json.taskId}/messages?page=1`)).json.message).toBe(
      'page: unknown field',
    );
  });
});
