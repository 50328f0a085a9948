/**
 * Sending a message of the outbox now — a reply, a forward or new mail:
 * composed once, and the same bytes go to SMTP, to the mailbox's Sent folder
 * and into the thread's copy (`messages.raw`), so every file sent is
 * byte-equal in all three. It leaves through the mailbox the thread came in
 * through (its SMTP, its address, its Sent folder), else the board's first
 * mailbox that sends, else the service's relay. The send routes (a delay of
 * 0) and the outbox worker (outbox-worker.ts) both send through here.
 */
import { randomUUID } from 'node:crypto';
import type { CardMessage, ReplyData } from '../../api/schema-mail.js';
import type { EventKind } from '../../api/schema-events.js';
import { withSignature } from '../../text/template.js';
import type { Changed } from '../changes.js';
import type { Ctx } from '../context.js';
import { HttpError } from '../errors.js';
import type { SecretBox } from '../secrets.js';
import { touchCard } from '../versions.js';
import { senderForBoard, sendingMailbox, type MailboxSender } from './imap/outgoing.js';
import { bccOf, ccOf, type OutboxRow } from './outbox.js';
import { listed, loadFiles } from './sending/files.js';
import { forwardText } from './sending/forward.js';
import { isAcknowledgement } from '../rules/acks.js';
import { addressOf, composeMail, replySubject, sendRaw, type MailSettings } from './smtp.js';
import { insertMessage, lastInbound, messageOn, type StoredMessage } from './thread.js';

/** What sending needs besides the database: the relay, the key mailbox passwords are sealed with, a log. */
export interface ReplyMail {
  relay: MailSettings | undefined;
  secrets: SecretBox | undefined;
  log?: ((line: string) => void) | undefined;
}

/** References kept on a reply: the newest, as mail programs trim long chains. */
const MAX_REFERENCES = 30;

/** Where a board's mail leaves from; refused in words when there is no way out. */
export interface SendRoute {
  sender: MailboxSender | undefined;
  mail: MailSettings;
}

const notSetUp = (boardId: number) =>
  new HttpError(
    409,
    `Replies are not set up for this board: connect its mailbox (inboard mailbox add --board ${boardId} --imap … --smtp …) or give the service an SMTP relay (inboard serve --smtp smtp://user:password@host:port --from support@example.com, or INBOARD_SMTP_URL and INBOARD_MAIL_FROM). Nothing was sent.`,
  );

/**
 * The mailbox a card's thread came in (or went out) through: that of the
 * message `about` when it has one, else the newest message's that has one.
 */
export async function mailboxOfThread(ctx: Pick<Ctx, 'sql'>, cardId: number, about: string | null) {
  const row = await ctx.sql.get<{ mailbox_id: number }>(
    `SELECT mailbox_id FROM messages WHERE card_id = ? AND mailbox_id IS NOT NULL
     ORDER BY CASE WHEN message_id = ? THEN 0 ELSE 1 END, id DESC LIMIT 1`,
    [cardId, about ?? ''],
  );
  return row === undefined ? null : Number(row.mailbox_id);
}

/** The way out for a board's message (with the mailbox `prefer` when it sends): unseals its login. */
export async function sendRoute(ctx: Ctx, m: ReplyMail, boardId: number, prefer: number | null): Promise<SendRoute> {
  const sender = await senderForBoard(ctx.sql, m.secrets, boardId, prefer);
  const mail = sender?.settings ?? m.relay;
  if (mail === undefined) throw notSetUp(boardId);
  return { sender, mail };
}

/** The address it will leave from, without unsealing anything; refused in words when there is no way out. */
export async function fromFor(ctx: Ctx, m: ReplyMail, boardId: number, prefer: number | null): Promise<string> {
  const box = await sendingMailbox(ctx.sql, boardId, prefer);
  const from = box?.from_addr ?? m.relay?.from;
  if (from === undefined) throw notSetUp(boardId);
  return from;
}

/**
 * What a reply answers: the newest message that came in, else (a card
 * begun with new mail) the newest the team sent; refused when it has none.
 */
export async function messageAnswered(ctx: Ctx, cardId: number): Promise<CardMessage> {
  const parent = (await lastInbound(ctx, cardId)) ?? (await lastOutbound(ctx, cardId));
  if (parent === undefined)
    throw new HttpError(409, `Card ${cardId} has no email to answer: no message came in on it. Nothing was sent.`);
  return parent;
}

async function lastOutbound(ctx: Ctx, cardId: number): Promise<CardMessage | undefined> {
  const row = await ctx.sql.get<{ message_id: string }>(
    "SELECT message_id FROM messages WHERE card_id = ? AND direction = 'out' ORDER BY id DESC LIMIT 1",
    [cardId],
  );
  return row === undefined ? undefined : messageOn(ctx, cardId, row.message_id);
}

/** Our Message-ID for a message leaving from `from`. */
export const newMessageId = (from: string): string =>
  `<${randomUUID()}@${addressOf(from).split('@')[1] ?? 'inboard.invalid'}>`;

/** The message as the thread will hold it and SMTP will carry it. */
async function envelopeOf(ctx: Ctx, row: OutboxRow, dateMs: number) {
  // Rows queued before To was kept answer the newest message that came in.
  const about =
    row.answers !== null
      ? await messageOn(ctx, row.card_id, row.answers)
      : row.kind === 'reply'
        ? await lastInbound(ctx, row.card_id)
        : undefined;
  if (row.kind !== 'new' && about === undefined)
    throw new HttpError(409, `Card ${row.card_id} no longer has the message this answers. Nothing was sent.`);
  const reply = row.kind === 'reply' && about !== undefined;
  const to = row.to_addrs === null ? [about?.ReplyTo ?? about?.From ?? ''] : (JSON.parse(row.to_addrs) as string[]);
  const signed = withSignature(row.body, row.signature);
  return {
    to,
    cc: ccOf(row),
    bcc: bccOf(row),
    subject: row.subject ?? replySubject(about?.Subject ?? ''),
    text: row.kind === 'forward' && about !== undefined ? forwardText(signed, about) : signed,
    references: reply
      ? [...about.References.filter((r) => r !== about.MessageId), about.MessageId].slice(-MAX_REFERENCES)
      : [],
    inReplyTo: reply ? about.MessageId : null,
    date: new Date(dateMs),
    mailboxHint: await mailboxOfThread(ctx, row.card_id, about?.MessageId ?? null),
  };
}

export interface Transmitted {
  from: string;
  mailboxId: number | null;
  envelope: Awaited<ReturnType<typeof envelopeOf>>;
  raw: Buffer;
  files: ReturnType<typeof listed>;
  /** Recipients the relay refused while taking the message for the others. */
  refused: string[];
}

/** Composes the message once and hands it to SMTP (refused: an HttpError in the relay's words); the Sent copy follows in the background. */
export async function transmit(ctx: Ctx, m: ReplyMail, row: OutboxRow): Promise<Transmitted> {
  const envelope = await envelopeOf(ctx, row, ctx.now());
  const r = await sendRoute(ctx, m, row.board_id, envelope.mailboxHint);
  const files = await loadFiles(ctx.sql, row.id);
  // A rule's acknowledgement is automatic mail: marked so, no other system answers it (RFC 3834).
  const automatic: Record<string, string> = (await isAcknowledgement(ctx.sql, row.message_id))
    ? { 'Auto-Submitted': 'auto-replied' }
    : {};
  const raw = await composeMail(r.mail.from, { ...envelope, messageId: row.message_id, attachments: files }, automatic);
  const { refused } = await sendRaw(r.mail, raw, [...envelope.to, ...envelope.cc, ...envelope.bcc], r.sender?.target);
  // The Sent copy is a courtesy to teammates reading the mailbox elsewhere: the message is sent either way.
  const { sender } = r;
  sender?.copyToSent(raw, row.message_id).then(
    (words) => m.log?.(`mailbox ${sender.mailboxId}: ${row.kind} ${row.message_id}: ${words}`),
    (e: unknown) =>
      m.log?.(
        `mailbox ${sender.mailboxId}: ${row.kind} ${row.message_id} sent, but no copy in Sent: ${e instanceof Error ? e.message : String(e)}`,
      ),
  );
  return { from: r.mail.from, mailboxId: sender?.mailboxId ?? null, envelope, raw, files: listed(files), refused };
}

/**
 * Records a transmitted message in the thread, inside a write transaction;
 * the outbox row says sent and its files go (the raw bytes hold them now).
 */
export async function recordSent(
  ctx: Ctx,
  changed: Changed,
  row: OutboxRow,
  t: Transmitted,
  event: EventKind = 'message',
): Promise<ReplyData> {
  // Sent already: recorded whatever the card's version is now.
  await touchCard({ ...ctx, ifMatch: undefined }, row.card_id);
  changed(row.board_id, row.card_id, event, row.by_email);
  const { envelope: e } = t;
  const stored: StoredMessage = {
    messageId: row.message_id,
    direction: 'out',
    from: t.from,
    replyTo: null,
    to: e.to,
    cc: e.cc,
    date: e.date.toISOString(),
    subject: e.subject,
    text: e.text,
    html: null,
    attachments: t.files,
    inReplyTo: e.inReplyTo,
    references: e.references,
    automatic: null,
    raw: t.raw,
    kind: row.kind,
    bcc: e.bcc,
    mailboxId: t.mailboxId,
  };
  await insertMessage(ctx, row.card_id, stored);
  await ctx.sql.run("UPDATE outbox SET state = 'sent', lease_owner = NULL, lease_until_ms = 0 WHERE id = ?", [row.id]);
  await ctx.sql.run('DELETE FROM outbox_files WHERE outbox_id = ?', [row.id]);
  return {
    CardId: String(row.card_id),
    MessageId: row.message_id,
    From: t.from,
    To: e.to,
    Cc: e.cc,
    Bcc: e.bcc,
    Subject: e.subject,
    Date: e.date.toISOString(),
    Kind: row.kind,
    Attachments: t.files,
  };
}
