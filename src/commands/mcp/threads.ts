/** Tools on the email behind a card: get_thread, reply_to_thread. */
import { z } from 'zod';
import { sendChecked } from './checked.js';
import { cardId, text } from './inputs.js';
import { exactCardId } from './lookup.js';
import { recipients, SentOut, sentOut } from './send.js';
import { tool, type Tool } from './tool.js';

const MessageOut = z.object({
  messageId: z.string(),
  direction: z.enum(['in', 'out']).describe('in: came to the board; out: a reply sent from it'),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  replyTo: z.string().nullable(),
  date: z.string(),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(
    z.object({
      name: z.string(),
      size: z.number(),
      contentType: z.string(),
      attachmentId: z.string().nullable().describe('What read_attachment takes; null where the server serves no bytes'),
    }),
  ),
});

export const THREAD_TOOLS: readonly Tool[] = [
  tool({
    name: 'get_thread',
    title: 'Read the email of a card',
    group: 'Email',
    description:
      "The email thread behind a card (the card is the thread: pass its cardId), oldest first: each message's direction, sender, recipients, subject, date, plain text and attachments (name, size, type, and the attachmentId read_attachment takes). Read it before replying. A server that gives less than the whole thread says so in note.",
    input: { cardId },
    output: { cardId: z.string(), messages: z.array(MessageOut), note: z.string().nullable() },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const messages = await client.listMessages(id);
      return {
        cardId: id,
        messages: messages.map((m) => ({
          messageId: m.MessageId,
          direction: m.Direction,
          from: m.From,
          to: m.To,
          cc: m.Cc,
          replyTo: m.ReplyTo,
          date: m.Date,
          subject: m.Subject,
          text: m.Text,
          attachments: m.Attachments.map((x) => ({
            name: x.Name,
            size: x.Size,
            contentType: x.ContentType,
            attachmentId: x.Id ?? null,
          })),
        })),
        note: messages.find((m) => m.ThreadNote !== undefined && m.ThreadNote !== '')?.ThreadNote ?? null,
      };
    },
  }),
  tool({
    name: 'reply_to_thread',
    title: 'Reply to the email of a card',
    group: 'Email',
    description:
      "Sends an email answering the card's thread: its last message that came in, \"Re:\" its subject, threaded. By default to all, as the server works it out: to the customer (Reply-To, else sender), cc everyone else on that message but the team's own addresses. `to` and `cc` replace those (cc [] copies no one); `bcc` adds blind copies. It goes to people outside the board and cannot be taken back: show the user the text and recipients and have them confirm first. The server sends it (its outbox holds it until the mail relay takes it). Text only: no files from the user's disk.",
    input: {
      cardId,
      body: text('The reply, plain text'),
      to: recipients.min(1).optional().describe('Whom to send it to instead of the customer'),
      cc: recipients.optional().describe('Whom to copy instead of the others on the message; [] for no one'),
      bcc: recipients.optional().describe('Emails to copy unseen'),
    },
    output: SentOut,
    effect: 'destructive',
    idempotent: false,
    openWorld: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const sent = await sendChecked('reply_to_thread', (o) =>
        client.replyToCard(
          id,
          {
            Body: a.body,
            ...(a.to === undefined ? {} : { To: a.to }),
            ...(a.cc === undefined ? {} : { Cc: a.cc }),
            ...(a.bcc === undefined || a.bcc.length === 0 ? {} : { Bcc: a.bcc }),
          },
          o,
        ),
      );
      return sentOut(sent);
    },
  }),
];
