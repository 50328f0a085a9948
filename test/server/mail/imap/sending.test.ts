/**
 * Sending on a board with real mailboxes (Dovecot) and SMTP relays: a reply
 * to all with two files, byte-equal (sha256) in what SMTP got, in the Sent
 * copy and in the thread's copy; new mail whose answer, delivered through
 * the mailbox, joins its card; and a board watching two mailboxes (support@
 * and other@, standing for sales@) answering — and forwarding — a thread
 * from the mailbox it came in through, its Sent copy in that mailbox's Sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartMail, rawMail, startRelay, type TestRelay } from '../../../support/mail.js';
import { SUPPORT, startWorld, until, type World } from './world.js';

const OTHER = 'other@acme.test';
let w: World;
let otherRelay: TestRelay;
beforeAll(async () => {
  w = await startWorld();
  const support = await w.connect();
  const other = await w.connect({ user: OTHER });
  // other@ sends through a relay of its own, which knows its login.
  otherRelay = await startRelay({ user: OTHER, pass: w.imap.password(OTHER) });
  await w.s.withSql((db) =>
    db.run('UPDATE mailboxes SET smtp_url = ? WHERE id = ?', [
      `smtp://${encodeURIComponent(OTHER)}@127.0.0.1:${new URL(otherRelay.url).port}`,
      other,
    ]),
  );
  for (const id of [support, other])
    await until(async () => (await w.mailbox(id)).state === 'idle', `mailbox ${id} watched`);
}, 60_000);
afterAll(async () => {
  await w.close();
  await otherRelay.close();
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const thread = async (cardId: number) =>
  (await w.s.call('GET', `/v2/card/${cardId}/messages`)).json.data as {
    MessageId: string;
    Direction: string;
    Kind?: string;
  }[];
const cardTitled = (title: string) =>
  until(async () => (await w.cards()).find((c) => c.title === title), `the card "${title}"`);

/** The bytes of the Sent copy of `messageId` in `user`'s Sent folder, once it is there. */
function sentCopy(user: string, messageId: string): Promise<Buffer> {
  return until(
    async () => {
      const c = new ImapFlow({
        host: '127.0.0.1',
        port: w.imap.port,
        secure: false,
        auth: { user, pass: w.imap.password(user) },
        logger: false,
      });
      await c.connect();
      try {
        await c.mailboxOpen('Sent', { readOnly: true });
        const uids = await c.search({ header: { 'message-id': messageId } }, { uid: true });
        if (!Array.isArray(uids) || uids.length === 0) return undefined;
        const m = await c.fetchOne(String(uids[0]), { source: true }, { uid: true });
        return m === false ? undefined : m.source;
      } finally {
        await c.logout().catch(() => c.close());
      }
    },
    `the Sent copy in ${user}`,
    10_000,
  );
}

describe('sending through the mailboxes', () => {
  it('a reply to all with two files: SMTP, Sent and the thread hold them byte-equal; the colleague stays, support@ goes', async () => {
    await w.imap.append(
      SUPPORT,
      rawMail({
        messageId: '<files@customer.example>',
        subject: 'Broken screen',
        to: `Acme Support <${SUPPORT}>`,
        headers: ['Cc: Bo Colleague <bo@customer.example>'],
      }),
    );
    const card = await cardTitled('Broken screen');
    const photo = randomBytes(120_000);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(80_000)]);
    const before = w.relay.received.length;
    const r = await w.s.call('POST', `/v2/card/${card.id}/reply`, {
      body: {
        Body: 'Label and form attached.',
        Attachments: [
          { Name: 'label.jpg', Content: photo.toString('base64') },
          { Name: 'form.pdf', Content: pdf.toString('base64') },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data).toMatchObject({
      From: `Acme Support <${SUPPORT}>`,
      To: ['Ana Lima <ana@customer.example>'],
      Cc: ['Bo Colleague <bo@customer.example>'],
    });
    const out = w.relay.received[before];
    expect(out?.to.sort()).toEqual(['ana@customer.example', 'bo@customer.example']);
    const hashes = [sha(photo), sha(pdf)];
    const smtp = await simpleParser(out?.raw ?? '');
    expect(smtp.attachments.map((a) => sha(a.content))).toEqual(hashes);
    const sent = await simpleParser(await sentCopy(SUPPORT, r.json.data.MessageId as string));
    expect(sent.attachments.map((a) => sha(a.content))).toEqual(hashes);
    const stored = await w.s.withSql((db) =>
      db.get<{ raw: Buffer }>('SELECT raw FROM messages WHERE message_id = ?', [r.json.data.MessageId]),
    );
    expect((await simpleParser(Buffer.from(stored?.raw ?? ''))).attachments.map((a) => sha(a.content))).toEqual(hashes);
  });

  it('new mail, signed, makes a card, and the answer that comes in through the mailbox joins it', async () => {
    const sig = await w.s.call('PUT', `/v2/board/${w.boardId}/signature`, {
      body: { Text: '{{agent.name}} · {{board.name}}' },
    });
    expect(sig.status, sig.text).toBe(200);
    const me = (await w.s.call('GET', '/v2/me')).json.data as { Name: string };
    const r = await w.s.call('POST', `/v2/board/${w.boardId}/compose`, {
      body: { To: ['carla@customer.example'], Subject: 'Your trial ends Friday', Body: 'Hello Carla' },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.From).toBe(`Acme Support <${SUPPORT}>`);
    const sent = await simpleParser(await sentCopy(SUPPORT, r.json.data.MessageId as string));
    expect(sent.text?.trim()).toBe(`Hello Carla\n\n-- \n${me.Name} · Support Inbox`);
    await w.s.call('DELETE', `/v2/board/${w.boardId}/signature`);
    const cardId = Number(r.json.data.CardId);
    const cardsBefore = (await w.cards()).length;
    await w.imap.append(
      SUPPORT,
      rawMail({
        from: 'Carla <carla@customer.example>',
        messageId: '<carla@customer.example>',
        subject: 'Re: Your trial ends Friday',
        inReplyTo: r.json.data.MessageId as string,
      }),
    );
    await until(async () => (await thread(cardId)).length === 2, 'the answer on the card');
    expect((await thread(cardId)).map((m) => [m.Direction, m.Kind])).toEqual([
      ['out', 'new'],
      ['in', undefined],
    ]);
    expect((await w.cards()).length).toBe(cardsBefore);
  });

  it('a thread that came in through the second mailbox is answered and forwarded from it, its Sent copy there', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(40_000)]);
    await w.imap.append(
      OTHER,
      multipartMail({
        messageId: '<quote@customer.example>',
        subject: 'Quote for 40 seats',
        to: OTHER,
        attachment: { name: 'rfq.pdf', type: 'application/pdf', bytes: pdf },
      }),
    );
    const card = await cardTitled('Quote for 40 seats');
    const defaults = await w.s.call('GET', `/v2/card/${card.id}/reply-defaults`);
    expect(defaults.json.data.From).toBe(`Acme Support <${OTHER}>`);
    const supportBefore = w.relay.received.length;
    const r = await w.s.call('POST', `/v2/card/${card.id}/reply`, { body: { Body: 'Quote attached soon.' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.From).toBe(`Acme Support <${OTHER}>`);
    expect(otherRelay.received.at(-1)?.from).toBe(OTHER);
    expect(otherRelay.received.at(-1)?.raw).toMatch(/^From: Acme Support <other@acme\.test>/m);
    expect((await sentCopy(OTHER, r.json.data.MessageId as string)).length).toBeGreaterThan(0);

    const f = await w.s.call('POST', `/v2/card/${card.id}/forward`, { body: { To: ['finance@acme.test'] } });
    expect(f.status, f.text).toBe(200);
    expect(f.json.data.From).toBe(`Acme Support <${OTHER}>`);
    const fwd = await simpleParser(await sentCopy(OTHER, f.json.data.MessageId as string));
    expect(fwd.subject).toBe('Fwd: Quote for 40 seats');
    expect(fwd.attachments.map((a) => [a.filename, sha(a.content)])).toEqual([['rfq.pdf', sha(pdf)]]);
    expect(w.relay.received.length).toBe(supportBefore);
  });
});
