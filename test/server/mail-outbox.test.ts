/**
 * Contract: no crossed replies and the outbox, against a real SMTP relay on
 * loopback. A reply carries the newest message its writer had read (`Seen`);
 * one written before a message arrived, or while another reply waits to go,
 * is held (409, with what came) and nothing is sent. With a send delay every
 * reply waits in the outbox (kept in the database) until the service's clock
 * says so; `DELETE /v2/outbox/:id` takes it back, nothing delivered; of two
 * instances looking at once, exactly one sends it; a restart neither loses
 * nor doubles one. The clock is the service's, moved by the test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardMessage, HeldReplyData, InboundMailData, OutboxItem, ReplyData } from '../../src/api/schema-mail.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let relay: TestRelay;
let s: TestService | undefined;
let clock = Date.parse('2026-11-27T12:00:00Z');
const now = () => clock;

beforeEach(async () => {
  relay = await startRelay();
});
afterEach(async () => {
  await s?.close();
  s = undefined;
  await relay.close();
});

const start = async (sendDelayMs: number, dbPath?: string, apiKey?: string) =>
  startTestService({
    mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' },
    sendDelayMs,
    outboxTickMs: 0,
    now,
    ...(dbPath !== undefined ? { dbPath, demo: false, apiKey } : {}),
  });

async function deliver(svc: TestService, raw: Buffer): Promise<string> {
  const r = await svc.call('POST', '/v2/mail/inbound', { body: { BoardId: 1, Message: raw.toString('base64') } });
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data.CardId;
}
const thread = async (svc: TestService, id: string) =>
  envelope(z.array(CardMessage)).parse((await svc.call('GET', `/v2/card/${id}/messages`)).json).data;
const tickAll = (svc: TestService) => Promise.all(svc.outboxes.map((o) => o.tick()));

describe('no crossed replies', () => {
  it('a reply written before a new message is held with what came; send anyway sends it', async () => {
    s = await start(0);
    const id = await deliver(s, rawMail({ subject: 'Parcel 12', messageId: '<a1@customer.example>' }));
    await deliver(
      s,
      rawMail({
        subject: 'Re: Parcel 12',
        messageId: '<a2@customer.example>',
        inReplyTo: '<a1@customer.example>',
        body: 'Found it!',
      }),
    );
    const r = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Sending another.', Seen: '<a1@customer.example>' },
    });
    expect(r.status, r.text).toBe(409);
    const body = r.json as { message: string; data: unknown };
    expect(body.message).toMatch(
      /^Reply held, nothing was sent: a new message on this card since you read it \(Ana Lima/,
    );
    const held = HeldReplyData.parse(body.data);
    expect(held.Arrived.map((m) => m.MessageId)).toEqual(['<a2@customer.example>']);
    expect(held.Arrived[0]?.Text).toContain('Found it!');
    expect(relay.received).toHaveLength(0);
    expect((await thread(s, id)).filter((m) => m.Direction === 'out')).toHaveLength(0);
    // Read, sent anyway; and one written from the newest message goes at once.
    const anyway = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Glad it turned up.', Seen: '<a1@customer.example>', SendAnyway: true },
    });
    expect(anyway.status, anyway.text).toBe(200);
    expect(relay.received).toHaveLength(1);
    const bad = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'x', Seen: '<nope@x>' } });
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toMatch(/^Seen: "<nope@x>" is not a message of card/);
  });

  it('two replies written from the same read: one sent, the other held with the first shown', async () => {
    s = await start(0);
    const id = await deliver(s, rawMail({ subject: 'Refund', messageId: '<r1@customer.example>' }));
    const send = (text: string) =>
      s!.call('POST', `/v2/card/${id}/reply`, { body: { Body: text, Seen: '<r1@customer.example>' } });
    const [a, b] = await Promise.all([send('From Sam.'), send('From Priya.')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const heldOne = a.status === 409 ? a : b;
    const held = HeldReplyData.parse((heldOne.json as { data: unknown }).data);
    // The other reply: already in the thread, or still on its way out.
    const other = [...held.Arrived.map((m) => m.Text), ...held.Waiting.map((w) => w.Body)];
    expect(other).toHaveLength(1);
    expect(relay.received).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('holds a reply for the delay, then sends it once; u within the delay delivers nothing', async () => {
    s = await start(10_000);
    const id = await deliver(s, rawMail({ subject: 'Invoice', messageId: '<i1@customer.example>' }));
    const r = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Attached.', Seen: '<i1@customer.example>' },
    });
    expect(r.status, r.text).toBe(200);
    const data = envelope(ReplyData).parse(r.json).data;
    expect(data.SendsAt).toBe(new Date(clock + 10_000).toISOString());
    await tickAll(s);
    expect(relay.received).toHaveLength(0);
    // A second writer is held while it waits.
    const second = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Me too.', Seen: '<i1@customer.example>' },
    });
    expect(second.status).toBe(409);
    expect((second.json as { message: string }).message).toContain('has a reply to it waiting to go');
    clock += 10_000;
    await tickAll(s);
    expect(relay.received).toHaveLength(1);
    const item = envelope(OutboxItem).parse((await s.call('GET', `/v2/outbox/${data.OutboxId}`)).json).data;
    expect(item.State).toBe('sent');
    expect((await thread(s, id)).at(-1)?.MessageId).toBe(data.MessageId);
    const late = await s.call('DELETE', `/v2/outbox/${data.OutboxId}`);
    expect(late.status).toBe(409);
    expect((late.json as { message: string }).message).toMatch(
      /was sent already: an email once sent cannot be called back/,
    );

    // Taken back in time: its text comes back, and nothing is ever sent.
    const r2 = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Oops, wrong file.' } });
    const queued = envelope(ReplyData).parse(r2.json).data;
    const back = await s.call('DELETE', `/v2/outbox/${queued.OutboxId}`);
    expect(back.status, back.text).toBe(200);
    expect(envelope(OutboxItem).parse(back.json).data.Body).toBe('Oops, wrong file.');
    clock += 60_000;
    await tickAll(s);
    expect(relay.received).toHaveLength(1);
  });

  it('kept in the database: a restart neither loses nor doubles a waiting reply', async () => {
    s = await start(5_000);
    const id = await deliver(s, rawMail({ subject: 'Restart', messageId: '<x1@customer.example>' }));
    const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'Survives.' } });
    expect(r.status).toBe(200);
    const dbPath = s.dbPath;
    // Closed without removing its files: the next service opens the same database.
    for (const o of s.outboxes) await o.stop();
    const first = s;
    s = await start(5_000, dbPath, first.key);
    clock += 5_000;
    await Promise.all([tickAll(s), ...first.outboxes.map((o) => o.tick())]);
    await tickAll(s);
    expect(relay.received).toHaveLength(1);
    expect((await thread(s, id)).filter((m) => m.Direction === 'out')).toHaveLength(1);
    await first.close();
  });

  it('a reply queued before To and the subject were kept goes to the customer of the newest message', async () => {
    s = await start(5_000);
    const id = await deliver(s, rawMail({ subject: 'Older', messageId: '<o1@customer.example>' }));
    const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'From before the upgrade.' } });
    expect(r.status, r.text).toBe(200);
    // As a row queued by the version before: no To, subject or message answered.
    await s.withSql((db) => db.run('UPDATE outbox SET to_addrs = NULL, subject = NULL, answers = NULL'));
    clock += 5_000;
    await tickAll(s);
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]?.to).toEqual(['ana@customer.example']);
    expect(relay.received[0]?.raw).toMatch(/^Subject: Re: Older/m);
    expect((await thread(s, id)).at(-1)).toMatchObject({
      Text: 'From before the upgrade.',
      InReplyTo: '<o1@customer.example>',
    });
  });

  it('of two instances looking at once, exactly one sends each reply', async () => {
    s = await start(1_000);
    const other = await start(1_000, s.dbPath, s.key);
    try {
      const id = await deliver(s, rawMail({ subject: 'Race', messageId: '<q1@customer.example>' }));
      for (const text of ['one', 'two', 'three']) {
        const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: text } });
        expect(r.status).toBe(200);
      }
      clock += 1_000;
      await Promise.all([tickAll(s), tickAll(other), tickAll(s), tickAll(other)]);
      expect(relay.received).toHaveLength(3);
      expect(
        (await thread(s, id))
          .filter((m) => m.Direction === 'out')
          .map((m) => m.Text)
          .sort(),
      ).toEqual(['one', 'three', 'two']);
    } finally {
      await other.close();
    }
  });
});
