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
  /** Addresses in a reply's Cc. */
  cc: 20,
} as const;

export const MessageAttachment = z.object({
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
  /** Why a machine sent it (an auto-reply, a bounce, bulk mail), in words; null for a person's mail. Never answered automatically. */
  Automatic: z.string().nullable().optional(),
  /** Said when the server's routes give less than the whole thread (one message of it): what is missing, in words. */
  ThreadNote: z.string().optional(),
});
export type CardMessage = z.infer<typeof CardMessage>;

export const ReplyBody = z.strictObject({
  Body: requiredText(LIMITS.text),
  Cc: z.array(Email).max(MAIL_LIMITS.cc).optional(),
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
export const ReplyData = z.object({
  CardId: z.string(),
  MessageId: z.string(),
  To: z.array(z.string()),
  Cc: z.array(z.string()),
  Subject: z.string(),
  Date: IsoTimestamp,
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
