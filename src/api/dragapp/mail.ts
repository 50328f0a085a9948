/**
 * A card's email on DragApp, through the routes its vendor's client uses:
 * one message read with POST /v1.18/entityConversation/detail-message, a
 * reply sent with POST /v1.18/entityConversation/send-as-email-content,
 * new mail with POST /v1.18/entityConversation/send-new-email. Forwarding,
 * files and signatures have no route or field there: refused in words,
 * nothing sent.
 * No route lists a thread's messages, and the message id the client can
 * name is the thread's own: so a thread reads as that one message, carrying
 * a note that says so, with its date and the sender's name taken from the
 * listing. Tasks and WhatsApp cards have no email thread.
 */
import { htmlText } from '../../text/html.js';
import { ApiError } from '../errors.js';
import type { Endpoints, OperationName } from '../operations.js';
import type { CardId } from '../read-model.js';
import type { BoardSignature, CardMessage, MessageAttachment, ReplyData, ReplyDefaults } from '../schema-mail.js';
import { Fields, isRecord } from '../tolerant.js';
import type { Wire } from '../wire.js';
import type { AttachmentFile } from '../types.js';
import { notOffered as notServed, v1, type DragState } from './state.js';

const DETAIL = '/v1.18/entityConversation/detail-message';
const SEND = '/v1.18/entityConversation/send-as-email-content';
const SEND_NEW = '/v1.18/entityConversation/send-new-email';

/** What DragApp's API does not offer, refused before anything is sent: `what` names it ("Forwarding email"). */
const notOffered = (method: string, path: string, what: string) =>
  refused(method, path, `${what} is not offered by DragApp's API; nothing was sent`);

/** A reply's or new mail's parts DragApp's send routes have no field for: refused in words, nothing sent. */
function unsendable(
  path: string,
  body: { Attachments?: unknown[] | undefined; Signature?: string | null | undefined },
) {
  if (body.Attachments !== undefined && body.Attachments.length > 0) return notOffered('POST', path, 'Sending files');
  // null (none) is what DragApp does anyway; a text would be dropped.
  if (typeof body.Signature === 'string')
    return notOffered('POST', path, 'A signature of your own (--no-signature sends without)');
  return undefined;
}

/** The sent Gmail message's date, else now. */
const sentDate = (answer: unknown) => {
  const date = Date.parse(header(answer, 'Date') ?? '');
  return new Date(Number.isNaN(date) ? Date.now() : date).toISOString();
};

export const ONE_MESSAGE_NOTE =
  "DragApp's API gives one message of a thread, not the whole thread: earlier messages and replies are not shown";

type BoardOf = (w: Wire, s: DragState, id: CardId) => Promise<number | undefined>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => str(x) ?? []) : []);
const fields = (v: unknown): Fields | undefined => (isRecord(v) ? new Fields(v) : undefined);

function refused(method: string, path: string, message: string): ApiError {
  return new ApiError({ status: 0, method, path, kind: 'response', retryable: false, message });
}

/** Attachments' shape is not known ("TODO: verify shape"): whatever names a file is read, the rest left out. */
function readAttachments(v: unknown): MessageAttachment[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((a): MessageAttachment[] => {
    const f = fields(a);
    const Name = str(f?.get('filename', 'fileName', 'name'));
    if (f === undefined || Name === undefined || Name === '') return [];
    const size = Number(f.get('size', 'fileSize') ?? 0);
    return [{ Name, Size: Number.isFinite(size) ? size : 0, ContentType: str(f.get('mimeType', 'contentType')) ?? '' }];
  });
}

/** The message as detail-message gives it, plus whom a reply goes to (its `reply` action's recipients). */
interface ReadMessage {
  message: CardMessage;
  replyTo: string | undefined;
}

function readMessage(id: CardId, answer: unknown, listed: ReturnType<DragState['threadOf']>): ReadMessage | undefined {
  const r = fields(isRecord(answer) ? answer.Response : undefined);
  if (r === undefined) return undefined;
  const sender = str(r.get('senderMail')) ?? '';
  // The listing's "Name <address>" when it is the same sender: detail-message gives the address only.
  const named = listed !== undefined && sender !== '' && listed.from.toLowerCase().includes(sender.toLowerCase());
  const actions: unknown[] = Array.isArray(r.get('actions')) ? (r.get('actions') as unknown[]) : [];
  const reply = actions.map(fields).find((a) => a?.get('action') === 'reply');
  const recipients: unknown[] = Array.isArray(reply?.get('recipients')) ? (reply?.get('recipients') as unknown[]) : [];
  const replyTo = strings(fields(recipients[0])?.get('to')).join(', ') || undefined;
  const html = str(r.get('messageData')) ?? '';
  const owner = listed?.owner.toLowerCase() ?? '';
  return {
    replyTo,
    message: {
      MessageId: str(r.get('rfcMessageId')) ?? id,
      Direction: owner !== '' && sender.toLowerCase() === owner ? 'out' : 'in',
      From: named && listed !== undefined ? listed.from : sender,
      To: strings(r.get('recipients')),
      Cc: [],
      ReplyTo: replyTo !== undefined && replyTo.toLowerCase() !== sender.toLowerCase() ? replyTo : null,
      Date: listed?.date ?? '',
      Subject: str(reply?.get('subject')) || (listed?.subject ?? ''),
      Text: htmlText(html),
      Html: html === '' ? null : html,
      Attachments: readAttachments(r.get('attachments')),
      InReplyTo: null,
      References: [],
      CreatedAt: listed?.date ?? '',
      ThreadNote: ONE_MESSAGE_NOTE,
    },
  };
}

/** Plain text as the HTML DragApp sends (its `emailContent`): escaped, lines kept. */
export function textToHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return esc
    .split(/\r?\n/)
    .map((l) => `<div>${l === '' ? '<br>' : l}</div>`)
    .join('');
}

function header(answer: unknown, name: string): string | undefined {
  const payload = fields(fields(answer)?.get('payload'));
  const list: unknown[] = Array.isArray(payload?.get('headers')) ? (payload?.get('headers') as unknown[]) : [];
  const hit = list.map(fields).find((h) => str(h?.get('name'))?.toLowerCase() === name.toLowerCase());
  return str(hit?.get('value'));
}

export function dragAppMail(s: DragState, boardOf: BoardOf) {
  async function read(w: Wire, id: CardId, o?: { signal?: AbortSignal }): Promise<ReadMessage> {
    const boardId = await boardOf(w, s, id);
    if (boardId === undefined) throw refused('POST', DETAIL, `POST ${DETAIL}: the board of card ${id} is not known`);
    // "threadId in query string, boardId + messageId in POST body"; the thread's id names its message.
    const answer = await v1(w, 'POST', DETAIL, { query: { threadId: id }, body: { boardId, messageId: id }, o });
    const m = readMessage(id, answer, s.threadOf(id));
    if (m === undefined) throw refused('POST', DETAIL, `POST ${DETAIL}: the answer has no Response`);
    return m;
  }

  return {
    // detail-message's `attachments` shape is unknown ("TODO: verify shape") and no route of its API gives their bytes.
    getAttachment(_w: Wire, id: string): Promise<AttachmentFile> {
      return Promise.reject(
        notServed('Attachments', 'GET', `/v2/attachment/${id}`, "DragApp's API does not serve attachments' bytes"),
      );
    },
    async listMessages(w, id, o) {
      if (s.kindOf(id) !== '0') return [];
      return [(await read(w, id, o)).message];
    },
    async replyDefaults(w, id, o): Promise<ReplyDefaults> {
      if (s.kindOf(id) !== '0') return { From: '', To: [], Cc: [], Subject: '', Signature: null };
      const { message, replyTo } = await read(w, id, o);
      const to = replyTo ?? message.From;
      // The service picks the sender (the key's default send-as) and keeps no signature of its own that its API shows.
      return {
        From: '',
        To: to === '' ? [] : [to],
        Cc: [],
        Subject: /^\s*re\s*:/i.test(message.Subject) ? message.Subject : `Re: ${message.Subject}`,
        Signature: null,
      };
    },
    async replyToCard(w, id, body, o): Promise<ReplyData> {
      if (s.kindOf(id) !== '0') {
        throw refused(
          'POST',
          SEND,
          `Card ${id} is not an email thread: DragApp replies only to email; nothing was sent`,
        );
      }
      if (body.Body.trim() === '') throw refused('POST', SEND, 'A reply needs some text; nothing was sent');
      const cannot = unsendable(SEND, body);
      if (cannot !== undefined) throw cannot;
      if (body.To !== undefined && body.To.length > 1)
        throw refused('POST', SEND, "DragApp's API takes one address in a reply's To; nothing was sent");
      const { message, replyTo } = await read(w, id, o);
      const to = body.To?.[0] ?? replyTo ?? message.From;
      if (to === '') throw refused('POST', SEND, `Card ${id}'s message names no sender to reply to; nothing was sent`);
      // Its `cc` and `bcc` are comma-joined strings (evidence §2.16); the service computes no reply-all.
      const cc = body.Cc ?? [];
      const bcc = body.Bcc ?? [];
      const boardId = (await boardOf(w, s, id)) ?? null;
      const answer = await v1(w, 'POST', SEND, {
        body: {
          threadId: id,
          boardId,
          messageId: id,
          emailType: 'reply',
          to,
          // `emailContent`, exactly: another key is ignored and the mail goes out empty.
          emailContent: textToHtml(body.Body),
          // Empty: the service sends from the key's own mailbox, under the subject of the thread.
          subject: '',
          from: '',
          fromName: '',
          sentByBoardMemberEmail: null,
          draftId: null,
          // Strings, not booleans: what its validator takes.
          isNewSubject: 'false',
          isExtension: 'false',
          ...(cc.length > 0 ? { cc: cc.join(',') } : {}),
          ...(bcc.length > 0 ? { bcc: bcc.join(',') } : {}),
        },
        o,
      });
      return {
        CardId: id,
        MessageId: header(answer, 'Message-ID') ?? str(fields(answer)?.get('id')) ?? '',
        To: [to],
        Cc: [...cc],
        ...(bcc.length > 0 ? { Bcc: [...bcc] } : {}),
        Subject:
          header(answer, 'Subject') ??
          (/^\s*re\s*:/i.test(message.Subject) ? message.Subject : `Re: ${message.Subject}`),
        Date: sentDate(answer),
      };
    },
    async composeMail(w, boardId, body, o): Promise<ReplyData> {
      const cannot = unsendable(SEND_NEW, body);
      if (cannot !== undefined) throw cannot;
      // send-new-email takes {boardId, to, subject, emailContent, addToBoard} and nothing else the evidence names.
      if ((body.Cc ?? []).length > 0) throw notOffered('POST', SEND_NEW, 'Copying new mail (Cc)');
      if ((body.Bcc ?? []).length > 0) throw notOffered('POST', SEND_NEW, 'Blind copies of new mail (Bcc)');
      if (body.To.length !== 1)
        throw refused('POST', SEND_NEW, "DragApp's API takes one address in new mail's To; nothing was sent");
      if (body.ColumnId !== undefined)
        throw notOffered('POST', SEND_NEW, "Choosing new mail's column (it goes to the board's first)");
      const to = body.To[0] ?? '';
      const answer = await v1(w, 'POST', SEND_NEW, {
        // `emailContent`, exactly: a `body` key is silently ignored and the mail goes out empty (evidence §2.16).
        body: { boardId, to, subject: body.Subject, emailContent: textToHtml(body.Body), addToBoard: true },
        o,
      });
      // The answer's shape is not recorded: the Gmail message the reply route gives is read where it is one.
      return {
        CardId: str(fields(answer)?.get('threadId')) ?? '',
        MessageId: header(answer, 'Message-ID') ?? str(fields(answer)?.get('id')) ?? '',
        To: [to],
        Cc: [],
        Subject: header(answer, 'Subject') ?? body.Subject,
        Date: sentDate(answer),
        Kind: 'new',
      };
    },
    forwardCard(): Promise<ReplyData> {
      return Promise.reject(notOffered('POST', '/v2/card/:id/forward', 'Forwarding email'));
    },
    getBoardSignature(): Promise<BoardSignature> {
      return Promise.reject(
        refused('GET', '/v2/board/:id/signature', "A board's signature is not offered by DragApp's API"),
      );
    },
    setBoardSignature(): Promise<BoardSignature> {
      return Promise.reject(
        refused(
          'PUT',
          '/v2/board/:id/signature',
          "A board's signature is not offered by DragApp's API; nothing was changed",
        ),
      );
    },
  } satisfies Partial<Endpoints<OperationName>>;
}
