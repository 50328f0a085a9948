/**
 * `reply:SAVED`: an acknowledgement, the board's saved reply filled for the
 * card, queued in the outbox (each instance's worker sends it) — never to
 * automatic mail (an auto-reply answered by one is how mail loops start),
 * and at most once per sender a day. What it sends carries
 * `Auto-Submitted: auto-replied` (RFC 3834): send-reply.ts asks acks.ts.
 */
import type { Ctx, CardRow } from '../context.js';
import type { InboundMessage } from '../mail/read-mail.js';
import { queueReply } from '../mail/outbox.js';
import { newMessageId } from '../mail/send-reply.js';
import { replySubject } from '../mail/smtp.js';
import { fillForCard, findSavedReply } from '../replies/store.js';

const bare = (a: string) => (/<([^<>]+)>\s*$/.exec(a)?.[1] ?? a).trim().toLowerCase();

/** Sends the acknowledgement, or says why not, in words for the card's history. */
export async function acknowledge(
  ctx: Ctx,
  boardId: number,
  cardId: number,
  saved: string,
  m: InboundMessage,
): Promise<string> {
  if (m.automatic !== null) return `sent no acknowledgement: automatic mail (${m.automatic})`;
  const reply = await findSavedReply(ctx.sql, boardId, saved);
  if (reply === undefined) return `sent no acknowledgement: the board has no saved reply ${saved}`;
  const to = m.replyTo ?? m.from;
  const sender = bare(to);
  const day = new Date(ctx.now()).toISOString().slice(0, 10);
  const messageId = newMessageId(m.to[0] ?? 'inboard.invalid');
  const first = await ctx.sql.run(
    `INSERT INTO rule_acks (board_id, sender, day, message_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (board_id, sender, day) DO NOTHING`,
    [boardId, sender, day, messageId],
  );
  if (first === 0) return `sent no acknowledgement: ${sender} had one today`;
  const owner = await ctx.sql.get<{ id: number; email: string }>(
    'SELECT u.id, u.email FROM boards b JOIN users u ON u.id = b.owner_id WHERE b.id = ?',
    [boardId],
  );
  const card = (await ctx.sql.get<CardRow>('SELECT * FROM cards WHERE id = ?', [cardId])) as CardRow;
  const filled = await fillForCard(ctx.sql, cardId, Number(owner?.id), reply.text);
  await queueReply(
    ctx,
    card,
    { userId: Number(owner?.id), email: owner?.email ?? '' },
    {
      kind: 'reply',
      body: filled.text,
      to: [to],
      cc: [],
      bcc: [],
      subject: replySubject(m.subject),
      answers: m.messageId,
      signature: null,
      files: [],
      seen: undefined,
      sendAnyway: false,
      messageId,
      requestKey: null,
      claimedBy: null,
    },
    0,
  );
  return `acknowledged with ${reply.name}`;
}
