/**
 * The client's sending operations against the local service (a real SMTP
 * relay behind it): reply defaults, a forward, new mail and a board's
 * signature, each through `createClient` as the CLI and the TUI call them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { startTestService, type TestService } from '../server/helpers.js';

let relay: TestRelay;
let s: TestService;
let client: Client;
beforeAll(async () => {
  relay = await startRelay();
  s = await startTestService({ mail: { smtpUrl: relay.url, from: 'support@inboard.example' } });
  client = createClient({ baseUrl: s.url, apiKey: s.key, maxAttempts: 1 });
});
afterAll(async () => {
  await s.close();
  await relay.close();
});

describe('sending through the client', () => {
  it('reply defaults, a signature, a forward and new mail', async () => {
    const r = await s.call('POST', '/v2/mail/inbound', {
      body: {
        BoardId: 1,
        Message: rawMail({ messageId: '<k1@customer.example>', headers: ['Cc: bo@customer.example'] }).toString(
          'base64',
        ),
      },
    });
    const id = r.json.data.CardId as string;
    expect(await client.setBoardSignature(1, '{{agent.email}}')).toEqual({ BoardId: '1', Text: '{{agent.email}}' });
    const me = (await s.call('GET', '/v2/me')).json.data as { Email: string };
    expect(await client.replyDefaults(id)).toEqual({
      From: 'support@inboard.example',
      To: ['Ana Lima <ana@customer.example>'],
      Cc: ['bo@customer.example'],
      Subject: 'Re: Order 1042 has not arrived',
      Signature: me.Email,
    });
    const fwd = await client.forwardCard(id, { To: ['finance@inboard.example'], Body: 'FYI' });
    expect(fwd).toMatchObject({ Kind: 'forward', Subject: 'Fwd: Order 1042 has not arrived' });
    const made = await client.composeMail(1, { To: ['new@customer.example'], Subject: 'Hello', Body: 'Hi' });
    expect(made).toMatchObject({ Kind: 'new', To: ['new@customer.example'] });
    expect((await client.listMessages(made.CardId)).map((m) => m.Kind)).toEqual(['new']);
    expect(await client.setBoardSignature(1, null)).toEqual({ BoardId: '1', Text: null });
    expect(await client.getBoardSignature(1)).toEqual({ BoardId: '1', Text: null });
    expect(client.offers('forward')).toBe(true);
  });

  it("a signature with an unknown variable is refused in the server's words", async () => {
    await expect(client.setBoardSignature(1, 'Hi {{agent.nam}}')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('{{agent.nam}} is not a variable (did you mean {{agent.name}}?)'),
    });
  });
});
