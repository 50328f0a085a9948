/**
 * A reply, a forward or new mail decided from its request, before anything
 * is queued: whom it goes to (reply to all by default), from which mailbox,
 * its subject, its signature filled in, its files read and checked. Every
 * refusal here is in words and leaves nothing behind.
 */
import { LIMITS } from '../../../api/schema.js';
import type { z } from 'zod';
import type { ComposeBody, ForwardBody, ReplyBody } from '../../../api/schema-mail.js';
import { sanitize } from '../../../text/sanitize.js';
import type { Principal } from '../../auth.js';
import { boardFor, columnOn, type CardRow, type Ctx } from '../../context.js';
import { isoNow } from '../../db.js';
import { HttpError, badRequest } from '../../errors.js';
import { topPosition } from '../../positions.js';
import { firstColumn } from '../deliver.js';
import type { Dispatched, Sending } from './dispatch.js';
import { fromFor, messageAnswered, mailboxOfThread, sendRoute } from '../send-reply.js';
import { replySubject } from '../smtp.js';
import { lastInbound, messageOn, rawOf } from '../thread.js';
import { decodeFiles, filesOfRaw } from './files.js';
import { forwardSubject } from './forward.js';
import { chosenRecipients, replyTargets, teamAddresses, without } from './recipients.js';
import { signatureFor } from './signature.js';

/** Whom a reply to the card goes to by default, from where, about what. */
export async function replyDefaults(s: Sending, card: CardRow) {
  const { ctx } = s;
  // Refused first when there is no way out at all: that is what to fix.
  await fromFor(ctx, s.mail, card.board_id, null);
  const parent = await messageAnswered(ctx, card.id);
  const mailbox = await mailboxOfThread(ctx, card.id, parent.MessageId);
  const team = await teamAddresses(ctx.sql, s.mail.relay, card.board_id);
  return {
    parent,
    mailbox,
    from: await fromFor(ctx, s.mail, card.board_id, mailbox),
    targets: replyTargets(parent, team),
    subject: replySubject(parent.Subject),
  };
}

export async function replyDraft(
  s: Sending,
  p: Principal,
  card: CardRow,
  body: z.output<typeof ReplyBody>,
): Promise<Dispatched> {
  const { ctx } = s;
  const board = await boardFor(ctx, p, card.board_id);
  const d = await replyDefaults(s, card);
  const { to, cc } = chosenRecipients(d.targets, { To: body.To, Cc: body.Cc });
  if (to.length === 0)
    throw badRequest(
      `To: the message answered was sent to no one outside the team; say whom this reply is for. Nothing was sent.`,
    );
  const route = await sendRoute(ctx, s.mail, card.board_id, d.mailbox);
  const signature = await signatureFor(ctx.sql, p, board, body.Signature);
  const files = await decodeFiles(body.Attachments);
  return {
    from: route.mail.from,
    seen: body.Seen,
    sendAnyway: body.SendAnyway,
    card: () => Promise.resolve(card),
    draft: {
      kind: 'reply',
      body: body.Body,
      to,
      cc,
      bcc: without(body.Bcc ?? [], new Set()),
      subject: d.subject,
      answers: d.parent.MessageId,
      signature,
      files,
    },
  };
}

export async function forwardDraft(
  s: Sending,
  p: Principal,
  card: CardRow,
  body: z.output<typeof ForwardBody>,
): Promise<Dispatched> {
  const { ctx } = s;
  const board = await boardFor(ctx, p, card.board_id);
  const original =
    body.MessageId === undefined ? await lastInbound(ctx, card.id) : await messageOn(ctx, card.id, body.MessageId);
  if (original === undefined) {
    if (body.MessageId !== undefined)
      throw badRequest(
        `MessageId: "${sanitize(body.MessageId).slice(0, 120)}" is not a message of card ${card.id}: send the Message-ID of one of its thread's messages`,
      );
    throw new HttpError(409, `Card ${card.id} has no email to forward: no message came in on it. Nothing was sent.`);
  }
  const route = await sendRoute(ctx, s.mail, card.board_id, await mailboxOfThread(ctx, card.id, original.MessageId));
  const own = await filesOfRaw(await rawOf(ctx, card.id, original.MessageId));
  const added = await decodeFiles(
    body.Attachments,
    own.reduce((n, f) => n + f.content.length, 0),
  );
  const to = without(body.To, new Set());
  return {
    from: route.mail.from,
    card: () => Promise.resolve(card),
    draft: {
      kind: 'forward',
      body: body.Body ?? '',
      to,
      cc: without(body.Cc ?? [], new Set(to.map((a) => a.toLowerCase()))),
      bcc: without(body.Bcc ?? [], new Set()),
      subject: forwardSubject(original.Subject),
      answers: original.MessageId,
      signature: await signatureFor(ctx.sql, p, board, body.Signature),
      files: [...own, ...added],
    },
  };
}

export async function composeDraft(
  s: Sending,
  p: Principal,
  boardId: number,
  body: z.output<typeof ComposeBody>,
): Promise<Dispatched> {
  const { ctx } = s;
  const board = await boardFor(ctx, p, boardId);
  if (body.ColumnId !== undefined) await columnOn(ctx, board.id, body.ColumnId, 'ColumnId');
  // New mail leaves from the board's first mailbox that sends, else the relay.
  const route = await sendRoute(ctx, s.mail, board.id, null);
  const files = await decodeFiles(body.Attachments);
  const to = without(body.To, new Set());
  const subject = body.Subject;
  return {
    from: route.mail.from,
    card: async (ctx: Ctx, changed) => {
      const col = body.ColumnId ?? (await firstColumn(ctx, board.id));
      const title = Array.from(subject.replace(/\s+/g, ' ')).slice(0, LIMITS.cardTitle).join('');
      const position = await topPosition(ctx.sql, col);
      const row = await ctx.sql.get<CardRow>(
        `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, position, created_at)
         VALUES (?, ?, ?, 1, ?, ?, ?) RETURNING *`,
        [board.id, col, title, p.email, position, isoNow(ctx.now())],
      );
      if (row === undefined) throw new Error('compose: the new card is not there');
      changed(board.id, Number(row.id), 'card-created');
      return row;
    },
    draft: {
      kind: 'new',
      body: body.Body,
      to,
      cc: without(body.Cc ?? [], new Set(to.map((a) => a.toLowerCase()))),
      bcc: without(body.Bcc ?? [], new Set()),
      subject,
      answers: null,
      signature: await signatureFor(ctx.sql, p, board, body.Signature),
      files,
    },
  };
}
