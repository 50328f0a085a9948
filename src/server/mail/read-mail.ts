/**
 * One raw RFC 5322 message read into what a card's thread keeps. MIME is
 * mailparser's work (imported when mail arrives, never at start-up); what is
 * decided here is what counts as mail at all: a header section first, and a
 * From address. Anything else is refused in words, and no card is made.
 */
import { createHash } from 'node:crypto';
import type { AddressObject, EmailAddress } from 'mailparser';
import type { MessageAttachment } from '../../api/schema-mail.js';
import { automaticReason } from './automatic.js';

export interface InboundMessage {
  messageId: string;
  from: string;
  replyTo: string | null;
  to: string[];
  cc: string[];
  /** ISO 8601 UTC. */
  date: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MessageAttachment[];
  inReplyTo: string | null;
  references: string[];
  /** Why a machine sent it (an auto-reply, a bounce, bulk mail), or null: automatic.ts. */
  automatic: string | null;
}

/** A message that cannot be read as mail; the message says why, for the person who sent it in. */
export class UnreadableMail extends Error {
  override readonly name = 'UnreadableMail';
}

/** A header field's first line: a name of printable characters, then a colon. */
const HEADER_FIELD = /^[!-9;-~]+[ \t]*:/;

/** The first line, past an mbox `From ` line that procmail and fetchmail may leave on. */
function firstHeaderLine(raw: Buffer): string {
  const head = raw.subarray(0, 4096).toString('latin1');
  const lines = head.split(/\r?\n/);
  return (lines[0]?.startsWith('From ') ? lines[1] : lines[0]) ?? '';
}

const display = (a: EmailAddress): string[] => {
  if (a.group !== undefined) return a.group.flatMap(display);
  if (a.address === undefined || a.address === '') return [];
  return [a.name ? `${a.name} <${a.address}>` : a.address];
};

const addresses = (v: AddressObject | AddressObject[] | undefined): string[] =>
  (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((o) => o.value.flatMap(display));

/** Message-IDs as written in References and In-Reply-To: `<…>` tokens, or bare words when a sender forgot the brackets. */
export function messageIds(v: string | string[] | undefined): string[] {
  const text = (Array.isArray(v) ? v.join(' ') : (v ?? '')).trim();
  if (text === '') return [];
  const bracketed = text.match(/<[^<>\s]+>/g);
  if (bracketed !== null) return bracketed;
  return text.split(/\s+/).map((id) => `<${id}>`);
}

export async function readMail(raw: Buffer, nowIso: string): Promise<InboundMessage> {
  if (raw.length === 0 || raw.toString('latin1').trim() === '') throw new UnreadableMail('the message is empty');
  if (!HEADER_FIELD.test(firstHeaderLine(raw))) {
    throw new UnreadableMail('this is not an email: it does not begin with header fields such as "From: …"');
  }
  const { simpleParser } = await import('mailparser');
  let mail;
  try {
    mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true, keepCidLinks: true });
  } catch (e) {
    throw new UnreadableMail(`the message could not be read as MIME: ${e instanceof Error ? e.message : String(e)}`);
  }
  const from = addresses(mail.from)[0];
  if (from === undefined) throw new UnreadableMail('the message has no From address');
  const date = mail.date !== undefined && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : nowIso;
  // Without a Message-ID the same bytes delivered twice must still be one message.
  const messageId =
    messageIds(mail.messageId)[0] ??
    `<${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@no-message-id.inboard.invalid>`;
  return {
    messageId,
    from,
    replyTo: addresses(mail.replyTo)[0] ?? null,
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    date,
    subject: (mail.subject ?? '').trim(),
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : null,
    attachments: mail.attachments.map((a) => ({
      Name: a.filename ?? '(unnamed)',
      Size: a.size ?? a.content.length,
      ContentType: a.contentType,
    })),
    inReplyTo: messageIds(mail.inReplyTo)[0] ?? null,
    references: messageIds(mail.references),
    automatic: automaticReason(mail.headers, /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from),
  };
}
