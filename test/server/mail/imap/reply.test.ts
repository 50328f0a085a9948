/**
 * Replies on a board with a mailbox: out through the mailbox's SMTP server
 * from its address, with the threading headers, a copy in its Sent folder
 * (once), the copy's echo never a second message, and the customer's answer
 * back on the card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawMail } from '../../../support/mail.js';
import { SUPPORT, startWatched, until, type World } from './world.js';

let w: World;
let box: number;
beforeAll(async () => {
  ({ w, box } = await startWatched());
}, 60_000);
afterAll(() => w.close());

const thread = async (cardId: number) =>
  (await w.s.call('GET', `/v2/card/${cardId}/messages`)).json.data as { MessageId: string; Direction: string }[];

describe('a reply on a board with a mailbox', () => {
  it('goes out through its SMTP with threading headers, lands in Sent once, and its echo adds nothing', async () => {
    await w.imap.append(SUPPORT, rawMail({ messageId: '<order@customer.example>', subject: 'Where is my order?' }));
    const card = await until(async () => (await w.cards()).find((c) => c.title === 'Where is my order?'), 'the card');
    const r = await w.s.call('POST', `/v2/card/${card.id}/reply`, { body: { Body: 'Hi Ana,\nit ships today.' } });
    expect(r.status, r.text).toBe(200);
    const sentId: string = r.json.data.MessageId;
    expect(w.relay.received).toHaveLength(1);
    const out = w.relay.received[0]!;
    expect(out.from).toBe(SUPPORT);
    expect(out.raw).toMatch(/^From: Acme Support <support@acme\.test>/m);
    expect(out.raw).toMatch(/^In-Reply-To: <order@customer\.example>/m);
    expect(out.raw).toMatch(/^References: <order@customer\.example>/m);
    expect(out.raw).toMatch(/^Subject: Re: Where is my order\?/m);

    // Filed after the relay took it: waited for until it is there (an empty list is no answer yet).
    const sent = await until(
      async () => {
        const l = (await w.imap.list(SUPPORT, 'Sent')).filter((m) => m.messageId === sentId);
        return l.length > 0 ? l : undefined;
      },
      'the Sent copy',
      10_000,
    );
    expect(sent).toHaveLength(1);
    expect(sent?.[0]?.flags).toEqual(['\\Seen']);

    // The copy comes back into the watched folder (a Cc to the mailbox, a filter): it is ours, not news.
    const cardsBefore = (await w.cards()).length;
    const copy = await w.imap.append(SUPPORT, Buffer.from(out.raw, 'utf8'));
    await until(async () => (await w.mailbox(box)).last_uid >= copy.uid, 'the echo read');
    expect((await w.cards()).length).toBe(cardsBefore);
    expect((await thread(card.id)).map((m) => m.Direction)).toEqual(['in', 'out']);

    // The customer's answer joins the card.
    await w.imap.append(
      SUPPORT,
      rawMail({
        messageId: '<thanks@customer.example>',
        inReplyTo: sentId,
        references: `<order@customer.example> ${sentId}`,
        subject: 'Re: Where is my order?',
      }),
    );
    await until(async () => (await thread(card.id)).length === 3, 'the answer on the card');
    expect((await w.cards()).length).toBe(cardsBefore);
  });

  it('keeps no second Sent copy where one is already filed', async () => {
    await w.imap.append(SUPPORT, rawMail({ messageId: '<second@customer.example>', subject: 'Second question' }));
    const card = await until(async () => (await w.cards()).find((c) => c.title === 'Second question'), 'the card');
    const { senderOf } = await import('../../../../src/server/mail/imap/outgoing.js');
    const { lazySecretBox } = await import('../../../../src/server/secrets.js');
    const sender = await senderOf(await w.mailbox(box), lazySecretBox(w.secretFile));
    const raw = rawMail({ messageId: '<filed-by-provider@acme.test>', subject: 'Already filed' });
    await w.imap.append(SUPPORT, raw, { folder: 'Sent' });
    expect(await sender.copyToSent(raw, '<filed-by-provider@acme.test>')).toBe('a copy is in Sent already');
    expect(
      (await w.imap.list(SUPPORT, 'Sent')).filter((m) => m.messageId === '<filed-by-provider@acme.test>'),
    ).toHaveLength(1);
    expect(card.id).toBeGreaterThan(0);
  });

  it("says in the relay's words when the mailbox's SMTP refuses, and records no reply", async () => {
    await w.imap.append(
      SUPPORT,
      rawMail({ messageId: '<refuse@customer.example>', from: 'Nobody <nobody@nowhere.example>', subject: 'Refused' }),
    );
    const card = await until(async () => (await w.cards()).find((c) => c.title === 'Refused'), 'the card');
    const { startRelay } = await import('../../../support/mail.js');
    const refusing = await startRelay({
      user: SUPPORT,
      pass: w.imap.password(SUPPORT),
      refuse: ['nobody@nowhere.example'],
    });
    try {
      await w.s.withSql((db) =>
        db.run('UPDATE mailboxes SET smtp_url = ? WHERE id = ?', [
          `smtp://${encodeURIComponent(SUPPORT)}@127.0.0.1:${new URL(refusing.url).port}`,
          box,
        ]),
      );
      // To the customer alone (no reply to all): the only recipient, refused.
      const r = await w.s.call('POST', `/v2/card/${card.id}/reply`, { body: { Body: 'hello', Cc: [] } });
      expect(r.status).toBe(502);
      expect(r.json.message).toMatch(/refused the reply: .*nobody@nowhere\.example unavailable/);
      expect((await thread(card.id)).map((m) => m.Direction)).toEqual(['in']);
    } finally {
      await refusing.close();
    }
  });
});
