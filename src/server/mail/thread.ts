/**
 * A card's email thread in SQLite: storing a message, reading the thread
 * back in its wire shape, and finding the card an answer belongs to.
 * Callers hold the write transaction (context.write) for the changes.
 */
import type { CardMessage, MessageAttachment } from '../../api/schema-mail.js';
import type { Principal } from '../auth.js';
import { boardFor, type CardRow, type Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { HttpError } from '../errors.js';
import type { InboundMessage } from './read-mail.js';

interface MessageRow {
  id: number;
  card_id: number;
  message_id: string;
  direction: 'in' | 'out';
  from_addr: string;
  reply_to: string | null;
  to_addrs: string;
  cc_addrs: string;
  sent_at: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attachments: string;
  in_reply_to: string | null;
  refs: string;
  created_at: string;
  automatic: string | null;
  kind: 'reply' | 'forward' | 'new' | null;
  bcc: string | null;
}

const COLUMNS = `id, card_id, message_id, direction, from_addr, reply_to, to_addrs, cc_addrs, sent_at, subject,
  body_text, body_html, attachments, in_reply_to, refs, created_at, automatic, kind, bcc`;

const strings = (json: string): string[] => {
  const v: unknown = JSON.parse(json);
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
};

function messageOut(r: MessageRow): CardMessage {
  return {
    MessageId: r.message_id,
    Direction: r.direction,
    From: r.from_addr,
    To: strings(r.to_addrs),
    Cc: strings(r.cc_addrs),
    ReplyTo: r.reply_to,
    Date: r.sent_at,
    Subject: r.subject,
    Text: r.body_text,
    Html: r.body_html,
    Attachments: JSON.parse(r.attachments) as MessageAttachment[],
    InReplyTo: r.in_reply_to,
    References: strings(r.refs),
    CreatedAt: r.created_at,
    ...(r.kind === null ? {} : { Kind: r.kind }),
    ...(r.bcc === null ? {} : { Bcc: strings(r.bcc) }),
    Automatic: r.automatic,
  };
}

/** The thread, in the order it arrived (the order it was written in). */
export async function messagesOf(ctx: Ctx, cardId: number): Promise<CardMessage[]> {
  const rows = await ctx.sql.all<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE card_id = ? ORDER BY id`, [cardId]);
  return rows.map(messageOut);
}

/** What a reply answers: the newest message that came in. */
export async function lastInbound(ctx: Ctx, cardId: number): Promise<CardMessage | undefined> {
  const row = await ctx.sql.get<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE card_id = ? AND direction = 'in' ORDER BY id DESC LIMIT 1`,
    [cardId],
  );
  return row === undefined ? undefined : messageOut(row);
}

/** The message of the card's thread with this Message-ID. */
export async function messageOn(ctx: Ctx, cardId: number, messageId: string): Promise<CardMessage | undefined> {
  const row = await ctx.sql.get<MessageRow>(
    `SELECT ${COLUMNS} FROM messages WHERE card_id = ? AND message_id = ? ORDER BY id DESC LIMIT 1`,
    [cardId, messageId],
  );
  return row === undefined ? undefined : messageOut(row);
}

/** A message's bytes as it arrived (or left); null when they were not kept. */
export async function rawOf(ctx: Ctx, cardId: number, messageId: string): Promise<Buffer | null> {
  const row = await ctx.sql.get<{ raw: Buffer | null }>(
    'SELECT raw FROM messages WHERE card_id = ? AND message_id = ? ORDER BY id DESC LIMIT 1',
    [cardId, messageId],
  );
  return row?.raw === null || row?.raw === undefined ? null : Buffer.from(row.raw);
}

export async function hasMessage(ctx: Ctx, cardId: number, messageId: string): Promise<boolean> {
  const row = await ctx.sql.get('SELECT 1 AS one FROM messages WHERE card_id = ? AND message_id = ?', [
    cardId,
    messageId,
  ]);
  return row !== undefined;
}

/** The card on `boardId` that already holds this Message-ID, if any (a redelivery). */
export async function cardOnBoardWith(ctx: Ctx, boardId: number, messageId: string): Promise<number | undefined> {
  const row = await ctx.sql.get<{ card_id: number }>(
    'SELECT m.card_id FROM messages m JOIN cards c ON c.id = m.card_id WHERE m.message_id = ? AND c.board_id = ?',
    [messageId, boardId],
  );
  return row?.card_id;
}

/**
 * The card an answer belongs to: the one holding the message it replies to
 * (In-Reply-To), else the newest of its References found on a card. Only
 * cards on boards the caller may see count.
 */
export async function cardAnswered(ctx: Ctx, p: Principal, m: InboundMessage): Promise<CardRow | undefined> {
  const wanted = [...(m.inReplyTo === null ? [] : [m.inReplyTo]), ...[...m.references].reverse()];
  for (const id of new Set(wanted)) {
    const rows = await ctx.sql.all<CardRow>(
      'SELECT c.* FROM messages m JOIN cards c ON c.id = m.card_id WHERE m.message_id = ? ORDER BY m.id DESC',
      [id],
    );
    for (const card of rows) {
      try {
        await boardFor(ctx, p, card.board_id);
        return card;
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
      }
    }
  }
  return undefined;
}

export interface StoredMessage extends InboundMessage {
  direction: 'in' | 'out';
  /** The message's bytes as it arrived, or as it left (the same bytes SMTP was given). */
  raw?: Buffer;
  /** What a message sent from the board was. */
  kind?: 'reply' | 'forward' | 'new';
  bcc?: string[];
  /** The mailbox it came in (or left) through; absent: mail-in, or the service's relay. */
  mailboxId?: number | null;
}

export async function insertMessage(ctx: Ctx, cardId: number, m: StoredMessage): Promise<void> {
  await ctx.sql.run(
    `INSERT INTO messages (card_id, message_id, direction, from_addr, reply_to, to_addrs, cc_addrs, sent_at,
       subject, body_text, body_html, attachments, in_reply_to, refs, raw, created_at, automatic, kind, bcc, mailbox_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      cardId,
      m.messageId,
      m.direction,
      m.from,
      m.replyTo,
      JSON.stringify(m.to),
      JSON.stringify(m.cc),
      m.date,
      m.subject,
      m.text,
      m.html,
      JSON.stringify(m.attachments),
      m.inReplyTo,
      JSON.stringify(m.references),
      m.raw ?? null,
      isoNow(ctx.now()),
      m.automatic,
      m.kind ?? null,
      m.bcc === undefined ? null : JSON.stringify(m.bcc),
      m.mailboxId ?? null,
    ],
  );
}
