/**
 * The wire shapes of the local service's email extensions: a card's thread
 * (`GET /v2/card/:id/messages`), a reply to it (`POST /v2/card/:id/reply`)
 * and mail delivered to a board (`POST /v2/mail/inbound`, what `inboard
 * mail-in` sends). The conventions are schema.ts's.
 */
import { z } from 'zod';
import { Email, IsoTimestamp, LIMITS, positiveInt, requiredText } from './schema.js';

/** Limits of the mail extensions; the local service's choice. */
export const MAIL_LIMITS = {
  /** One raw RFC 5322 message, attachments included, as delivered. */
  messageBytes: 25 * 1024 * 1024,
  /** Addresses in a reply's To, Cc or Bcc, each. */
  cc: 20,
  /** Files sent with one message, decoded, all together (the encoded message grows by a third). */
  attachmentBytes: 25 * 1024 * 1024,
  /** Files sent with one message. */
  attachments: 20,
  /** A signature's template. */
  signature: 2_000,
} as const;

export const MessageAttachment = z.object({
  /** Opaque; the service's own. Absent where a server serves no attachment's bytes (DragApp). */
  Id: z.string().optional(),
  /** The route that serves its bytes exactly as received, from the server's base URL (`/v2/…`). */
  Url: z.string().optional(),
  Name: z.string(),
  /** Bytes, decoded. */
  Size: z.number(),
  ContentType: z.string(),
});
export type MessageAttachment = z.infer<typeof MessageAttachment>;

/** One message of a card's thread. Addresses as written: `Ana Lima <ana@example.com>`. */
export const CardMessage = z.object({
  /** Its Message-ID header, angle brackets included. */
  MessageId: z.string(),
  /** `in`: mail that came to the board; `out`: a reply sent from it. */
  Direction: z.enum(['in', 'out']),
  From: z.string(),
  To: z.array(z.string()),
  Cc: z.array(z.string()),
  ReplyTo: z.string().nullable(),
  /** The Date header (ISO 8601 UTC), or when it arrived when it had none. */
  Date: IsoTimestamp,
  Subject: z.string(),
  /** The plain text; for a message sent only as HTML, that HTML made text. */
  Text: z.string(),
  /** The HTML part, when there was one. */
  Html: z.string().nullable(),
  Attachments: z.array(MessageAttachment),
  InReplyTo: z.string().nullable(),
  References: z.array(z.string()),
  CreatedAt: IsoTimestamp,
  /** What a message sent from the board was: a reply, a forward, or new mail written first. Absent: as received. */
  Kind: z.enum(['reply', 'forward', 'new']).optional(),
  /** Blind copies of a message sent from the board (never of one received). */
  Bcc: z.array(z.string()).optional(),
  /** Why a machine sent it (an auto-reply, a bounce, bulk mail), in words; null for a person's mail. Never answered automatically. */
  Automatic: z.string().nullable().optional(),
  /** Said when the server's routes give less than the whole thread (one message of it): what is missing, in words. */
  ThreadNote: z.string().optional(),
});
export type CardMessage = z.infer<typeof CardMessage>;

/** A file in what is sent: its name as the recipient sees it, its type (from the name when absent), its bytes in base64. */
export const OutgoingFile = z.strictObject({
  Name: requiredText(255),
  ContentType: z.string().max(255).optional(),
  Content: z.string().regex(/^[A-Za-z0-9+/=\r\n]*$/, 'must be the file in base64'),
});
export type OutgoingFile = z.input<typeof OutgoingFile>;

const Addresses = z.array(Email).max(MAIL_LIMITS.cc);
/**
 * The signature under what is sent: absent, the board's (`PUT
 * /v2/board/:id/signature`); a text, this one (a member's own, from their
 * config), its `{{…}}` variables filled by the service; null, none.
 */
const SignatureChoice = z.string().max(MAIL_LIMITS.signature).nullable().optional();

export const ReplyBody = z.strictObject({
  Body: requiredText(LIMITS.text),
  /** Absent: the customer (Reply-To, else From) of the message answered. */
  To: Addresses.min(1).optional(),
  /** Absent: everyone else on the message answered (its To and Cc), the team's own addresses left out. `[]`: no one. */
  Cc: Addresses.optional(),
  Bcc: Addresses.optional(),
  Attachments: z.array(OutgoingFile).max(MAIL_LIMITS.attachments).optional(),
  Signature: SignatureChoice,
  /**
   * The Message-ID of the newest message of the thread its writer had read.
   * When the thread got a message since, or another reply waits to go, the
   * reply is held (409, `HeldReplyData`), not sent. Absent: not checked.
   */
  Seen: z.string().min(1).max(998).optional(),
  /** Sent though something arrived since `Seen` (its writer has read it). */
  SendAnyway: z.boolean().optional(),
});
export type ReplyInput = z.input<typeof ReplyBody>;
/** A message forwarded from a card's thread: `POST /v2/card/:id/forward`. */
export const ForwardBody = z.strictObject({
  To: Addresses.min(1),
  Cc: Addresses.optional(),
  Bcc: Addresses.optional(),
  /** A note above the forwarded message. */
  Body: z.string().max(LIMITS.text).optional(),
  /** The Message-ID of the message forwarded; absent: the customer's newest. */
  MessageId: z.string().min(1).max(998).optional(),
  /** Files added to the forwarded message's own, which go with it byte for byte. */
  Attachments: z.array(OutgoingFile).max(MAIL_LIMITS.attachments).optional(),
  Signature: SignatureChoice,
});
export type ForwardInput = z.input<typeof ForwardBody>;

/** New mail written first, to a customer: `POST /v2/board/:id/compose`; its card is made with it. */
export const ComposeBody = z.strictObject({
  To: Addresses.min(1),
  Cc: Addresses.optional(),
  Bcc: Addresses.optional(),
  Subject: requiredText(998),
  Body: requiredText(LIMITS.text),
  /** Where its card goes; the board's first column when absent. */
  ColumnId: positiveInt.optional(),
  Attachments: z.array(OutgoingFile).max(MAIL_LIMITS.attachments).optional(),
  Signature: SignatureChoice,
});
export type ComposeInput = z.input<typeof ComposeBody>;

/** Whom a reply to the card goes to by default and from where (`GET /v2/card/:id/reply-defaults`), for the composer to show. */
export const ReplyDefaults = z.object({
  From: z.string(),
  To: z.array(z.string()),
  Cc: z.array(z.string()),
  Subject: z.string(),
  /** The board's signature filled in for the asking key; null when the board has none. */
  Signature: z.string().nullable(),
});
export type ReplyDefaults = z.infer<typeof ReplyDefaults>;

/** A board's signature (`GET`/`PUT`/`DELETE /v2/board/:id/signature`): its template, `{{agent.name}}` and the rest unfilled. */
export const BoardSignature = z.object({ BoardId: z.string(), Text: z.string().nullable() });
export type BoardSignature = z.infer<typeof BoardSignature>;
export const BoardSignatureBody = z.strictObject({ Text: requiredText(MAIL_LIMITS.signature) });

/** What a reply, a forward or new mail became: sent, or held in the outbox. */
export const ReplyData = z.object({
  CardId: z.string(),
  MessageId: z.string(),
  /** The address it leaves from. */
  From: z.string().optional(),
  To: z.array(z.string()),
  Cc: z.array(z.string()),
  Bcc: z.array(z.string()).optional(),
  Subject: z.string(),
  Date: IsoTimestamp,
  Kind: z.enum(['reply', 'forward', 'new']).optional(),
  /** The files it carries (served like a received message's once sent). */
  Attachments: z.array(MessageAttachment).optional(),
  /** Held in the outbox until `SendsAt` (the service's send delay): `DELETE /v2/outbox/:id` takes it back. Absent: sent. */
  OutboxId: z.string().optional(),
  SendsAt: IsoTimestamp.optional(),
});
export type ReplyData = z.infer<typeof ReplyData>;

/** A reply in the outbox (`GET /v2/outbox/:id`, and what `DELETE` took back). */
export const OutboxItem = z.object({
  Id: z.string(),
  CardId: z.string(),
  /** waiting (can be taken back), sending, sent, failed (`StateWords` says why; never retried by itself). */
  State: z.enum(['waiting', 'sending', 'sent', 'failed']),
  StateWords: z.string(),
  /** Its writer's email. */
  By: z.string(),
  Body: z.string(),
  Cc: z.array(z.string()),
  To: z.array(z.string()).optional(),
  Bcc: z.array(z.string()).optional(),
  Kind: z.enum(['reply', 'forward', 'new']).optional(),
  MessageId: z.string(),
  SendsAt: IsoTimestamp,
});
export type OutboxItem = z.infer<typeof OutboxItem>;

/** The `data` of a 409 holding a reply: what arrived since `Seen`, and the replies waiting to go on the card. */
export const HeldReplyData = z.object({
  Arrived: z.array(CardMessage),
  Waiting: z.array(OutboxItem),
});
export type HeldReplyData = z.infer<typeof HeldReplyData>;

export const InboundMailBody = z.strictObject({
  BoardId: positiveInt,
  /** Where a new card goes; the board's first column when absent. A reply joins its card wherever it is. */
  ColumnId: positiveInt.optional(),
  /** The raw message, base64 (mail is bytes, not always UTF-8). */
  Message: z
    .string()
    .min(1, 'is empty: send the raw message, base64')
    .regex(/^[A-Za-z0-9+/=\r\n]+$/, 'must be the raw message in base64'),
});
export type InboundMailInput = z.input<typeof InboundMailBody>;
export const InboundMailData = z.object({
  CardId: z.string(),
  MessageId: z.string(),
  /** A new card was made for it (false: it joined the card of the message it answers). */
  NewCard: z.boolean(),
  /** The same Message-ID had been delivered there before: nothing was added. */
  Duplicate: z.boolean(),
});
export type InboundMailData = z.infer<typeof InboundMailData>;

/**
 * A board's mailbox as `GET /v2/board/:boardId/mailboxes` gives it (an
 * extension): where its mail comes from and whether it is flowing — never
 * its password. `Stuck` is true when mail can't come in, and `StateWords`
 * says why in the server's words.
 */
export const BoardMailbox = z.object({
  Id: z.string(),
  BoardId: z.string(),
  Address: z.string(),
  Folder: z.string(),
  State: z.string(),
  StateWords: z.string(),
  Stuck: z.boolean(),
  StateAt: IsoTimestamp.nullable(),
  LastMessageAt: IsoTimestamp.nullable(),
  Imported: z.number(),
  /** Replies on this board go out through the mailbox's own SMTP server. */
  Sends: z.boolean(),
});
export type BoardMailbox = z.infer<typeof BoardMailbox>;
