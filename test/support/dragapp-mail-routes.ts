/**
 * The email routes of the DragApp stand-in (dragapp-service.ts), as its
 * vendor's client records them (evidence §2.15–2.16): one message read by
 * id, a reply sent as HTML `emailContent`. The threads' messages live here,
 * keyed by thread id; a thread's first message has the thread's id (as in
 * Gmail, whose ids DragApp passes through), so reading by thread id gives
 * that one and no route lists the rest.
 */
import { intOf, json, textOf, type Answer } from './recorded-shapes.js';
import type { Handler } from './dragapp-v2-routes.js';
import { DRAG_OWNER, HEX_THREAD, HEX_THREAD_2, notString, v1Error, v1Ok, type DragWorld } from './dragapp-shapes.js';

export interface DragMessage {
  id: string;
  senderMail: string;
  recipients: string[];
  subject: string;
  html: string;
  rfcMessageId: string;
  /** [unknown] shape (types.ts:220 "TODO: verify shape"): chosen like Gmail's parts. */
  attachments: { filename: string; mimeType: string; size: number }[];
}

/** A reply as the stand-in received it: the request's body, kept whole for the tests. */
export type DragReply = Record<string, unknown>;

export interface DragMail {
  threads: Map<string, DragMessage[]>;
  replies: DragReply[];
  /** New mail (send-new-email) as the stand-in received it. */
  composed: DragReply[];
}

export function dragMailSeed(): DragMail {
  return {
    threads: new Map([
      [
        HEX_THREAD,
        [
          {
            id: HEX_THREAD,
            senderMail: 'jane@example.com',
            recipients: ['support@example.com'],
            subject: 'Refund for order 1182',
            html: '<p>Hi, the parcel arrived broken.</p><p>Could you refund order 1182?</p><p>Jane</p>',
            rfcMessageId: '<CAJV0refund1182@mail.gmail.com>',
            attachments: [{ filename: 'parcel.jpg', mimeType: 'image/jpeg', size: 48213 }],
          },
        ],
      ],
      [
        HEX_THREAD_2,
        [
          {
            id: HEX_THREAD_2,
            senderMail: 'bob@example.com',
            recipients: ['support@example.com'],
            subject: 'Invoice question',
            html: '<div>Could you resend the invoice?</div>',
            rfcMessageId: '<CAJV0invoice@mail.gmail.com>',
            attachments: [],
          },
        ],
      ],
    ]),
    replies: [],
    composed: [],
  };
}

// evidence §2.15, types.ts:208-236: `Response` holds one message, with a `reply` action naming whom it goes to.
function detail(m: DragMessage): Answer {
  return v1Ok({
    messageData: m.html,
    recipients: m.recipients,
    attachments: m.attachments,
    rfcMessageId: m.rfcMessageId,
    senderMail: m.senderMail,
    starred: false,
    actions: [{ action: 'reply', subject: m.subject, recipients: [{ from: DRAG_OWNER, to: [m.senderMail] }] }],
  });
}

/** The Gmail message a send route answers with (evidence §2.16, types.ts:238-255). */
function sentMessage(id: string, threadId: string, html: string, headers: { name: string; value: unknown }[]): Answer {
  return json(200, {
    id,
    threadId,
    labelIds: ['SENT'],
    snippet: html.replace(/<[^>]*>/g, ' ').trim(),
    payload: { mimeType: 'text/html', headers },
  });
}

export function mailRoutes(w: DragWorld, mail: DragMail): [string, RegExp, Handler][] {
  let sent = 0;
  return [
    // evidence §2.16, email.ts:318-336: {boardId, to, subject, emailContent, addToBoard: true}; `body` is ignored.
    [
      'POST',
      /^\/v1\.18\/entityConversation\/send-new-email$/,
      (_, __, b) => {
        const wrong = notString(b, ['to', 'subject']);
        if (wrong !== undefined) return v1Error(`"${wrong}" must be a string`); // [unknown] wording: chosen.
        const board = w.boards.find((x) => x.id === intOf(b.boardId));
        if (!board) return v1Error('Board not found'); // [unknown]: chosen.
        mail.composed.push(b);
        const html = textOf(b.emailContent) ?? '';
        const n = ++sent;
        const id = `18c2f3a9b4d6a${String(n).padStart(3, '0')}`;
        const rfcMessageId = `<CAJV0new${n}@mail.gmail.com>`;
        const to = b.to as string;
        const subject = b.subject as string;
        mail.threads.set(id, [
          { id, senderMail: DRAG_OWNER, recipients: [to], subject, html, rfcMessageId, attachments: [] },
        ]);
        // addToBoard: true places the thread on the board's first column (d566a6b).
        if (b.addToBoard === true) {
          w.items.unshift({
            id,
            kind: 'thread',
            boardId: board.id,
            columnId: board.columns[0]?.labelId ?? '',
            title: subject,
            note: null,
            due: null,
            assignees: [],
            status: 'OPEN',
            read: true,
            from: DRAG_OWNER,
            snippet: html.replace(/<[^>]*>/g, ' ').trim(),
          });
        }
        return sentMessage(id, id, html, [
          { name: 'From', value: DRAG_OWNER },
          { name: 'To', value: to },
          { name: 'Subject', value: subject },
          { name: 'Message-ID', value: rfcMessageId },
          { name: 'Date', value: 'Sun, 01 Mar 2026 11:00:00 +0000' },
        ]);
      },
    ],
    // evidence §2.15, email.ts:271-283: threadId in the query, boardId + messageId in the body.
    [
      'POST',
      /^\/v1\.18\/entityConversation\/detail-message$/,
      (_, q, b) => {
        const thread = mail.threads.get(q.get('threadId') ?? '');
        const m = thread?.find((x) => x.id === textOf(b.messageId));
        if (b.boardId === undefined) return v1Error('"boardId" is required'); // [unknown]: chosen.
        return m ? detail(m) : v1Error('Message not found'); // [unknown]: chosen.
      },
    ],
    // evidence §2.16, email.ts:285-317: HTML in `emailContent`; the flags strings, not booleans.
    [
      'POST',
      /^\/v1\.18\/entityConversation\/send-as-email-content$/,
      (_, __, b) => {
        const wrong = notString(b, ['threadId', 'messageId', 'emailType', 'to', 'isNewSubject', 'isExtension']);
        if (wrong !== undefined) return v1Error(`"${wrong}" must be a string`); // [unknown] wording: chosen.
        const thread = mail.threads.get(b.threadId as string);
        const item = w.items.find((i) => i.id === b.threadId);
        if (!thread || !item || intOf(b.boardId) !== item.boardId) return v1Error('Thread not found');
        mail.replies.push(b);
        // d566a6b: a body under any other key is ignored and the mail goes out empty — kept as sent.
        const html = textOf(b.emailContent) ?? '';
        const id = `18c2f3a9b4d5f${String(++sent).padStart(3, '0')}`;
        const subject = `Re: ${thread[0]?.subject ?? item.title}`;
        const rfcMessageId = `<CAJV0reply${sent}@mail.gmail.com>`;
        const to = (b.to as string).split(',').map((t) => t.trim());
        thread.push({ id, senderMail: DRAG_OWNER, recipients: to, subject, html, rfcMessageId, attachments: [] });
        // evidence §2.16, types.ts:238-255: the sent Gmail message.
        return json(200, {
          id,
          threadId: b.threadId,
          labelIds: ['SENT'],
          snippet: html.replace(/<[^>]*>/g, ' ').trim(),
          payload: {
            mimeType: 'text/html',
            headers: [
              { name: 'From', value: DRAG_OWNER },
              { name: 'To', value: b.to },
              ...(typeof b.cc === 'string' ? [{ name: 'Cc', value: b.cc }] : []),
              ...(typeof b.bcc === 'string' ? [{ name: 'Bcc', value: b.bcc }] : []),
              { name: 'Subject', value: subject },
              { name: 'Message-ID', value: rfcMessageId },
              { name: 'Date', value: 'Sun, 01 Mar 2026 10:00:00 +0000' },
            ],
          },
        });
      },
    ],
  ];
}
