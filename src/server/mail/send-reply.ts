/**
 * Sending a reply of the outbox now: through the board's own mailbox when
 * one is connected (its SMTP, its address, a copy in its Sent folder), else
 * the service's relay; then recorded in the thread. The reply route (a delay
 * of 0) and the outbox worker (outbox-worker.ts) both send through here.
 */
import { randomUUID } from 'node:crypto';
import type { ReplyData } from '../../api/schema-mail.js';
import type { Changed } from '../changes.js';
import type { Ctx } from '../context.js';
import { HttpError } from '../errors.js';
import type { SecretBox } from '../secrets.js';
import { touchCard } from '../versions.js';
import { senderForBoard, type MailboxSender } from './imap/outgoing.js';
import type { OutboxRow } from './outbox.js';
import { ccOf } from './outbox.js';
import { addressOf, replySubject, sendMail, type MailSettings } from './smtp.js';
import { insertMessage, lastInbound } from './thread.js';
import type { CardMessage } from '../../api/schema-mail.js';

/** What sending needs besides the database: the relay, the key mailbox passwords are sealed with, a log. */
export interface ReplyMail {
  relay: MailSettings | undefined;
  secrets: SecretBox | undefined;
  log?: ((line: string) => void) | undefined;
}

/** References kept on a reply: the newest, as mail programs trim long chains. */
const MAX_REFERENCES = 30;

/** Where a board's replies leave from, and what they answer; refused in words when there is no way or no one. */
export interface ReplyRoute {
  sender: MailboxSender | undefined;
  mail: MailSettings;
  parent: CardMessage;
}

export async function replyRoute(ctx: Ctx, m: ReplyMail, card: { id: number; board_id: number }): Promise<ReplyRoute> {
  const sender = await senderForBoard(ctx.sql, m.secrets, card.board_id);
  const mail = sender?.settings ?? m.relay;
  if (mail === undefined) {
    throw new HttpError(
      409,
      `Replies are not set up for this board: connect its mailbox (inboard mailbox add --board ${card.board_id} --imap … --smtp …) or give the service an SMTP relay (inboard serve --smtp smtp://user:password@host:port --from support@example.com, or INBOARD_SMTP_URL and INBOARD_MAIL_FROM). Nothing was sent.`,
    );
  }
  const parent = await lastInbound(ctx, card.id);
  if (parent === undefined) {
    throw new HttpError(409, `Card ${card.id} has no email to answer: no message came in on it. Nothing was sent.`);
  }
  return { sender, mail, parent };
}

/** Our Message-ID for a reply leaving from `from`. */
export const newMessageId = (from: string): string =>
  `<${randomUUID()}@${addressOf(from).split('@')[1] ?? 'inboard.invalid'}>`;

/** The reply's envelope as the thread will hold it. */
export function envelopeOf(route: ReplyRoute, row: Pick<OutboxRow, 'card_id' | 'message_id' | 'cc'>, dateMs: number) {
  const { parent } = route;
  return {
    to: [parent.ReplyTo ?? parent.From],
    cc: ccOf(row as OutboxRow),
    subject: replySubject(parent.Subject),
    references: [...parent.References.filter((r) => r !== parent.MessageId), parent.MessageId].slice(-MAX_REFERENCES),
    inReplyTo: parent.MessageId,
    date: new Date(dateMs),
  };
}

export interface Transmitted {
  from: string;
  envelope: ReturnType<typeof envelopeOf>;
}

/** Hands the reply to SMTP (refused: an HttpError in the relay's words); the Sent copy follows in the background. */
export async function transmit(ctx: Ctx, m: ReplyMail, row: OutboxRow, route?: ReplyRoute): Promise<Transmitted> {
  const r = route ?? (await replyRoute(ctx, m, { id: row.card_id, board_id: row.board_id }));
  const envelope = envelopeOf(r, row, ctx.now());
  const raw = await sendMail(
    r.mail,
    { ...envelope, text: row.body, messageId: row.message_id, subject: envelope.subject || 'Re:' },
    r.sender?.target,
  );
  // The Sent copy is a courtesy to teammates reading the mailbox elsewhere: the reply is sent either way.
  const { sender } = r;
  sender?.copyToSent(raw, row.message_id).then(
    (words) => m.log?.(`mailbox ${sender.mailboxId}: reply ${row.message_id}: ${words}`),
    (e: unknown) =>
      m.log?.(
        `mailbox ${sender.mailboxId}: reply ${row.message_id} sent, but no copy in Sent: ${e instanceof Error ? e.message : String(e)}`,
      ),
  );
  return { from: r.mail.from, envelope };
}

/** Records a transmitted reply in the thread, inside a write transaction; the outbox row says sent. */
export async function recordSent(ctx: Ctx, changed: Changed, row: OutboxRow, t: Transmitted): Promise<ReplyData> {
  // Sent already: recorded whatever the card's version is now.
  await touchCard({ ...ctx, ifMatch: undefined }, row.card_id);
  changed(row.board_id, row.card_id, 'message', row.by_email);
  const { envelope: e } = t;
  await insertMessage(ctx, row.card_id, {
    messageId: row.message_id,
    direction: 'out',
    from: t.from,
    replyTo: null,
    to: e.to,
    cc: e.cc,
    date: e.date.toISOString(),
    subject: e.subject,
    text: row.body,
    html: null,
    attachments: [],
    inReplyTo: e.inReplyTo,
    references: e.references,
    automatic: null,
  });
  await ctx.sql.run("UPDATE outbox SET state = 'sent', lease_owner = NULL, lease_until_ms = 0 WHERE id = ?", [row.id]);
  return {
    CardId: String(row.card_id),
    MessageId: row.message_id,
    To: e.to,
    Cc: e.cc,
    Subject: e.subject,
    Date: e.date.toISOString(),
  };
}
