/**
 * Tools that send email besides a reply: forward_email (a message of a
 * card's thread sent on, its attachments with it) and compose_email (new
 * mail written first, which makes its card). Text only: an assistant gives no
 * file paths, so nothing on the user's disk is read or sent by one.
 */
import { z } from 'zod';
import { MAIL_LIMITS, type ReplyData } from '../../api/schema-mail.js';
import { LIMITS } from '../../api/schema.js';
import { sendChecked } from './checked.js';
import { boardId, cardId, column, emails, text } from './inputs.js';
import { exactCardId, findColumn } from './lookup.js';
import { tool, type Tool } from './tool.js';

export const recipients = emails.max(MAIL_LIMITS.cc);

/** What was sent, as every sending tool answers. */
export const SentOut = {
  cardId: z.string(),
  messageId: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  subject: z.string(),
  date: z.string(),
  attachments: z.array(z.string()).describe('The names of the files it carries'),
  sendsAt: z.string().nullable().describe('When it leaves the outbox, if the service holds it for a while; null: sent'),
};

export const sentOut = (sent: ReplyData) => ({
  cardId: sent.CardId,
  messageId: sent.MessageId,
  to: sent.To,
  cc: sent.Cc,
  bcc: sent.Bcc ?? [],
  subject: sent.Subject,
  date: sent.Date,
  attachments: (sent.Attachments ?? []).map((a) => a.Name),
  sendsAt: sent.SendsAt ?? null,
});

const TEXT_ONLY =
  'Text only: this tool attaches no files from the user’s disk (they can use `inboard card … --attach FILE` themselves).';

export const SEND_TOOLS: readonly Tool[] = [
  tool({
    name: 'forward_email',
    title: 'Forward the email of a card',
    group: 'Email',
    description: `Forwards a message of the card's thread to other people: "Fwd:" its subject, an optional note on top, its headers and text quoted, and its attachments as they came. Default: the customer's newest message; messageId (from get_thread) picks another. It goes to people outside the board and cannot be taken back: show the user whom to and the note, and have them confirm first. ${TEXT_ONLY}`,
    input: {
      cardId,
      to: recipients.min(1).describe('Whom to forward it to (at least one email)'),
      cc: recipients.optional().describe('Emails to copy'),
      bcc: recipients.optional().describe('Emails to copy unseen'),
      note: z.string().max(LIMITS.text).optional().describe('A note above the forwarded message, plain text'),
      messageId: z
        .string()
        .min(1)
        .max(998)
        .optional()
        .describe('The messageId (from get_thread) of the message to forward; default the customer’s newest'),
    },
    output: SentOut,
    effect: 'destructive',
    idempotent: false,
    openWorld: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const sent = await sendChecked('forward_email', (o) =>
        client.forwardCard(
          id,
          {
            To: a.to,
            ...(a.cc === undefined || a.cc.length === 0 ? {} : { Cc: a.cc }),
            ...(a.bcc === undefined || a.bcc.length === 0 ? {} : { Bcc: a.bcc }),
            ...(a.note === undefined || a.note.trim() === '' ? {} : { Body: a.note }),
            ...(a.messageId === undefined ? {} : { MessageId: a.messageId }),
          },
          o,
        ),
      );
      return sentOut(sent);
    },
  }),
  tool({
    name: 'compose_email',
    title: 'Write new email from a board',
    group: 'Email',
    description: `Writes first to someone: sends new mail from the board (its address, its signature) and makes a card whose first message it is; their answer joins that card. It goes to people outside the board and cannot be taken back: show the user the recipients, subject and text, and have them confirm first. ${TEXT_ONLY}`,
    input: {
      boardId,
      to: recipients.min(1).describe('Whom to write to (at least one email)'),
      cc: recipients.optional().describe('Emails to copy'),
      bcc: recipients.optional().describe('Emails to copy unseen'),
      subject: z
        .string()
        .min(1)
        .max(998)
        .refine((x) => x.trim() !== '', 'is empty')
        .describe('The subject'),
      body: text('The mail, plain text'),
      columnId: column.optional().describe('Where its card goes (as list_columns names it); default the first column'),
    },
    output: SentOut,
    effect: 'destructive',
    idempotent: false,
    openWorld: true,
    async run({ client }, a) {
      const col = a.columnId === undefined ? undefined : await findColumn(client, a.boardId, a.columnId);
      const sent = await sendChecked('compose_email', (o) =>
        client.composeMail(
          a.boardId,
          {
            To: a.to,
            Subject: a.subject,
            Body: a.body,
            ...(a.cc === undefined || a.cc.length === 0 ? {} : { Cc: a.cc }),
            ...(a.bcc === undefined || a.bcc.length === 0 ? {} : { Bcc: a.bcc }),
            ...(col === undefined ? {} : { ColumnId: col.Id }),
          },
          o,
        ),
      );
      return sentOut(sent);
    },
  }),
];
