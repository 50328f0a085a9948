/**
 * Contract: forwarding a message of a card's thread, new mail that begins a
 * card, and signatures, against a real SMTP relay on loopback. A forward
 * carries the original's files byte-equal under `Fwd:`; new mail makes a
 * card whose first message is the one sent, and the customer's answer joins
 * it; a board's signature (or the sender's own) is filled in and shown in
 * the thread as it went out. Both go through the outbox like a reply.
 */
import { createHash, randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { BoardSignature, CardMessage, InboundMailData, ReplyData } from '../../src/api/schema-mail.js';
import { multipartMail, rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let relay: TestRelay;
let s: TestService;
let clock = Date.parse('2026-11-28T12:00:00Z');
beforeAll(async () => {
  relay = await startRelay();
  s = await startTestService({ mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' } });
});
afterAll(async () => {
  await s.close();
  await relay.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function mailCard(svc: TestService, raw: Buffer): Promise<string> {
  const r = await svc.call('POST', '/v2/mail/inbound', { body: { BoardId: 1, Message: raw.toString('base64') } });
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data.CardId;
}
const thread = async (svc: TestService, id: string) =>
  envelope(z.array(CardMessage)).parse((await svc.call('GET', `/v2/card/${id}/messages`)).json).data;
const last = () => simpleParser(relay.received.at(-1)?.raw ?? '');

describe('forward', () => {
  it('sends the PDF byte-equal under Fwd: with the note and the original quoted; the thread records it', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
    const id = await mailCard(
      s,
      multipartMail({
        subject: 'Fwd: Invoice 77',
        messageId: '<inv@customer.example>',
        headers: ['Cc: Bo <bo@customer.example>'],
        attachment: { name: 'invoice-77.pdf', type: 'application/pdf', bytes: pdf },
      }),
    );
    const extra = Buffer.from('order,qty\n1042,2\n');
    const r = await s.call('POST', `/v2/card/${id}/forward`, {
      body: {
        To: ['finance@inboard.example'],
        Body: 'Please check this invoice.',
        Attachments: [{ Name: 'order.csv', Content: extra.toString('base64') }],
      },
    });
    expect(r.status, r.text).toBe(200);
    const data = envelope(ReplyData).parse(r.json).data;
    expect(data).toMatchObject({
      To: ['finance@inboard.example'],
      Cc: [],
      Subject: 'Fwd: Invoice 77',
      Kind: 'forward',
      Attachments: [
        { Name: 'invoice-77.pdf', Size: pdf.length, ContentType: 'application/pdf' },
        { Name: 'order.csv', Size: extra.length, ContentType: 'text/csv' },
      ],
    });
    expect(relay.received.at(-1)?.to).toEqual(['finance@inboard.example']);
    const m = await last();
    expect(m.subject).toBe('Fwd: Invoice 77');
    expect(m.inReplyTo).toBeUndefined();
    expect(m.attachments.map((a) => [a.filename, sha(a.content)])).toEqual([
      ['invoice-77.pdf', sha(pdf)],
      ['order.csv', sha(extra)],
    ]);
    const text = m.text ?? '';
    expect(text.startsWith('Please check this invoice.')).toBe(true);
    expect(text).toContain('---------- Forwarded message ---------');
    expect(text).toContain('From: Ana Lima <ana@customer.example>');
    expect(text).toContain('Subject: Fwd: Invoice 77');
    expect(text).toContain('Cc: Bo <bo@customer.example>');
    expect(text).toContain('the invoice is attached.');
    const t = await thread(s, id);
    expect(t.at(-1)).toMatchObject({ Kind: 'forward', Direction: 'out', To: ['finance@inboard.example'] });
    expect(t.at(-1)?.Text).toBe(text);
    // The card's history says what it was: forwarded, not replied.
    const h = await s.call('GET', `/v2/card/${id}/history`);
    expect((h.json.data as { Kind: string }[]).at(-1)).toMatchObject({ Kind: 'forwarded', By: 'owner@inboard.local' });
  });

  it('forwards the message asked for; an unknown one and no To are refused in words', async () => {
    const id = await mailCard(s, rawMail({ subject: 'First', messageId: '<m1@customer.example>' }));
    await mailCard(
      s,
      rawMail({ subject: 'Re: First', messageId: '<m2@customer.example>', inReplyTo: '<m1@customer.example>' }),
    );
    const r = await s.call('POST', `/v2/card/${id}/forward`, {
      body: { To: ['a@inboard.example'], MessageId: '<m1@customer.example>' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.Subject).toBe('Fwd: First');
    const bad = await s.call('POST', `/v2/card/${id}/forward`, {
      body: { To: ['a@inboard.example'], MessageId: '<nope@x>' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(
      `MessageId: "<nope@x>" is not a message of card ${id}: send the Message-ID of one of its thread's messages`,
    );
    expect((await s.call('POST', `/v2/card/${id}/forward`, { body: {} })).json.message).toBe('To: is required');
    expect(
      (await s.call('POST', `/v2/card/${id}/forward`, { body: { To: ['a@inboard.example', 'b@'] } })).json.message,
    ).toBe("the 2nd to address, 'b@', is not an email address");
  });
});

describe('new mail', () => {
  it('makes a card whose first message is the one sent; the answer joins it; a reply goes to the customer', async () => {
    const cols = await s.call('GET', '/v2/board/1/columns');
    const second = (cols.json.data as { ColumnId: string }[])[1]?.ColumnId.replace(/^Label_/, '');
    const r = await s.call('POST', '/v2/board/1/compose', {
      body: {
        To: ['Zed@Customer.example'],
        Subject: 'Your renewal',
        Body: 'Hello Zed,\nrenewal is due.',
        ColumnId: Number(second),
      },
    });
    expect(r.status, r.text).toBe(200);
    const data = envelope(ReplyData).parse(r.json).data;
    expect(data).toMatchObject({ To: ['Zed@Customer.example'], Subject: 'Your renewal', Kind: 'new' });
    const card = await s.call('GET', `/v2/card/${data.CardId}`);
    expect(card.json.data).toMatchObject({ TaskName: 'Your renewal', ColumnId: `Label_${second}` });
    const t = await thread(s, data.CardId);
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ Direction: 'out', Kind: 'new', MessageId: data.MessageId });
    expect((await last()).inReplyTo).toBeUndefined();

    // Before any answer, a reply answers our own message's To.
    const again = await s.call('POST', `/v2/card/${data.CardId}/reply`, { body: { Body: 'A reminder.' } });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toMatchObject({ To: ['Zed@Customer.example'], Subject: 'Re: Your renewal' });

    const answer = await mailCard(
      s,
      rawMail({
        from: 'Zed <zed@customer.example>',
        subject: 'Re: Your renewal',
        messageId: '<zed1@customer.example>',
        inReplyTo: data.MessageId,
      }),
    );
    expect(answer).toBe(data.CardId);
    expect((await thread(s, data.CardId)).map((m) => m.Direction)).toEqual(['out', 'out', 'in']);
  });

  it('refuses bad input in words and makes no card; a relay refusal leaves no card', async () => {
    const count = () => s.withSql((db) => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM cards'));
    const before = await count();
    const say = async (body: unknown, board = 1) =>
      (await s.call('POST', `/v2/board/${board}/compose`, { body })).json.message;
    expect(await say({ To: ['a@b.example'], Body: 'x' })).toBe('Subject: is required');
    expect(await say({ To: ['a@b.example'], Subject: 's', Body: 'x', ColumnId: 999 })).toBe('Column 999 not found');
    expect(await say({ To: ['a@b.example', 'nope'], Subject: 's', Body: 'x' })).toBe(
      "the 2nd to address, 'nope', is not an email address",
    );
    expect(await say({ To: ['a@b.example'], Subject: 's', Body: 'x', Signature: 'Hi {{agent.nam}}' })).toBe(
      'Signature: {{agent.nam}} is not a variable (did you mean {{agent.name}}?): the variables are {{agent.name}}, {{agent.first_name}}, {{agent.email}}, {{board.name}}',
    );
    const refusing = await startRelay({ refuse: ['no@b.example'] });
    const svc = await startTestService({ mail: { smtpUrl: refusing.url, from: 'support@inboard.example' } });
    try {
      const n = await svc.withSql((db) => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM cards'));
      const r = await svc.call('POST', '/v2/board/1/compose', {
        body: { To: ['no@b.example'], Subject: 's', Body: 'x' },
      });
      expect(r.status).toBe(502);
      expect(await svc.withSql((db) => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM cards'))).toEqual(n);
    } finally {
      await svc.close();
      await refusing.close();
    }
    expect(await count()).toEqual(before);
  });

  it('with a send delay: held in the outbox, taken back leaves no card; sent when due', async () => {
    const svc = await startTestService({
      mail: { smtpUrl: relay.url, from: 'support@inboard.example' },
      sendDelayMs: 10_000,
      outboxTickMs: 0,
      now: () => clock,
    });
    try {
      const r = await svc.call('POST', '/v2/board/1/compose', {
        body: { To: ['q@b.example'], Subject: 'Held', Body: 'x' },
      });
      const data = envelope(ReplyData).parse(r.json).data;
      expect(data.OutboxId).toBeDefined();
      const item = await svc.call('GET', `/v2/outbox/${data.OutboxId}`);
      expect(item.json.data).toMatchObject({ Kind: 'new', To: ['q@b.example'], Body: 'x' });
      const back = await svc.call('DELETE', `/v2/outbox/${data.OutboxId}`);
      expect(back.status, back.text).toBe(200);
      expect((await svc.call('GET', `/v2/card/${data.CardId}`)).status).toBe(404);

      // A forward waiting to go holds no reply to the customer.
      const card = await mailCard(svc, rawMail({ messageId: '<wait@customer.example>' }));
      const fw = await svc.call('POST', `/v2/card/${card}/forward`, { body: { To: ['finance@inboard.example'] } });
      expect(fw.json.data.OutboxId).toBeDefined();
      const answer = await svc.call('POST', `/v2/card/${card}/reply`, {
        body: { Body: 'On it.', Seen: '<wait@customer.example>' },
      });
      expect(answer.status, answer.text).toBe(200);

      const before = relay.received.length;
      const file = randomBytes(5_000);
      const f = await svc.call('POST', '/v2/board/1/compose', {
        body: {
          To: ['q@b.example'],
          Subject: 'Due',
          Body: 'y',
          Attachments: [{ Name: 'a.bin', Content: file.toString('base64') }],
        },
      });
      expect(f.json.data.Attachments).toEqual([
        { Name: 'a.bin', Size: 5_000, ContentType: 'application/octet-stream' },
      ]);
      clock += 10_000;
      await Promise.all(svc.outboxes.map((o) => o.tick()));
      expect(relay.received).toHaveLength(before + 3);
      const due = relay.received.slice(before).map((m) => m.to.join(','));
      expect(due.sort()).toEqual(['ana@customer.example', 'finance@inboard.example', 'q@b.example']);
      const composed = relay.received.slice(before).find((m) => m.to.includes('q@b.example'));
      expect((await simpleParser(composed?.raw ?? '')).attachments.map((a) => sha(a.content))).toEqual([sha(file)]);
      const t = await thread(svc, f.json.data.CardId);
      expect(t.map((m) => [m.Kind, m.Attachments.length])).toEqual([['new', 1]]);
      // Sent: the outbox keeps no bytes (the thread's copy holds them).
      expect(await svc.withSql((db) => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox_files'))).toEqual({
        n: 0,
      });
    } finally {
      await svc.close();
    }
  });
});

describe('signatures', () => {
  it("the owner sets the board's; it is filled in under '-- ' on what is sent and in the thread", async () => {
    const put = await s.call('PUT', '/v2/board/1/signature', {
      body: { Text: '{{agent.first_name}} at {{board.name}}\n{{agent.email}}' },
    });
    expect(put.status, put.text).toBe(200);
    expect(envelope(BoardSignature).parse((await s.call('GET', '/v2/board/1/signature')).json).data).toEqual({
      BoardId: '1',
      Text: '{{agent.first_name}} at {{board.name}}\n{{agent.email}}',
    });
    const me = (await s.call('GET', '/v2/me')).json.data as { Email: string; Name: string };
    const board = (await s.call('GET', '/v2/board/1')).json.data as { Name: string };
    const filled = `${me.Name.split(/\s+/)[0]} at ${board.Name}\n${me.Email}`;
    const id = await mailCard(s, rawMail({ messageId: '<sig1@customer.example>' }));
    expect((await s.call('GET', `/v2/card/${id}/reply-defaults`)).json.data.Signature).toBe(filled);
    const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Thanks!' } });
    expect(r.status, r.text).toBe(200);
    const text = (await last()).text ?? '';
    expect(text.trim()).toBe(`Thanks!\n\n-- \n${filled}`);
    expect((await thread(s, id)).at(-1)?.Text.trim()).toBe(text.trim());

    // The sender's own instead, or none.
    await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Mine.', Signature: '{{agent.name}}' } });
    expect((await last()).text?.trim()).toBe(`Mine.\n\n-- \n${me.Name}`);
    await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'None.', Signature: null } });
    expect((await last()).text?.trim()).toBe('None.');

    const del = await s.call('DELETE', '/v2/board/1/signature');
    expect(del.json.data).toEqual({ BoardId: '1', Text: null });
    expect((await s.call('GET', `/v2/card/${id}/reply-defaults`)).json.data.Signature).toBeNull();
  });

  it('refuses an unknown variable in words, and anyone but the owner', async () => {
    const bad = await s.call('PUT', '/v2/board/1/signature', { body: { Text: 'Hi {{agent.nam}}' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(
      'Text: {{agent.nam}} is not a variable (did you mean {{agent.name}}?): the variables are {{agent.name}}, {{agent.first_name}}, {{agent.email}}, {{board.name}}',
    );
    expect((await s.call('PUT', '/v2/board/1/signature', { body: { Text: '  ' } })).json.message).toBe(
      'Text: must not be empty',
    );
    const member = await s.addUser('member@inboard.example');
    const board = (await s.call('GET', '/v2/board/1')).json.data as { Users?: string };
    const users = (board.Users ?? '').split(',').filter((u) => u.trim() !== '');
    const added = await s.call('PUT', '/v2/board/1', { body: { Users: [...users, 'member@inboard.example'] } });
    expect(added.status, added.text).toBe(200);
    const r = await s.call('PUT', '/v2/board/1/signature', { body: { Text: 'x' }, key: member });
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/^Only the board's owner \(.*\) may set its signature on board 1$/);
    expect((await s.call('GET', '/v2/board/1/signature', { key: member })).status).toBe(200);
  });
});
