/**
 * The client's email operations: the thread and a reply against the local
 * service (a real SMTP relay behind it), and "not offered" from a server
 * without the routes (the recorded stand-in of the vendor's service).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { startTestService, type TestService } from '../server/helpers.js';

let relay: TestRelay;
let s: TestService;
let client: Client;
let recorded: RecordedService;
beforeAll(async () => {
  relay = await startRelay();
  s = await startTestService({ mail: { smtpUrl: relay.url, from: 'support@inboard.example' } });
  client = createClient({ baseUrl: s.url, apiKey: s.key, maxAttempts: 1 });
  recorded = await startRecordedService();
});
afterAll(async () => {
  await Promise.all([s.close(), recorded.close()]);
  await relay.close();
});

describe('listMessages and replyToCard', () => {
  it('reads the thread and sends a reply that joins it', async () => {
    const r = await s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: 1, Message: rawMail({ messageId: '<c1@customer.example>' }).toString('base64') },
    });
    const id = r.json.data.CardId as string;
    const before = await client.listMessages(id);
    expect(before.map((m) => [m.Direction, m.From])).toEqual([['in', 'Ana Lima <ana@customer.example>']]);
    const sent = await client.replyToCard(id, { Body: 'Thanks, looking into it.' });
    expect(sent).toMatchObject({
      CardId: id,
      To: ['Ana Lima <ana@customer.example>'],
      Subject: 'Re: Order 1042 has not arrived',
    });
    expect(relay.received).toHaveLength(1);
    expect((await client.listMessages(id)).map((m) => m.Direction)).toEqual(['in', 'out']);
    expect(client.offers('messages')).toBe(true);
    expect(client.offers('reply')).toBe(true);
  });

  it('an empty reply is refused by the server in words', async () => {
    await expect(client.replyToCard('1', { Body: ' ' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Body: must not be empty'),
    });
  });
});

describe('a server without the routes', () => {
  it('says "not offered by this server", then refuses without asking again', async () => {
    const other = createClient({ baseUrl: recorded.url, apiKey: recorded.key, maxAttempts: 1 });
    await expect(other.listMessages('101')).rejects.toMatchObject({
      kind: 'unsupported',
      message: "Reading a card's email is not offered by this server",
    });
    await expect(other.replyToCard('101', { Body: 'x' })).rejects.toMatchObject({
      kind: 'unsupported',
      message: "Replying to a card's email is not offered by this server",
    });
    const asked = recorded.requests.length;
    await expect(other.listMessages('101')).rejects.toMatchObject({ kind: 'unsupported' });
    expect(recorded.requests.length).toBe(asked);
    expect(other.offers('messages')).toBe(false);
  });
});
