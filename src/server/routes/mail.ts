/**
 * The email behind a card (extensions, README › Extensions and docs/api.md):
 * the thread (`GET /v2/card/:id/messages`), a reply (`POST /v2/card/:id/reply`;
 * forwards, new mail and signatures are mail/sending/routes.ts), the outbox, and mail delivered to a
 * board (`POST /v2/mail/inbound`, what `inboard mail-in` sends), which the
 * service threads onto the card of the message it answers.
 */
import type { FastifyInstance } from 'fastify';
import { CardPath } from '../../api/schema.js';
import { InboundMailBody, type InboundMailData, MAIL_LIMITS, ReplyBody } from '../../api/schema-mail.js';
import { boardFor, cardFor, columnOn, params, principal, write, type Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { HttpError, badRequest, okEnvelope, parse } from '../errors.js';
import { checkVersion, ifMatchOf } from '../if-match.js';
import { readMail, UnreadableMail } from '../mail/read-mail.js';
import { deliver } from '../mail/deliver.js';
import { outboxItem, outboxRow, takeBack } from '../mail/outbox.js';
import type { ReplyMail } from '../mail/send-reply.js';
import { dispatch, replayed, type Sending } from '../mail/sending/dispatch.js';
import { replyDraft } from '../mail/sending/drafts.js';
import { SEND_BODY_LIMIT, sendingRoutes } from '../mail/sending/routes.js';
import { messagesOf } from '../mail/thread.js';
import { z } from 'zod';

/**
 * Base64 of twice the largest message: a message somewhat over the limit
 * still arrives, to be refused with its size in words (413 either way).
 */
const INBOUND_BODY_LIMIT = Math.ceil((MAIL_LIMITS.messageBytes * 2 * 4) / 3);
const MIB = 1024 * 1024;
const NoParams = z.strictObject({});

const OutboxPath = z.strictObject({ outboxId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export function mailRoutes(app: FastifyInstance, ctx: Ctx, mailboxes: ReplyMail, outbox: { delayMs: number }): void {
  const sending: Sending = { ctx, mail: mailboxes, delayMs: outbox.delayMs };
  sendingRoutes(app, sending);
  app.get('/v2/card/:cardId/messages', async (req) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const card = await cardFor(ctx, principal(req), cardId, false);
    return okEnvelope(await messagesOf(ctx, card.id));
  });

  app.post('/v2/card/:cardId/reply', { bodyLimit: SEND_BODY_LIMIT }, async (req, reply) => {
    const { cardId } = parse(CardPath, req.params, 'path');
    const body = parse(ReplyBody, req.body ?? {});
    const p = principal(req);
    const card = await cardFor(ctx, p, cardId, true);
    // A stale If-Match is refused before anything leaves: mail sent can't be taken back.
    const ifMatch = ifMatchOf(req);
    // A retry of a reply already sent or queued is answered from the record, not sent again.
    const again = await replayed(sending, req, reply, p);
    if (again !== undefined) return again;
    checkVersion(card.id, Number(card.version), ifMatch);
    // Refused in words before anything is queued: no way out for this board's mail, no one to answer, a bad file.
    return dispatch(sending, req, reply, p, await replyDraft(sending, p, card, body));
  });

  app.get('/v2/outbox/:outboxId', async (req) => {
    const { outboxId } = parse(OutboxPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const row = await outboxRow(ctx, outboxId);
    if (row === undefined) throw new HttpError(404, `No reply ${outboxId} in the outbox (taken back, or never there)`);
    // Only on a board the key can see.
    await cardFor(ctx, principal(req), row.card_id, false);
    return okEnvelope(outboxItem(row));
  });

  app.delete('/v2/outbox/:outboxId', async (req, reply) => {
    const { outboxId } = parse(OutboxPath, req.params, 'path');
    parse(NoParams, params(req), 'query');
    const p = principal(req);
    const row = await outboxRow(ctx, outboxId);
    if (row === undefined) throw new HttpError(404, `No reply ${outboxId} in the outbox (taken back, or never there)`);
    await cardFor(ctx, p, row.card_id, false);
    return write(ctx, req, reply, async (_p, changed, ctx) => {
      const was = await takeBack(ctx, outboxId, p.userId);
      changed(was.board_id, was.card_id, 'message');
      return okEnvelope(outboxItem(was), 'Reply taken back: nothing was sent');
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
