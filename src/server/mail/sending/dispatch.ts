/**
 * What the reply, forward and compose routes share once a message is
 * decided: a retry answered from the record, then either held in the outbox
 * for the send delay (the worker sends it; `DELETE /v2/outbox/:id` takes it
 * back) or queued claimed by this request, sent at once through
 * send-reply.ts and recorded — nothing recorded as sent when SMTP refuses.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ReplyData } from '../../../api/schema-mail.js';
import type { Principal } from '../../auth.js';
import type { Changed } from '../../changes.js';
import { write, type CardRow, type Ctx } from '../../context.js';
import { isoNow } from '../../db.js';
import { okEnvelope } from '../../errors.js';
import { dropEmptyCard, queueReply, type Draft, type OutboxRow } from '../outbox.js';
import { newMessageId, recordSent, transmit, type ReplyMail } from '../send-reply.js';
import { listed } from './files.js';

export interface Sending {
  ctx: Ctx;
  mail: ReplyMail;
  delayMs: number;
}

export interface Dispatched {
  draft: Draft;
  from: string;
  /** The reply's traffic check (`Seen`, `SendAnyway`); absent for a forward and new mail. */
  seen?: string | undefined;
  sendAnyway?: boolean;
  /**
   * The card it goes on, inside the queuing transaction: the card answered,
   * or (new mail) one made for it, its creation recorded with `changed`.
   */
  card: (ctx: Ctx, changed: Changed) => Promise<CardRow>;
}

const WHAT = { reply: 'Reply', forward: 'Forward', new: 'New mail' } as const;

/** A retry of a request already answered (Idempotency-Key): the stored answer, nothing sent again. */
export async function replayed(s: Sending, req: FastifyRequest, reply: FastifyReply, p: Principal) {
  const before = await s.ctx.idempotency.answered(req, p.keyId, s.ctx.now());
  if (before === undefined) return undefined;
  return reply.code(before.status).header('idempotent-replayed', 'true').type('application/json').send(before.body);
}

export async function dispatch(
  s: Sending,
  req: FastifyRequest,
  reply: FastifyReply,
  p: Principal,
  d: Dispatched,
): Promise<FastifyReply> {
  const { ctx } = s;
  const by = { userId: p.userId, email: p.email };
  const queue = (claimedBy: string | null) => ({
    ...d.draft,
    seen: d.seen,
    sendAnyway: d.sendAnyway === true,
    messageId: newMessageId(d.from),
    requestKey: null,
    claimedBy,
  });
  const what = WHAT[d.draft.kind];
  if (s.delayMs > 0) {
    return write(ctx, req, reply, async (_p, changed, ctx) => {
      const card = await d.card(ctx, changed);
      const row = await queueReply(ctx, card, by, queue(null), s.delayMs);
      if (d.draft.kind !== 'new') changed(card.board_id, card.id, 'message');
      const data: ReplyData = {
        CardId: String(card.id),
        MessageId: row.message_id,
        From: d.from,
        To: d.draft.to,
        Cc: d.draft.cc,
        Bcc: d.draft.bcc,
        Subject: d.draft.subject,
        Date: isoNow(row.send_at_ms),
        Kind: d.draft.kind,
        Attachments: listed(d.draft.files),
        OutboxId: String(row.id),
        SendsAt: isoNow(row.send_at_ms),
      };
      return okEnvelope(data, `${what} to ${data.To.join(', ')} sends at ${data.SendsAt ?? ''}`);
    });
  }
  // At once: queued claimed by this request (so the worker leaves it alone), sent, recorded.
  const owner = `route-${randomUUID()}`;
  const row: OutboxRow = await ctx.db.tx(async (sql) => {
    const inTx: Ctx = { ...ctx, sql };
    const card = await d.card(inTx, () => undefined);
    return queueReply(inTx, card, by, queue(owner), 0);
  });
  let sent;
  try {
    sent = await transmit(ctx, s.mail, row);
  } catch (e) {
    // Refused (or not sent): nothing stays queued, no card made for it stays; the caller has the words.
    await ctx.db.tx(async (sql) => {
      await sql.run('DELETE FROM outbox WHERE id = ? AND lease_owner = ?', [row.id, owner]);
      if (row.kind === 'new') await dropEmptyCard({ sql }, row.card_id);
    });
    ctx.pages.bump();
    throw e;
  }
  const t = sent;
  return write(ctx, req, reply, async (_p, changed, ctx) => {
    const data = await recordSent(ctx, changed, row, t, row.kind === 'new' ? 'card-created' : 'message');
    const refused = t.refused.length === 0 ? '' : `; the relay refused ${t.refused.join(', ')}`;
    return okEnvelope(data, `${what} sent to ${[...data.To, ...data.Cc].join(', ')}${refused}`);
  });
}
