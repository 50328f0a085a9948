/**
 * Contract: what a reply is sent to and carries, against a real SMTP relay
 * on loopback — reply to all (the colleague in Cc kept, the team's own
 * addresses left out), explicit To/Cc/Bcc, files byte-equal (sha256) in what
 * the relay got and in the thread's copy, and every bad input refused in
 * words before anything is sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../src/api/schema.js';
import { CardMessage, InboundMailData, ReplyData, ReplyDefaults } from '../../src/api/schema-mail.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { startTestService, type TestService } from './helpers.js';

let relay: TestRelay;
let s: TestService;
beforeAll(async () => {
  relay = await startRelay({ refuse: ['gone@customer.example'] });
  s = await startTestService({ mail: { smtpUrl: relay.url, from: 'Support <support@inboard.example>' } });
});
afterAll(async () => {
  await s.close();
  await relay.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
async function mailCard(raw: Buffer): Promise<string> {
  const r = await s.call('POST', '/v2/mail/inbound', { body: { BoardId: 1, Message: raw.toString('base64') } });
  expect(r.status, r.text).toBe(200);
  return envelope(InboundMailData).parse(r.json).data.CardId;
}
const thread = async (id: string) =>
  envelope(z.array(CardMessage)).parse((await s.call('GET', `/v2/card/${id}/messages`)).json).data;
const rawStored = (messageId: string) =>
  s.withSql(async (db) => {
    const row = await db.get<{ raw: Buffer | null }>('SELECT raw FROM messages WHERE message_id = ?', [messageId]);
    return row?.raw === null || row?.raw === undefined ? undefined : Buffer.from(row.raw);
  });

describe('reply to all', () => {
  it('keeps the colleague in Cc and leaves the team out; reply-defaults says the same', async () => {
    const id = await mailCard(
      rawMail({
        messageId: '<cc1@customer.example>',
        to: 'Support <SUPPORT@inboard.example>, Bo <bo@customer.example>',
        headers: ['Cc: Cy <cy@customer.example>, support@inboard.example, ana@customer.example'],
      }),
    );
    const defaults = envelope(ReplyDefaults).parse((await s.call('GET', `/v2/card/${id}/reply-defaults`)).json).data;
    expect(defaults).toEqual({
      From: 'Support <support@inboard.example>',
      To: ['Ana Lima <ana@customer.example>'],
      Cc: ['Bo <bo@customer.example>', 'Cy <cy@customer.example>'],
      Subject: 'Re: Order 1042 has not arrived',
      Signature: null,
    });
    const before = relay.received.length;
    const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'On its way.' } });
    expect(r.status, r.text).toBe(200);
    const data = envelope(ReplyData).parse(r.json).data;
    expect(data).toMatchObject({ To: defaults.To, Cc: defaults.Cc, Bcc: [], Kind: 'reply', From: defaults.From });
    const sent = relay.received[before];
    expect(sent?.to.sort()).toEqual(['ana@customer.example', 'bo@customer.example', 'cy@customer.example']);
    const m = await simpleParser(sent?.raw ?? '');
    expect(m.cc && !Array.isArray(m.cc) ? m.cc.value.map((a) => a.address) : []).toEqual([
      'bo@customer.example',
      'cy@customer.example',
    ]);
    expect((await thread(id)).at(-1)).toMatchObject({ Kind: 'reply', Cc: defaults.Cc, Bcc: [] });
  });

  it('explicit To, Cc ([] for no one) and Bcc override; Bcc goes in the envelope, never in the bytes', async () => {
    const id = await mailCard(
      rawMail({ messageId: '<cc2@customer.example>', headers: ['Cc: Cy <cy@customer.example>'] }),
    );
    const before = relay.received.length;
    const r = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'Only to you.', Cc: [], Bcc: ['lead@inboard.example'] },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({ Cc: [], Bcc: ['lead@inboard.example'] });
    const sent = relay.received[before];
    expect(sent?.to.sort()).toEqual(['ana@customer.example', 'lead@inboard.example']);
    expect(sent?.raw).not.toMatch(/lead@inboard\.example/);
    expect((await thread(id)).at(-1)?.Bcc).toEqual(['lead@inboard.example']);

    const to = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'To finance.', To: ['finance@customer.example'] },
    });
    expect(to.json.data).toMatchObject({ To: ['finance@customer.example'], Cc: ['Cy <cy@customer.example>'] });

    // A relay that takes it for some and refuses one has sent it: recorded, the refused named.
    const some = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'To both.', Cc: ['gone@customer.example'] },
    });
    expect(some.status, some.text).toBe(200);
    expect(some.json.message).toBe(
      'Reply sent to Ana Lima <ana@customer.example>, gone@customer.example; the relay refused gone@customer.example',
    );
  });
});

describe('files sent with a reply', () => {
  it('two files go out byte-equal, and the thread keeps the same bytes and lists them', async () => {
    const id = await mailCard(rawMail({ messageId: '<f1@customer.example>' }));
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000)]);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(50_000)]);
    const before = relay.received.length;
    const r = await s.call('POST', `/v2/card/${id}/reply`, {
      body: {
        Body: 'Both attached.',
        Attachments: [
          { Name: 'invoice 1042.pdf', Content: pdf.toString('base64') },
          { Name: 'screen.png', ContentType: 'image/png', Content: png.toString('base64') },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    const data = envelope(ReplyData).parse(r.json).data;
    const listed = [
      { Name: 'invoice 1042.pdf', Size: pdf.length, ContentType: 'application/pdf' },
      { Name: 'screen.png', Size: png.length, ContentType: 'image/png' },
    ];
    expect(data.Attachments).toEqual(listed);
    const out = await simpleParser(relay.received[before]?.raw ?? '');
    expect(out.attachments.map((a) => [a.filename, sha(a.content)])).toEqual([
      ['invoice 1042.pdf', sha(pdf)],
      ['screen.png', sha(png)],
    ]);
    const stored = await rawStored(data.MessageId);
    expect(stored?.toString('utf8')).toBe(relay.received[before]?.raw);
    const kept = await simpleParser(stored ?? Buffer.alloc(0));
    expect(kept.attachments.map((a) => sha(a.content))).toEqual([sha(pdf), sha(png)]);
    expect((await thread(id)).at(-1)?.Attachments).toEqual(listed);
  });

  it('refuses each bad file in words, before anything is sent', async () => {
    const id = await mailCard(rawMail({ messageId: '<f2@customer.example>' }));
    const before = relay.received.length;
    const say = async (Attachments: unknown) => {
      const r = await s.call('POST', `/v2/card/${id}/reply`, { body: { Body: 'x', Attachments } });
      return `${r.status} ${r.json.message as string}`;
    };
    const ok = Buffer.from('hello').toString('base64');
    expect(
      await say([
        { Name: 'a.txt', Content: ok },
        { Name: '../../.bashrc', Content: ok },
      ]),
    ).toBe(
      "400 Attachments: the 2nd file's name, '../../.bashrc', has a folder in it ('/' or '\\'): send the file's own name",
    );
    expect(await say([{ Name: 'a/b', Content: ok }])).toMatch(
      /^400 Attachments: the 1st file's name, 'a\/b', has a folder/,
    );
    expect(await say([{ Name: 'x\u0007.txt', Content: ok }])).toMatch(/has control characters in it$/);
    expect(await say([{ Name: 'invoice\u202Efdp.exe', Content: ok }])).toMatch(/reverses the text/);
    expect(await say([{ Name: '...', Content: ok }])).toBe(
      "400 Attachments: the 1st file's name, '...', is not a file name",
    );
    expect(await say([{ Name: '   ', Content: ok }])).toBe("400 the 1st file's name must not be empty");
    expect(await say([{ Name: 'x'.repeat(300), Content: ok }])).toMatch(
      /^400 the 1st file's name, 'x+…', must be at most 255 characters$/,
    );
    expect(await say([{ Name: 'a.pdf', Content: 'abc' }])).toBe(
      '400 Attachments: the 1st file, a.pdf, is not in base64: send its bytes as base64',
    );
    expect(await say([{ Name: 'a.pdf', Content: 'ab$c' }])).toMatch(
      /^400 the 1st file's content, 'ab\$c', must be the file in base64/,
    );
    expect(await say([{ Name: 'a.pdf', ContentType: 'pdf', Content: ok }])).toBe(
      "400 Attachments: the 1st file, a.pdf: its content type 'pdf' is not a type such as application/pdf",
    );
    expect(await say(Array.from({ length: 21 }, (_, i) => ({ Name: `${i}.txt`, Content: ok })))).toBe(
      '400 Attachments: must have at most 20 entries',
    );
    const big = randomBytes(13 * 1024 * 1024).toString('base64');
    expect(
      await say([
        { Name: 'a.bin', Content: big },
        { Name: 'b.bin', Content: big },
      ]),
    ).toBe('413 Attachments: 26.0 MiB of files is over the limit of 25 MiB for one message. Nothing was sent.');
    expect(relay.received).toHaveLength(before);
    expect((await thread(id)).map((m) => m.Direction)).toEqual(['in']);
  });

  it('a body over the limit is refused in words; a relay refusal records nothing', async () => {
    const id = await mailCard(rawMail({ messageId: '<f3@customer.example>', from: 'gone@customer.example' }));
    const before = relay.received.length;
    const huge = await s.call('POST', `/v2/card/${id}/reply`, {
      rawBody: JSON.stringify({ Body: 'x', Attachments: [{ Name: 'a', Content: 'A'.repeat(70 * 1024 * 1024) }] }),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toMatch(/^body: larger than the limit of \d+ bytes/);
    const refused = await s.call('POST', `/v2/card/${id}/reply`, {
      body: { Body: 'x', Attachments: [{ Name: 'a.txt', Content: Buffer.from('a').toString('base64') }] },
    });
    expect(refused.status).toBe(502);
    expect(relay.received).toHaveLength(before);
    expect((await thread(id)).map((m) => m.Direction)).toEqual(['in']);
    expect(await s.withSql((db) => db.get<{ n: number }>('SELECT COUNT(*) AS n FROM outbox_files'))).toEqual({ n: 0 });
  });
});
