/**
 * The outbox: every reply waits here, in the database, until its time
 * (`inboard serve --send-delay`), so its writer can take it back and a
 * restart neither loses it nor sends it twice. An instance sends a reply
 * only once it has claimed it (a lease, taken with one conditional UPDATE:
 * of several instances exactly one wins); a claim whose instance died runs
 * out and is taken over. Taking back is a DELETE of a row still waiting: a
 * claimed row can no longer be taken back, a taken-back row is never sent.
 *
 * Queuing is also where crossed replies are stopped (the "traffic cop"): a
 * reply that says which message its writer had read last (`Seen`) is held
 * when the thread got a message since, or another reply is waiting to go.
 */
import type { CardMessage, HeldReplyData, OutboxItem } from '../../api/schema-mail.js';
import type { CardRow, Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { HttpError, badRequest } from '../errors.js';
import { sanitize } from '../../text/sanitize.js';
import { messagesOf } from './thread.js';
import { saveFiles, type OutFile } from './sending/files.js';

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

export interface OutboxRow {
  id: number;
  card_id: number;
  board_id: number;
  user_id: number;
  by_email: string;
  body: string;
  cc: string;
  message_id: string;
  request_key: string | null;
  created_ms: number;
  send_at_ms: number;
  state: OutboxState;
  words: string;
  lease_owner: string | null;
  lease_until_ms: number;
  kind: SendKind;
  /** JSON; null on rows queued before To was kept: the customer of the message answered. */
  to_addrs: string | null;
  bcc: string;
  /** Null on rows queued before: `Re:` of the message answered. */
  subject: string | null;
  /** The Message-ID answered or forwarded; null for new mail (and rows queued before: the newest that came in). */
  answers: string | null;
  /** Filled in when it was queued; null: none. */
  signature: string | null;
}

/** What a message sent from the board is. */
export type SendKind = 'reply' | 'forward' | 'new';

/** How long a claim lasts: longer than any SMTP conversation (nodemailer's own limits are 2 min at most). */
export const CLAIM_MS = 5 * 60_000;

const strings = (json: string | null): string[] => {
  const v: unknown = json === null ? [] : JSON.parse(json);
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
};
export const ccOf = (row: Pick<OutboxRow, 'cc'>): string[] => strings(row.cc);
export const bccOf = (row: Pick<OutboxRow, 'bcc'>): string[] => strings(row.bcc);

export function outboxItem(row: OutboxRow): OutboxItem {
  return {
    Id: String(row.id),
    CardId: String(row.card_id),
    State: row.state,
    StateWords: row.words,
    By: row.by_email,
    Body: row.body,
    Cc: ccOf(row),
    ...(row.to_addrs === null ? {} : { To: strings(row.to_addrs) }),
    Bcc: bccOf(row),
    Kind: row.kind,
    MessageId: row.message_id,
    SendsAt: isoNow(row.send_at_ms),
  };
}

export async function outboxRow(ctx: Pick<Ctx, 'sql'>, id: number): Promise<OutboxRow | undefined> {
  return ctx.sql.get<OutboxRow>('SELECT * FROM outbox WHERE id = ?', [id]);
}

/** What the thread got since `seen` (a Message-ID of it), and the replies waiting to go on the card. */
async function arrivedSince(ctx: Ctx, card: CardRow, seen: string): Promise<HeldReplyData> {
  const thread = await messagesOf(ctx, card.id);
  const at = thread.findIndex((m) => m.MessageId === seen);
  if (at === -1)
    throw badRequest(
      `Seen: "${sanitize(seen).slice(0, 120)}" is not a message of card ${card.id}: send the Message-ID of the newest message of its thread you have read`,
    );
  const waiting = await ctx.sql.all<OutboxRow>(
    // A forward (to finance, say) is no answer to the customer: it holds no reply.
    "SELECT * FROM outbox WHERE card_id = ? AND state IN ('waiting', 'sending') AND kind <> 'forward' ORDER BY id",
    [card.id],
  );
  return { Arrived: thread.slice(at + 1), Waiting: waiting.map(outboxItem) };
}

const who = (m: CardMessage) => (m.Direction === 'in' ? m.From : `${m.From} (a reply sent)`);

/** The 409's words: what came, from whom, and what the writer can do; the text was kept. */
export function heldWords(held: HeldReplyData): string {
  const parts: string[] = [];
  const n = held.Arrived.length;
  if (n > 0)
    parts.push(
      `${n === 1 ? 'a new message' : `${n} new messages`} on this card since you read it (${held.Arrived.map(who).join(', ')})`,
    );
  for (const w of held.Waiting) parts.push(`${w.By} has a reply to it waiting to go (at ${w.SendsAt})`);
  return `Reply held, nothing was sent: ${parts.join('; ')}. Read what came, then send anyway (SendAnyway: true), edit it or keep it as a draft.`;
}

/** What is sent, decided when it is queued. */
export interface Draft {
  kind: SendKind;
  /** What its writer wrote (a forward's note), without the signature. */
  body: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** The Message-ID answered or forwarded; null for new mail. */
  answers: string | null;
  signature: string | null;
  files: readonly OutFile[];
}

export interface QueueInput extends Draft {
  seen: string | undefined;
  sendAnyway: boolean;
  messageId: string;
  requestKey: string | null;
  /** A claim taken at once by whoever sends it now (a delay of 0), else null: the worker's, when due. */
  claimedBy: string | null;
}

/**
 * Queues a reply, inside the caller's write transaction, after the traffic
 * cop: serialised per card, so of two replies written from the same read
 * only the first is queued.
 */
export async function queueReply(
  ctx: Ctx,
  card: CardRow,
  by: { userId: number; email: string },
  q: QueueInput,
  delayMs: number,
): Promise<OutboxRow> {
  await ctx.sql.lock(`reply:${card.id}`);
  if (q.seen !== undefined && !q.sendAnyway) {
    const held = await arrivedSince(ctx, card, q.seen);
    if (held.Arrived.length > 0 || held.Waiting.length > 0) throw new HttpError(409, heldWords(held), {}, held);
  }
  const now = ctx.now();
  await ctx.sql.run(
    `INSERT INTO outbox (card_id, board_id, user_id, by_email, body, cc, message_id, request_key, created_ms,
       send_at_ms, state, lease_owner, lease_until_ms, kind, to_addrs, bcc, subject, answers, signature)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      card.id,
      card.board_id,
      by.userId,
      by.email,
      q.body,
      JSON.stringify(q.cc),
      q.messageId,
      q.requestKey,
      now,
      now + delayMs,
      q.claimedBy === null ? 'waiting' : 'sending',
      q.claimedBy,
      q.claimedBy === null ? 0 : now + CLAIM_MS,
      q.kind,
      JSON.stringify(q.to),
      JSON.stringify(q.bcc),
      q.subject,
      q.answers,
      q.signature,
    ],
  );
  const row = await ctx.sql.get<OutboxRow>('SELECT * FROM outbox WHERE message_id = ? AND card_id = ?', [
    q.messageId,
    card.id,
  ]);
  if (row === undefined) throw new Error('outbox: the queued reply is not there');
  await saveFiles(ctx.sql, row.id, q.files);
  return row;
}

/** Rows due now, or whose claim ran out (an instance died sending them). */
export async function dueRows(ctx: Pick<Ctx, 'sql'>, nowMs: number, limit = 20): Promise<OutboxRow[]> {
  return ctx.sql.all<OutboxRow>(
    `SELECT * FROM outbox WHERE (state = 'waiting' AND send_at_ms <= ?) OR (state = 'sending' AND lease_until_ms < ?)
     ORDER BY send_at_ms, id LIMIT ${limit}`,
    [nowMs, nowMs],
  );
}

/** Claims a due row for `owner`: one conditional UPDATE, so one instance of many wins it. */
export async function claim(ctx: Pick<Ctx, 'sql'>, id: number, owner: string, nowMs: number): Promise<boolean> {
  const n = await ctx.sql.run(
    `UPDATE outbox SET state = 'sending', lease_owner = ?, lease_until_ms = ?
     WHERE id = ? AND ((state = 'waiting' AND send_at_ms <= ?) OR (state = 'sending' AND lease_until_ms < ?))`,
    [owner, nowMs + CLAIM_MS, id, nowMs, nowMs],
  );
  return n > 0;
}

/** The relay said no: kept with its words, never tried again by itself. */
export async function markFailed(ctx: Pick<Ctx, 'sql'>, id: number, owner: string, words: string): Promise<void> {
  await ctx.sql.run(
    "UPDATE outbox SET state = 'failed', words = ?, lease_owner = NULL, lease_until_ms = 0 WHERE id = ? AND lease_owner = ?",
    [words, id, owner],
  );
}

/** A claim handed back unused (the send never began): due again at once. */
export async function unclaim(ctx: Pick<Ctx, 'sql'>, id: number, owner: string): Promise<void> {
  await ctx.sql.run(
    "UPDATE outbox SET state = 'waiting', lease_owner = NULL, lease_until_ms = 0 WHERE id = ? AND lease_owner = ?",
    [id, owner],
  );
}

/**
 * Takes a reply back (inside a write transaction): only its writer, only
 * while it waits. Resolves to the row as it was; a row past waiting is
 * refused in words.
 */
export async function takeBack(ctx: Ctx, id: number, userId: number): Promise<OutboxRow> {
  const row = await outboxRow(ctx, id);
  if (row === undefined) throw new HttpError(404, `No reply ${id} in the outbox`);
  if (row.user_id !== userId)
    throw new HttpError(403, `Reply ${id} is ${row.by_email}'s: only its writer can take it back`);
  if (row.state === 'sent')
    throw new HttpError(409, `Reply ${id} was sent already: an email once sent cannot be called back`);
  if (row.state === 'sending')
    throw new HttpError(409, `Reply ${id} is being sent right now: too late to take it back`);
  const n = await ctx.sql.run("DELETE FROM outbox WHERE id = ? AND state IN ('waiting', 'failed')", [id]);
  if (n === 0) throw new HttpError(409, `Reply ${id} is being sent right now: too late to take it back`);
  // New mail taken back leaves no empty card behind: the card was made for it.
  if (row.kind === 'new') await dropEmptyCard(ctx, row.card_id);
  return row;
}

/** A card made for new mail that never left (taken back, refused): gone, as if never made — unless someone wrote on it meanwhile. */
export async function dropEmptyCard(ctx: Pick<Ctx, 'sql'>, cardId: number): Promise<void> {
  await ctx.sql.run(
    `DELETE FROM cards WHERE id = ? AND NOT EXISTS (SELECT 1 FROM messages WHERE card_id = ?)
       AND NOT EXISTS (SELECT 1 FROM outbox WHERE card_id = ?) AND NOT EXISTS (SELECT 1 FROM notes WHERE card_id = ?)
       AND NOT EXISTS (SELECT 1 FROM comments WHERE card_id = ?)`,
    [cardId, cardId, cardId, cardId, cardId],
  );
}
