/**
 * Contract: GET /v2/search over the engines' full-text indexes — message
 * text, senders, notes, comments, sub-tasks and titles found across the
 * boards a key may see and nothing of the others; folded accents, stems,
 * phrases, -words, OR and the operators; bad queries refused in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchAnswer, type SearchMatch } from '../../src/api/schema-search.js';
import { multipartMail, rawMail } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
let sam: string;
let support: number;
let billing: number;
const cards: Record<string, string> = {};

async function board(name: string, users: string[] = []): Promise<number> {
  const b = await s.call('POST', '/v2/board', { body: { Name: name, Users: users } });
  expect(b.status, b.text).toBe(200);
  const id = b.json.data.Id as number;
  for (const Name of ['Inbox', 'Done']) await s.call('POST', `/v2/board/${id}/column`, { body: { Name } });
  return id;
}
async function deliver(boardId: number, raw: Buffer, key?: string): Promise<string> {
  const r = await s.call('POST', '/v2/mail/inbound', {
    body: { BoardId: boardId, Message: raw.toString('base64') },
    ...(key === undefined ? {} : { key }),
  });
  expect(r.status, r.text).toBe(200);
  return r.json.data.CardId as string;
}
async function card(boardId: number, title: string): Promise<string> {
  const cols = await s.call('GET', `/v2/board/${boardId}/columns`);
  const r = await s.call('POST', '/v2/card', {
    body: { BoardId: boardId, ColumnId: cols.json.data[0].Id, CardTitle: title },
  });
  expect(r.status, r.text).toBe(200);
  return String(r.json.taskId);
}

const search = async (q: string, extra: Record<string, string> = {}, key?: string) => {
  const qs = new URLSearchParams({ q, ...extra }).toString();
  return s.call('GET', `/v2/search?${qs}`, key === undefined ? {} : { key });
};
const found = async (q: string, extra: Record<string, string> = {}, key?: string): Promise<SearchMatch[]> => {
  const r = await search(q, extra, key);
  expect(r.status, r.text).toBe(200);
  return SearchAnswer.parse(r.json).data;
};
const ids = (m: SearchMatch[]) => m.map((x) => String(x.ServiceTaskId)).sort();

beforeAll(async () => {
  s = await startTestService({ demo: false });
  sam = await s.addUser('sam@example.com');
  support = await board('Support', ['sam@example.com']);
  billing = await board('Billing Zürich');
  cards.refund = await deliver(
    support,
    rawMail({
      from: 'Jane Müller <jane@customer.example>',
      to: 'support@acme.example',
      subject: 'Order 1182',
      messageId: '<refund-1@customer.example>',
      date: 'Thu, 15 Oct 2026 10:00:00 +0000',
      body: 'Hello, I would like a refund for the broken kettle.\n\n> On Monday you wrote:\n> we shipped the teapot\n',
    }),
  );
  cards.invoice = await deliver(
    billing,
    multipartMail({
      from: 'Omar <omar@vendor.example>',
      subject: 'Invoice for November',
      messageId: '<invoice-1@vendor.example>',
      date: 'Mon, 02 Nov 2026 09:00:00 +0000',
      attachment: { name: 'invoice.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4') },
    }),
  );
  cards.noted = await card(support, 'Call the courier');
  for (const [path, body] of [
    [`/v2/card/${cards.noted}/note`, { Body: 'The courier lost parcel 77 in Kraków' }],
    [`/v2/card/${cards.invoice}/note`, { Body: 'Payments are refunded within 30 days.' }],
    ['/v2/comment', { CardId: cards.noted, Body: 'Escalated to the depot manager' }],
  ] as const) {
    const r = await s.call('POST', path, { body });
    expect(r.status, r.text).toBe(200);
  }
});
afterAll(() => s.close());

describe('GET /v2/search', () => {
  it('finds a card by its message text, its sender, and its subject', async () => {
    expect(ids(await found('refund kettle'))).toEqual([cards.refund]);
    const [m] = await found('from:jane refund');
    expect(m).toMatchObject({ Where: 'message', BoardId: support, BoardName: 'Support', ColumnName: 'Inbox' });
    expect(m?.From).toContain('jane@customer.example');
    expect(m?.Date).toBe('2026-10-15T10:00:00.000Z');
    expect(m?.Snippet, JSON.stringify(m?.Snippet)).toContainEqual({ Text: 'refund', Hit: true });
    expect(ids(await found('subject:invoice'))).toEqual([cards.invoice]);
  });

  it('ignores case and accents, and stems', async () => {
    expect(ids(await found('muller'))).toEqual([cards.refund]);
    expect(ids(await found('MÜLLER'))).toEqual([cards.refund]);
    expect(ids(await found('krakow'))).toEqual([cards.noted]);
    // refund finds "refunded" too (both engines stem English).
    expect(ids(await found('refund'))).toEqual([cards.invoice, cards.refund].sort());
  });

  it('phrases, -words and OR', async () => {
    expect(ids(await found('"broken kettle"'))).toEqual([cards.refund]);
    expect(ids(await found('"kettle broken"'))).toEqual([]);
    expect(ids(await found('refund -kettle'))).toEqual([cards.invoice]);
    expect(ids(await found('kettle OR invoice'))).toEqual([cards.invoice, cards.refund].sort());
  });

  it('notes and comments, with where they matched', async () => {
    const [n] = await found('parcel');
    expect(n).toMatchObject({ Where: 'note', TaskName: 'Call the courier' });
    const [c] = await found('depot');
    expect(c).toMatchObject({ Where: 'comment' });
    const [t] = await found('courier');
    expect(t?.Where).toBe('title');
  });

  it('filters: board:, has:attachment, before:/after:, BoardId', async () => {
    expect(ids(await found('refund board:zurich'))).toEqual([cards.invoice]);
    expect(ids(await found('has:attachment'))).toEqual([cards.invoice]);
    expect(ids(await found('refund after:2026-11-01'))).toEqual([cards.invoice]);
    expect(ids(await found('refund before:2026-11-01'))).toEqual([cards.refund]);
    expect(ids(await found('refund', { BoardId: String(support) }))).toEqual([cards.refund]);
  });

  it('quoted lines are found, ranked below the message’s own', async () => {
    expect(ids(await found('teapot'))).toEqual([cards.refund]);
  });

  it('a key finds only what is on boards it can see', async () => {
    expect(ids(await found('refund', {}, sam))).toEqual([cards.refund]);
    expect(await found('invoice', {}, sam)).toEqual([]);
    const r = await search('invoice', { BoardId: String(billing) }, sam);
    expect(r.status).toBe(403);
  });

  it('bad queries are refused in words, never as the engine’s syntax error', async () => {
    for (const [q, words] of [
      ['"refund', 'unbalanced quote'],
      ['refund colour:red', 'colour: is not an operator'],
      ['refund before:someday', 'not a date'],
      ['the', 'too common'],
      ['-refund', 'give a word to find'],
      ['x'.repeat(10_000), 'at most 1,000'],
    ] as const) {
      const r = await search(q);
      expect(r.status, q).toBe(400);
      expect(r.json.message).toContain(words);
    }
    const r = await search('refund is:urgent');
    expect(r.json.message).toContain('understood so far: refund');
  });
});
