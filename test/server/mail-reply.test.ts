/**
 * Contract: `POST /v2/card/:id/reply` against a real SMTP relay started here
 * (smtp-server): the headers a customer's mail program threads by, the relay's
 * refusal in its words with nothing recorded, and no relay set up → 409.
 */
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardMessage, InboundMailData, ReplyData } from '../../src/api/schema-mail.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let relay: TestRelay;
let s: TestService;
let plain: TestService;
beforeAll(async () => {
  relay = await startRelay({ user: 'inboard', pass: 's3cret:pass', refuse: ['gone@customer.example'] });
  s = await startTestService({ mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' } });
  plain = await startTestService();
});
afterAll(async () => {
  await Promise.all([s.close(), plain.close()]);
  await relay.close();
});

async function mailCard(svc: TestService, raw: Buffer): Promise<string> {
  const r = await svc.call('POST', '/v2/mail/inbound', { body: { BoardId: 1, Message: raw.toString('base64') } });
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data.CardId;
}
const thread = async (svc: TestService, id: string) =>
  envelope(z.array(CardMessage)).parse((await svc.call('GET', `/v2/card/${id}/messages`)).json).data;

describe('POST /v2/card/:id/reply', () => {
  it('sends through the relay with From, To, Re: subject, In-Reply-To, References and our Message-ID', async () => {
    const id = await mailCard(
      s,
      rawMail({
        subject: 'Re: RE: Where is my parcel?',
        messageId: '<p1@customer.example>',
        references: '<p0@shop.example>',
      }),
    );
    const r = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'It left our warehouse today.', Cc: ['lead@inboard.example'] },
      headers: { 'idempotency-key': 'reply-1' },
    });
    expect(r.status, r.text).toBe(200);
    const data = envelope(ReplyData).parse(r.json).data;
    expect(data).toMatchObject({
      CardId: id,
      To: ['Ana Lima <ana@customer.example>'],
      Cc: ['lead@inboard.example'],
      Subject: 'Re: Where is my parcel?',
    });
    expect(data.MessageId).toMatch(/^<[^@]+@inboard\.example>$/);
    expect(relay.received).toHaveLength(1);
    const sent = relay.received[0];
    expect(sent?.to.sort()).toEqual(['ana@customer.example', 'lead@inboard.example']);
    const m = await simpleParser(sent?.raw ?? '');
    expect(m.from?.text).toBe('"Support" <support@inboard.example>');
    expect(m.subject).toBe('Re: Where is my parcel?');
    expect(m.inReplyTo).toBe('<p1@customer.example>');
    expect(m.references).toEqual(['<p0@shop.example>', '<p1@customer.example>']);
    expect(m.messageId).toBe(data.MessageId);
    expect(m.text?.trim()).toBe('It left our warehouse today.');
    // Recorded as sent, in the thread after what it answers.
    const t = await thread(s, id);
    expect(t.map((x) => x.Direction)).toEqual(['in', 'out']);
    expect(t[1]).toMatchObject({
      MessageId: data.MessageId,
      InReplyTo: '<p1@customer.example>',
      Text: 'It left our warehouse today.',
    });
    // The same key again: the answer replayed, nothing sent twice.
    const again = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'It left our warehouse today.', Cc: ['lead@inboard.example'] },
      headers: { 'idempotency-key': 'reply-1' },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(r.json);
    expect(relay.received).toHaveLength(1);
  });

  it("answers the Reply-To of the last message that came in, and the customer's answer threads back", async () => {
    const id = await mailCard(
      s,
      rawMail({ messageId: '<q1@customer.example>', replyTo: 'Orders <orders@customer.example>' }),
    );
    const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'On its way.' } });
    expect(r.json.data.To).toEqual(['Orders <orders@customer.example>']);
    const ours = r.json.data.MessageId as string;
    const back = await s.call('POST', '/v2/mail/inbound', {
      body: {
        BoardId: 1,
        Message: rawMail({
          messageId: '<q3@customer.example>',
          inReplyTo: ours,
          references: `<q1@customer.example> ${ours}`,
        }).toString('base64'),
      },
    });
    expect(back.json.data.CardId).toBe(id);
    expect((await thread(s, id)).map((m) => m.Direction)).toEqual(['in', 'out', 'in']);
  });

  it("a relay's refusal comes back in its words and nothing is recorded as sent", async () => {
    const id = await mailCard(s, rawMail({ from: 'Gone <gone@customer.example>', messageId: '<g1@customer.example>' }));
    const before = relay.received.length;
    const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Hello?' } });
    expect(r.status).toBe(502);
    expect(r.json.message).toMatch(
      /^The mail relay 127\.0\.0\.1:\d+ refused the reply: 550 .*Mailbox gone@customer\.example unavailable: no such user here/,
    );
    expect(r.json.message).not.toContain('s3cret');
    expect(relay.received).toHaveLength(before);
    expect((await thread(s, id)).map((m) => m.Direction)).toEqual(['in']);
  });

  it('a stale If-Match is 412 before anything leaves; the current one sends and changes the version', async () => {
    const id = await mailCard(s, rawMail({ messageId: '<v1@customer.example>' }));
    const before = relay.received.length;
    const stale = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Late answer' },
      headers: { 'if-match': '"7"' },
    });
    expect(stale.status).toBe(412);
    expect(stale.json.message).toBe(
      `Card ${id} changed since you read it (you had version 7, it is now 1): read it again`,
    );
    expect(relay.received).toHaveLength(before);
    const sent = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Answer' },
      headers: { 'if-match': '"1"' },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.headers.etag).toBe('"2"');
    expect(relay.received).toHaveLength(before + 1);
  });

  it('a relay that cannot be reached says so', async () => {
    const dead = await startRelay();
    await dead.close();
    const svc = await startTestService({ mail: { smtpUrl: dead.url, from: 'support@inboard.example' } });
    try {
      const id = await mailCard(svc, rawMail({ messageId: '<d1@customer.example>' }));
      const r = await svc.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Hi' } });
      expect(r.status).toBe(502);
      expect(r.json.message).toMatch(/^The mail relay 127\.0\.0\.1:\d+ could not be reached: .*ECONNREFUSED/);
      expect(await thread(svc, id)).toHaveLength(1);
    } finally {
      await svc.close();
    }
  });

  it('without a relay set up: 409 that says so, never "sent"', async () => {
    const id = await mailCard(plain, rawMail({ messageId: '<n1@customer.example>' }));
    const r = await plain.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Hi' } });
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(
      /^Replies are not set up for this board: connect its mailbox .* or give the service an SMTP relay \(inboard serve --smtp/,
    );
    expect(r.json.message).toMatch(/Nothing was sent\.$/);
    expect(await thread(plain, id)).toHaveLength(1);
  });

  it('400s name the field in words; a card without mail has nothing to answer', async () => {
    const id = await mailCard(s, rawMail({ messageId: '<v1@customer.example>' }));
    const say = async (body: unknown) => (await s.call('POST', `/v2/card/${id}/reply`, { body })).json.message;
    expect(await say({})).toBe('Body: is required');
    expect(await say({ Body: '   ' })).toBe('Body: must not be empty');
    expect(await say({ Body: 'x', Cc: ['not-an-address'] })).toBe(
      "the 1st cc address, 'not-an-address', is not an email address",
    );
    expect(await say({ Body: 'x', To: ['ana@customer.example', 'nope'] })).toBe(
      "the 2nd to address, 'nope', is not an email address",
    );
    expect(await say({ Body: 'x', Bcc: ['boss@inboard.example', 'x@'] })).toBe(
      "the 2nd bcc address, 'x@', is not an email address",
    );
    expect(await say({ Body: 'x', To: [] })).toBe('To: must have at least 1 entry');
    const plainCard = await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'no mail' } });
    const r = await s.call('POST', `/v2/card/${plainCard.json.taskId}/reply`, { body: { Body: 'x' } });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(
      `Card ${plainCard.json.taskId} has no email to answer: no message came in on it. Nothing was sent.`,
    );
  });
});
