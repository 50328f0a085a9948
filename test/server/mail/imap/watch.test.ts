/**
 * The mailbox watcher against a real Dovecot: mail in within the IDLE
 * notice, whether or not someone read it first, the mailbox left as it was,
 * nothing doubled (the same message twice, a new UIDVALIDITY, a reconnect)
 * and nothing dropped (a reused Message-ID, a restart of the IMAP server).
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
  (await w.s.call('GET', `/v2/card/${cardId}/messages`)).json.data as {
    MessageId: string;
    Text: string;
    Automatic?: string | null;
  }[];
const cardCount = async () => (await w.cards()).length;
/** Appends and waits for the board to hold `n` more cards than before. */
async function appendAndWait(raw: Buffer, more: number, flags?: string[]) {
  const before = await cardCount();
  const done = await w.imap.append(SUPPORT, raw, flags === undefined ? {} : { flags });
  await until(async () => (await w.mailbox(box)).last_uid >= done.uid, `uid ${done.uid} imported`);
  expect(await cardCount()).toBe(before + more);
  return done;
}

describe('a watched mailbox', () => {
  it('says it is connected and idle, in words', async () => {
    const m = await w.mailbox(box);
    expect(m.state_words).toBe('connected and idle on INBOX (IMAP IDLE)');
    expect(m.uid_validity).not.toBeNull();
  });

  it('imports a message someone already read elsewhere, and leaves every flag as it was', async () => {
    await appendAndWait(rawMail({ messageId: '<read-first@customer.example>', subject: 'Read in Gmail first' }), 1, [
      '\\Seen',
    ]);
    await appendAndWait(rawMail({ messageId: '<unread@customer.example>', subject: 'Nobody opened me' }), 1);
    const listed = await w.imap.list(SUPPORT);
    expect(listed.find((m) => m.messageId === '<read-first@customer.example>')?.flags).toEqual(['\\Seen']);
    expect(listed.find((m) => m.messageId === '<unread@customer.example>')?.flags).toEqual([]);
    const titles = (await w.cards()).map((c) => c.title);
    expect(titles).toEqual(expect.arrayContaining(['Read in Gmail first', 'Nobody opened me']));
    const m = await w.mailbox(box);
    expect(m.imported).toBeGreaterThanOrEqual(2);
    expect(m.last_message_at).not.toBeNull();
  });

  it('imports the same message once, and a different message that reuses its Message-ID as its own card', async () => {
    const same = rawMail({ messageId: '<twice@customer.example>', subject: 'Delivered twice' });
    await appendAndWait(same, 1);
    await appendAndWait(same, 0);
    const reuse = rawMail({
      messageId: '<twice@customer.example>',
      subject: 'A new question, same Message-ID',
      body: 'Different words',
    });
    await appendAndWait(reuse, 1);
    const titles = (await w.cards()).map((c) => c.title);
    expect(titles.filter((t) => t === 'Delivered twice')).toHaveLength(1);
    expect(titles).toContain('A new question, same Message-ID');
  });

  it("threads the customer's answer onto its card, and brings an archived card back unread", async () => {
    await appendAndWait(rawMail({ messageId: '<q1@customer.example>', subject: 'Refund for order 7' }), 1);
    const card = (await w.cards()).find((c) => c.title === 'Refund for order 7')!;
    expect((await w.s.call('DELETE', `/v2/card/${card.id}`)).status).toBe(200);
    await appendAndWait(
      rawMail({
        messageId: '<q2@customer.example>',
        inReplyTo: '<q1@customer.example>',
        references: '<q1@customer.example>',
        subject: 'Re: Refund for order 7',
      }),
      0,
    );
    const after = (await w.cards()).find((c) => c.id === card.id)!;
    expect(after).toMatchObject({ archived: 0, read_status: 0 });
    expect((await thread(card.id)).map((m) => m.MessageId)).toEqual(['<q1@customer.example>', '<q2@customer.example>']);
  });

  it('marks an auto-reply, a bounce and bulk mail as automatic, in the thread', async () => {
    const cases: [string[], string, RegExp][] = [
      [['Auto-Submitted: auto-replied'], '<auto@customer.example>', /Auto-Submitted: auto-replied/],
      [['Precedence: bulk'], '<bulk@customer.example>', /Precedence: bulk/],
      [[], '<bounce@customer.example>', /MAILER-DAEMON/i],
    ];
    for (const [headers, messageId, words] of cases) {
      const from = messageId.startsWith('<bounce') ? 'Mail Delivery System <MAILER-DAEMON@mx.example>' : undefined;
      await appendAndWait(
        rawMail({ messageId, headers, subject: `Automatic ${messageId}`, ...(from ? { from } : {}) }),
        1,
      );
      const card = (await w.cards()).find((c) => c.title === `Automatic ${messageId}`)!;
      expect((await thread(card.id))[0]?.Automatic).toMatch(words);
    }
    await appendAndWait(
      rawMail({ messageId: '<person@customer.example>', headers: ['Auto-Submitted: no'], subject: 'A person' }),
      1,
    );
    const person = (await w.cards()).find((c) => c.title === 'A person')!;
    expect((await thread(person.id))[0]?.Automatic).toBeNull();
  });

  it('makes a card of a message it cannot read, saying so with its headers, and moves on', async () => {
    await appendAndWait(Buffer.from('X-Broken: yes\r\nSubject: Garbled\r\n\r\nno sender at all\r\n'), 1);
    const card = (await w.cards()).at(-1)!;
    expect(card.title).toBe('Unreadable message: Garbled');
    const [m] = await thread(card.id);
    expect(m?.Text).toMatch(/could not read this message .*: the message has no From address/);
    expect(m?.Text).toContain('X-Broken: yes');
    await appendAndWait(
      rawMail({ messageId: '<after-garbled@customer.example>', subject: 'After the garbled one' }),
      1,
    );
  });

  it('reads the folder again under a new UIDVALIDITY without doubling anything', async () => {
    const before = await cardCount();
    const old = (await w.mailbox(box)).uid_validity;
    const next = await w.imap.changeUidValidity(SUPPORT);
    expect(String(next)).not.toBe(old);
    // The server drops the watcher's session when the folder is rebuilt, or says nothing: either way a new message is how it notices.
    await w.imap.append(
      SUPPORT,
      rawMail({ messageId: '<after-uidvalidity@customer.example>', subject: 'After UIDVALIDITY' }),
    );
    await until(
      async () => (await w.cards()).some((c) => c.title === 'After UIDVALIDITY'),
      'the message after the change',
    );
    expect(await cardCount()).toBe(before + 1);
    expect((await w.mailbox(box)).uid_validity).toBe(String(next));
  });

  it('reconnects after the IMAP server restarts mid-IDLE, and imports what came meanwhile', async () => {
    await w.imap.pause();
    await until(async () => (await w.mailbox(box)).state === 'unreachable', 'the outage said in words');
    expect((await w.mailbox(box)).state_words).toMatch(/^host unreachable: 127\.0\.0\.1:\d+/);
    await w.imap.resume();
    await w.imap.append(
      SUPPORT,
      rawMail({ messageId: '<after-restart@customer.example>', subject: 'After the restart' }),
    );
    await until(
      async () => (await w.cards()).some((c) => c.title === 'After the restart'),
      'the message after the restart',
    );
    await until(async () => (await w.mailbox(box)).state === 'idle', 'idle again');
    await w.imap.restart();
    await w.imap.append(
      SUPPORT,
      rawMail({ messageId: '<after-restart-2@customer.example>', subject: 'After a quick restart' }),
    );
    await until(
      async () => (await w.cards()).some((c) => c.title === 'After a quick restart'),
      'the message after a quick restart',
    );
    const titles = (await w.cards()).map((c) => c.title);
    expect(titles.filter((t) => t === 'After the restart')).toHaveLength(1);
  });

  it('GET /v2/board/:id/mailboxes says whether mail is flowing, never the password', async () => {
    const r = await w.s.call('GET', `/v2/board/${w.boardId}/mailboxes`);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual([
      expect.objectContaining({
        Id: String(box),
        BoardId: String(w.boardId),
        Address: SUPPORT,
        Folder: 'INBOX',
        State: 'idle',
        Stuck: false,
        Sends: true,
      }),
    ]);
    expect(r.text).not.toContain(w.imap.password(SUPPORT));
  });
});
