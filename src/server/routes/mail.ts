/**
 * The email behind a card (extensions, README › Extensions and docs/api.md):
 * the thread (`GET /v2/card/:id/messages`), a reply sent through the
 * configured SMTP relay (`POST /v2/card/:id/reply`), and mail delivered to a
 * board (`POST /v2/mail/inbound`, what `inboard mail-in` sends), which the
 * service threads onto the card of the message it answers.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { CardPath } from '../../api/schema.js';
import {
  InboundMailBody,
  type InboundMailData,
  MAIL_LIMITS,
  ReplyBody,
  type ReplyData,
} from '../../api/schema-mail.js';
import { boardFor, cardFor, columnOn, params, principal, write, type Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { HttpError, badRequest, okEnvelope, parse } from '../errors.js';
import { checkVersion, ifMatchOf } from '../if-match.js';
import { touchCard } from '../versions.js';
import { readMail, UnreadableMail } from '../mail/read-mail.js';
import { addressOf, replySubject, sendMail, type MailSettings } from '../mail/smtp.js';
import { deliver } from '../mail/deliver.js';
import { senderForBoard } from '../mail/imap/outgoing.js';
import type { SecretBox } from '../secrets.js';
import { insertMessage, lastInbound, messagesOf } from '../mail/thread.js';
import { z } from 'zod';

/**
 * Base64 of twice the largest message: a message somewhat over the limit
 * still arrives, to be refused with its size in words (413 either way).
 */
const INBOUND_BODY_LIMIT = Math.ceil((MAIL_LIMITS.messageBytes * 2 * 4) / 3);
const MIB = 1024 * 1024;
const NoParams = z.strictObject({});

/** References kept on a reply: the newest, as mail programs trim long chains. */
const MAX_REFERENCES = 30;

/** The domain our Message-IDs carry: the From address's. */
const domainOf = (from: string) => addressOf(from).split('@')[1] ?? 'inboard.invalid';

/** What the reply route needs of the board's mailboxes: the key their passwords are sealed with. */
export interface MailboxAccess {
  secrets: SecretBox | undefined;
  log?: ((line: string) => void) | undefined;
}

export function mailRoutes(
  app: FastifyInstance,
  ctx: Ctx,
  relay: MailSettings | undefined,
  mailboxes: MailboxAccess,
): void {
  app.get('/v2/card/:cardId/messages', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const card = await cardFor(ctx, principal(req), cardId, false);
    return okEnvelope(await messagesOf(ctx, card.id));
  });

  app.post('/v2/card/:cardId/reply', async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(ReplyBody, req.body ?? {});
    const p = principal(req);
    const card = await cardFor(ctx, p, cardId, true);
    // A stale If-Match is refused before anything leaves: mail sent can't be taken back.
    const ifMatch = ifMatchOf(req);
    // A retry of a reply already sent is answered from the record, not sent again.
    const before = await ctx.idempotency.answered(req, p.keyId, ctx.now());
    if (before !== undefined) {
      return reply.code(before.status).header('idempotent-replayed', 'true').type('application/json').send(before.body);
    }
    checkVersion(card.id, Number(card.version), ifMatch);
    // The board's own mailbox first (its SMTP, its address, its Sent folder); else the service's relay.
    const sender = await senderForBoard(ctx.sql, mailboxes.secrets, card.board_id);
    const mail = sender?.settings ?? relay;
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
    const to = [parent.ReplyTo ?? parent.From];
    const cc = body.Cc ?? [];
    const subject = replySubject(parent.Subject || card.title);
    const messageId = `<${randomUUID()}@${domainOf(mail.from)}>`;
    const references = [...parent.References.filter((r) => r !== parent.MessageId), parent.MessageId].slice(
      -MAX_REFERENCES,
    );
    const date = new Date(ctx.now());
    const raw = await sendMail(
      mail,
      { to, cc, subject, text: body.Body, messageId, inReplyTo: parent.MessageId, references, date },
      sender?.target,
    );
    // The Sent copy is a courtesy to teammates reading the mailbox elsewhere: the reply is sent either way.
    sender?.copyToSent(raw, messageId).then(
      (words) => mailboxes.log?.(`mailbox ${sender.mailboxId}: reply ${messageId}: ${words}`),
      (e: unknown) =>
        mailboxes.log?.(
          `mailbox ${sender.mailboxId}: reply ${messageId} sent, but no copy in Sent: ${e instanceof Error ? e.message : String(e)}`,
        ),
    );
    // Recorded only once the relay took it: a refusal above leaves no trace of a sent reply.
    return write(ctx, req, reply, async (_p, changed, ctx) => {
      // Sent already: recorded whatever the version is now.
      await touchCard({ ...ctx, ifMatch: undefined }, card.id);
      changed(card.board_id, card.id, 'message');
      await insertMessage(ctx, card.id, {
        messageId,
        direction: 'out',
        from: mail.from,
        replyTo: null,
        to,
        cc,
        date: date.toISOString(),
        subject,
        text: body.Body,
        html: null,
        attachments: [],
        inReplyTo: parent.MessageId,
        references,
        automatic: null,
      });
      const data: ReplyData = {
        CardId: String(card.id),
        MessageId: messageId,
        To: to,
        Cc: cc,
        Subject: subject,
        Date: date.toISOString(),
      };
      return okEnvelope(data, `Reply sent to ${to.join(', ')}`);
    });
  });

  app.post('/v2/mail/inbound', { bodyLimit: INBOUND_BODY_LIMIT }, async (req, reply) => {
    const body = parse(InboundMailBody, req.body ?? {});
    const raw = Buffer.from(body.Message, 'base64');
    if (raw.length > MAIL_LIMITS.messageBytes) {
      throw new HttpError(
        413,
        `Message: ${(raw.length / MIB).toFixed(1)} MiB is larger than the limit of ${MAIL_LIMITS.messageBytes / MIB} MiB for one message`,
      );
    }
    const p = principal(req);
    // Refused before the message is read: a board the key cannot see, or a column not on it, is no place to deliver to.
    await boardFor(ctx, p, body.BoardId);
    if (body.ColumnId !== undefined) await columnOn(ctx, body.BoardId, body.ColumnId, 'ColumnId');
    let m;
    try {
      m = await readMail(raw, isoNow(ctx.now()));
    } catch (e) {
      if (e instanceof UnreadableMail) throw badRequest(`Message: ${e.message}`);
      throw e;
    }
    return write(ctx, req, reply, async (_p, changed, ctx) => {
      const d = await deliver(ctx, p, changed, m, raw, {
        boardId: body.BoardId,
        columnId: body.ColumnId,
        sameId: 'message-id',
      });
      return okEnvelope(
        {
          CardId: String(d.cardId),
          MessageId: m.messageId,
          NewCard: d.newCard,
          Duplicate: d.duplicate,
        } satisfies InboundMailData,
        d.duplicate ? 'Already delivered' : d.newCard ? 'Card created' : 'Added to the card',
      );
    });
  });
}
