/**
 * Messages fetched from a mailbox, imported in one write transaction with
 * the mailbox's UID cursor: either all of them and the cursor, or nothing —
 * so a crash (kill -9 included) imports nothing twice and skips nothing.
 * Each message is known by what it is (a hash of its bytes, per mailbox):
 * seen again (a second watcher overlapping, a new UIDVALIDITY re-read) it is
 * passed over. Mail inboard sent itself (its Sent copy, a Cc to the
 * mailbox) is recognised by its Message-ID and never becomes a message twice.
 */
import { createHash } from 'node:crypto';
import { MAIL_LIMITS } from '../../../api/schema-mail.js';
import type { Principal } from '../../auth.js';
import type { Ctx } from '../../context.js';
import { isoNow } from '../../db.js';
import { deliver } from '../deliver.js';
import { readMail, UnreadableMail, type InboundMessage } from '../read-mail.js';
import type { MailboxRow } from './mailbox-store.js';

export interface Fetched {
  uid: number;
  raw: Buffer;
  /** The whole message's size on the server; more than raw's when only its start was fetched. */
  size: number;
  /** When the server received it (INTERNALDATE). */
  arrived: Date | undefined;
}

export type Outcome = 'imported' | 'echo' | 'duplicate' | 'seen-before' | 'unreadable';

export interface ImportedOne {
  uid: number;
  outcome: Outcome;
  cardId: number | null;
}

const MIB = 1024 * 1024;
/** How much of an oversized message is kept: its headers and the start of its text. */
export const OVERSIZED_KEEP_BYTES = 2 * MIB;

const fingerprint = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

/** The header section as text, for a message that could not be read as mail. */
function headerText(raw: Buffer): string {
  const text = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  return (end === -1 ? text : text.slice(0, end)).slice(0, 16 * 1024);
}

function unreadable(f: Fetched, why: string, nowIso: string): InboundMessage {
  const head = headerText(f.raw);
  const header = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim();
  return {
    messageId: `<${fingerprint(f.raw).slice(0, 40)}@unreadable.inboard.invalid>`,
    from: header('From') || 'unknown sender',
    replyTo: null,
    to: [],
    cc: [],
    date: f.arrived?.toISOString() ?? nowIso,
    subject: `Unreadable message${header('Subject') ? `: ${header('Subject')}` : ''}`,
    text: `inboard could not read this message (IMAP UID ${f.uid}): ${why}. It is kept as it arrived; its headers were:\n\n${head}`,
    html: null,
    attachments: [],
    inReplyTo: null,
    references: [],
    automatic: null,
  };
}

/** Reads one fetched message; never throws for what a sender wrote. */
export async function readFetched(f: Fetched, nowIso: string): Promise<InboundMessage> {
  let m: InboundMessage;
  try {
    m = await readMail(f.raw, nowIso);
  } catch (e) {
    if (e instanceof UnreadableMail) return unreadable(f, e.message, nowIso);
    throw e;
  }
  // Never dated after it arrived: a sender's clock set ahead must not jump the queue.
  if (f.arrived !== undefined && Date.parse(m.date) > f.arrived.getTime()) m = { ...m, date: f.arrived.toISOString() };
  if (f.size > f.raw.length) {
    const note =
      `[inboard: this message is ${(f.size / MIB).toFixed(1)} MiB, over the limit of ${MAIL_LIMITS.messageBytes / MIB} MiB for one message. ` +
      `Its headers and the start of its text (the first ${OVERSIZED_KEEP_BYTES / MIB} MiB) were kept; its attachments and the rest were left out. The whole message is still in the mailbox.]`;
    m = { ...m, text: `${m.text.trimEnd()}\n\n${note}`, html: null, attachments: [] };
  }
  return m;
}

/** The board owner acts for mail the mailbox brings in. */
export interface ImportTarget {
  mailbox: MailboxRow;
  owner: Principal;
}

/**
 * Imports `batch` (in UID order) and moves the cursor past the last one, in
 * one transaction. Returns null, importing nothing, when the mailbox was
 * removed or its cursor moved under another UIDVALIDITY meanwhile.
 */
export async function importBatch(
  ctx: Ctx,
  t: ImportTarget,
  uidValidity: string,
  batch: readonly Fetched[],
): Promise<ImportedOne[] | null> {
  if (batch.length === 0) return [];
  const nowIso = isoNow(ctx.now());
  const read = await Promise.all(batch.map((f) => readFetched(f, nowIso)));
  const id = t.mailbox.id;
  try {
    return await ctx.db.tx(async (sql) => {
      const inTx: Ctx = { ...ctx, sql, touched: new Map() };
      const cursor = await sql.get<{ uid_validity: string | null }>('SELECT uid_validity FROM mailboxes WHERE id = ?', [
        id,
      ]);
      if (cursor === undefined || cursor.uid_validity !== uidValidity) return null;
      const changes = ctx.changes.recorder(sql, t.owner, ctx.now());
      const out: ImportedOne[] = [];
      let imported = 0;
      let lastAt: string | null = null;
      for (const [i, f] of batch.entries()) {
        const m = read[i] as InboundMessage;
        const fp = fingerprint(f.raw);
        const fresh = await sql.run(
          `INSERT INTO mailbox_messages (mailbox_id, fingerprint, uid, outcome, created_at) VALUES (?, ?, ?, 'pending', ?)
           ON CONFLICT (mailbox_id, fingerprint) DO NOTHING`,
          [id, fp, f.uid, nowIso],
        );
        if (fresh === 0) {
          out.push({ uid: f.uid, outcome: 'seen-before', cardId: null });
          continue;
        }
        const ours = await sql.get<{ card_id: number }>(
          `SELECT m.card_id FROM messages m JOIN cards c ON c.id = m.card_id
           WHERE m.message_id = ? AND m.direction = 'out' AND c.board_id = ?`,
          [m.messageId, t.mailbox.board_id],
        );
        let one: ImportedOne;
        if (ours !== undefined) {
          one = { uid: f.uid, outcome: 'echo', cardId: Number(ours.card_id) };
        } else {
          const d = await deliver(inTx, t.owner, changes.record, m, f.raw, {
            boardId: t.mailbox.board_id,
            columnId: t.mailbox.column_id ?? undefined,
            sameId: 'content',
            mailboxId: id,
          });
          const outcome: Outcome = d.duplicate
            ? 'duplicate'
            : m.messageId.endsWith('@unreadable.inboard.invalid>')
              ? 'unreadable'
              : 'imported';
          one = { uid: f.uid, outcome, cardId: d.cardId };
          if (!d.duplicate) {
            imported++;
            lastAt = nowIso;
          }
        }
        await sql.run('UPDATE mailbox_messages SET outcome = ?, card_id = ? WHERE mailbox_id = ? AND fingerprint = ?', [
          one.outcome,
          one.cardId,
          id,
          fp,
        ]);
        out.push(one);
      }
      const last = batch[batch.length - 1]?.uid ?? 0;
      await sql.run(
        `UPDATE mailboxes SET last_uid = CASE WHEN last_uid < ? THEN ? ELSE last_uid END,
           imported = imported + ?, last_message_at = COALESCE(?, last_message_at) WHERE id = ?`,
        [last, last, imported, lastAt, id],
      );
      await changes.flush();
      return out;
    });
  } finally {
    ctx.pages.bump();
    ctx.feed.nudge();
  }
}

/**
 * A new UIDVALIDITY (or the first connection): the cursor starts over at
 * UID 0 under it. Messages already imported are known by their bytes, so
 * re-reading the folder doubles nothing.
 */
export async function resetCursor(ctx: Ctx, mailboxId: number, uidValidity: string): Promise<void> {
  await ctx.db.run('UPDATE mailboxes SET uid_validity = ?, last_uid = 0 WHERE id = ?', [uidValidity, mailboxId]);
}
