/**
 * A card's email on DragApp, the client against the stand-in over loopback:
 * the thread read through detail-message (one message, said so), the reply
 * sent through send-as-email-content with the body DragApp's own client
 * sends, checked as the stand-in received it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ONE_MESSAGE_NOTE } from '../../src/api/dragapp/mail.js';
import type { Client } from '../../src/api/types.js';
import { DRAG_OWNER, HEX_THREAD, HEX_THREAD_2 } from '../support/dragapp-shapes.js';
import { startDragAppService, type DragAppService } from '../support/dragapp-service.js';
import { failure } from './helpers.js';

let svc: DragAppService;
let client: Client;
beforeEach(async () => {
  svc = await startDragAppService();
  client = createClient({ baseUrl: svc.url, apiKey: svc.key, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
  // As the board does: the listing teaches the dialect, each card's kind and board, and the thread's summary.
  await client.listBoards();
  await client.listCards(1, 1, 1);
  svc.requests.length = 0;
});
afterEach(() => svc.close());

const calls = () => svc.requests.map((r) => `${r.method} ${r.path}`);

describe('reading a thread on DragApp', () => {
  it('reads the thread id as its message, with the listing’s sender name and date, and says what is missing', async () => {
    const ms = await client.listMessages(HEX_THREAD);
    expect(calls()).toEqual([`POST /v1.18/entityConversation/detail-message?threadId=${HEX_THREAD}`]);
    expect(JSON.parse(svc.requests[0]?.body ?? '')).toEqual({ boardId: 1, messageId: HEX_THREAD });
    expect(ms).toHaveLength(1);
    const m = ms[0];
    expect(m).toMatchObject({
      MessageId: '<CAJV0refund1182@mail.gmail.com>',
      Direction: 'in',
      From: 'Jane Doe <jane@example.com>',
      To: ['support@example.com'],
      ReplyTo: null,
      Date: '2026-03-01T09:00:00.000Z',
      Subject: 'Refund for order 1182',
      Attachments: [{ Name: 'parcel.jpg', Size: 48213, ContentType: 'image/jpeg' }],
      ThreadNote: ONE_MESSAGE_NOTE,
    });
    expect(m?.Html).toContain('<p>Hi, the parcel arrived broken.</p>');
    expect(m?.Text).toContain('Hi, the parcel arrived broken.');
    expect(m?.Text).toContain('Could you refund order 1182?');
    expect(m?.Text).not.toContain('<p>');
    expect(client.offers('messages')).toBe(true);
    expect(client.offers('reply')).toBe(true);
  });

  it('gives a task no thread, asking nothing', async () => {
    expect(await client.listMessages('101')).toEqual([]);
    expect(calls()).toEqual([]);
  });

  it('finds the board of a thread not listed yet through its detail page', async () => {
    const fresh = createClient({ baseUrl: svc.url, apiKey: svc.key, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    await fresh.listBoards();
    const ms = await fresh.listMessages(HEX_THREAD_2);
    expect(ms.map((m) => [m.From, m.Subject, m.Text.trim()])).toEqual([
      ['bob@example.com', 'Invoice question', 'Could you resend the invoice?'],
    ]);
  });

  it("says DragApp's refusal in its words, naming the route", async () => {
    svc.mail.threads.get(HEX_THREAD)?.splice(0);
    const e = await failure(client.listMessages(HEX_THREAD));
    expect(e.message).toContain('Message not found');
    expect(e.message).toContain('/v1.18/entityConversation/detail-message');
  });
});

describe('replying on DragApp', () => {
  it('sends the body the vendor’s client sends: HTML emailContent, reply type, string flags, to the sender', async () => {
    const sent = await client.replyToCard(HEX_THREAD, {
      Body: 'We are sorry.\n\nA refund <today> & more.',
      Cc: ['lead@example.com'],
    });
    expect(calls()).toEqual([
      `POST /v1.18/entityConversation/detail-message?threadId=${HEX_THREAD}`,
      'POST /v1.18/entityConversation/send-as-email-content',
    ]);
    expect(svc.mail.replies).toEqual([
      {
        threadId: HEX_THREAD,
        boardId: 1,
        messageId: HEX_THREAD,
        emailType: 'reply',
        to: 'jane@example.com',
        emailContent: '<div>We are sorry.</div><div><br></div><div>A refund &lt;today&gt; &amp; more.</div>',
        subject: '',
        from: '',
        fromName: '',
        sentByBoardMemberEmail: null,
        draftId: null,
        isNewSubject: 'false',
        isExtension: 'false',
        cc: 'lead@example.com',
      },
    ]);
    expect(sent).toEqual({
      CardId: HEX_THREAD,
      MessageId: '<CAJV0reply1@mail.gmail.com>',
      To: ['jane@example.com'],
      Cc: ['lead@example.com'],
      Subject: 'Re: Refund for order 1182',
      Date: '2026-03-01T10:00:00.000Z',
    });
    // The reply is on the thread now, but no route names it: reading gives the same one message.
    expect(svc.mail.threads.get(HEX_THREAD)).toHaveLength(2);
    expect((await client.listMessages(HEX_THREAD)).map((m) => m.MessageId)).toEqual([
      '<CAJV0refund1182@mail.gmail.com>',
    ]);
  });

  it('refuses a task and an empty text before sending anything', async () => {
    expect((await failure(client.replyToCard('101', { Body: 'Hi' }))).message).toMatch(
      /not an email thread.*nothing was sent/,
    );
    expect((await failure(client.replyToCard(HEX_THREAD, { Body: '  ' }))).message).toMatch(/needs some text/);
    expect(svc.mail.replies).toEqual([]);
    expect(calls().filter((c) => c.includes('send-as-email-content'))).toEqual([]);
  });

  it('marks a message from the board’s own mailbox as sent from it', async () => {
    const thread = svc.mail.threads.get(HEX_THREAD);
    if (thread?.[0]) thread[0].senderMail = DRAG_OWNER;
    const [m] = await client.listMessages(HEX_THREAD);
    expect(m?.Direction).toBe('out');
  });
});
