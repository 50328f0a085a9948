/**
 * One message delivered to a board, inside the caller's write transaction:
 * threaded onto the card it answers (In-Reply-To, References), else a new
 * card in the column asked for (the board's first by default); then the
 * board's rules run on it (rules/run.ts). Used by `POST /v2/mail/inbound`
 * (mail-in) and by the mailbox watcher (imap/).
 */
import { LIMITS } from '../../api/schema.js';
import type { Principal } from '../auth.js';
import type { Changed } from '../changes.js';
import { boardFor, columnOn, type Ctx } from '../context.js';
import { isoNow } from '../db.js';
import { HttpError } from '../errors.js';
import { topPosition } from '../positions.js';
import { touchCard } from '../versions.js';
import { wakeOnAnswer } from '../waiting/snooze.js';
import { runRules } from '../rules/run.js';
import type { InboundMessage } from './read-mail.js';
import { cardAnswered, hasMessage, insertMessage } from './thread.js';

export interface Delivered {
  cardId: number;
  newCard: boolean;
  /** This message was on the board already: nothing was added. */
  duplicate: boolean;
}

export interface DeliverOptions {
  boardId: number;
  columnId?: number | undefined;
  /**
   * How a Message-ID already on the board is judged. 'message-id' (mail-in,
   * where an MTA retries): the same id is the same message. 'content' (a
   * mailbox, which knows each message by its bytes already): the same id with
   * a different sender, subject or text is a different message, imported on
   * a card of its own — senders do reuse ids.
   */
  sameId: 'message-id' | 'content';
  /** The mailbox it came in through (its thread is answered from there); absent: mail-in. */
  mailboxId?: number | undefined;
}

export async function firstColumn(ctx: Ctx, boardId: number): Promise<number> {
  const row = await ctx.sql.get<{ id: number }>(
    'SELECT id FROM columns WHERE board_id = ? ORDER BY position, id LIMIT 1',
    [boardId],
  );
  const id = row?.id;
  if (id === undefined) throw new HttpError(409, `Board ${boardId} has no column to put mail in: add a column first`);
  return Number(id);
}

interface Twin {
  card_id: number;
  from_addr: string;
  subject: string;
  body_text: string;
}

/** The message with this id on the board, when it is this same message (or, judged by id, any). */
async function sameMessage(ctx: Ctx, boardId: number, m: InboundMessage, how: DeliverOptions['sameId']) {
  const rows = await ctx.sql.all<Twin>(
    `SELECT m.card_id, m.from_addr, m.subject, m.body_text FROM messages m JOIN cards c ON c.id = m.card_id
     WHERE m.message_id = ? AND c.board_id = ?`,
    [m.messageId, boardId],
  );
  const twin = rows.find(
    (r) => how === 'message-id' || (r.from_addr === m.from && r.subject === m.subject && r.body_text === m.text),
  );
  return { twin: twin === undefined ? undefined : Number(twin.card_id), idTaken: rows.map((r) => Number(r.card_id)) };
}

export async function deliver(
  ctx: Ctx,
  p: Principal,
  changed: Changed,
  m: InboundMessage,
  raw: Buffer,
  opts: DeliverOptions,
): Promise<Delivered> {
  const board = await boardFor(ctx, p, opts.boardId);
  // The customer changed the card, not the key that delivered the mail: a
  // board open on that key (the embedded service's) shows it as news.
  const sender = (/<([^<>]+)>\s*$/.exec(m.from)?.[1] ?? m.from) || undefined;
  const { twin, idTaken } = await sameMessage(ctx, board.id, m, opts.sameId);
  if (twin !== undefined) return { cardId: twin, newCard: false, duplicate: true };
  let answered = await cardAnswered(ctx, p, m);
  if (
    answered !== undefined &&
    (idTaken.includes(Number(answered.id)) || (await hasMessage(ctx, answered.id, m.messageId)))
  ) {
    if (opts.sameId === 'message-id') return { cardId: Number(answered.id), newCard: false, duplicate: true };
    // A different message under an id its card already holds goes on a card of its own.
    answered = undefined;
  }
  if (answered !== undefined) {
    const id = Number(answered.id);
    await insertMessage(ctx, id, { ...m, direction: 'in', raw, mailboxId: opts.mailboxId ?? null });
    await touchCard(ctx, id);
    // An answer is unread for everyone: each person's own mark goes.
    await ctx.sql.run('DELETE FROM card_reads WHERE card_id = ?', [id]);
    changed(answered.board_id, id, Number(answered.archived) === 1 ? 'card-restored' : 'message', sender);
    // An answer wants reading; an archived card comes back, on top of its board's first column.
    if (Number(answered.archived) === 1) {
      const col = await firstColumn(ctx, answered.board_id);
      const position = await topPosition(ctx.sql, col, id);
      await ctx.sql.run(
        'UPDATE cards SET read_status = 0, archived = 0, archived_at = NULL, column_id = ?, position = ? WHERE id = ?',
        [col, position, id],
      );
    } else if (!(await wakeOnAnswer(ctx, answered, changed))) {
      await ctx.sql.run('UPDATE cards SET read_status = 0 WHERE id = ?', [id]);
    }
    await runRules(ctx, changed, { boardId: Number(answered.board_id), cardId: id, newCard: false }, m, raw);
    return { cardId: id, newCard: false, duplicate: false };
  }
  const col =
    opts.columnId === undefined
      ? await firstColumn(ctx, board.id)
      : (await columnOn(ctx, board.id, opts.columnId, 'ColumnId')).id;
  const title = Array.from(m.subject === '' ? '(no subject)' : m.subject.replace(/\s+/g, ' '))
    .slice(0, LIMITS.cardTitle)
    .join('');
  const position = await topPosition(ctx.sql, col);
  const row = await ctx.sql.get<{ id: number }>(
    `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, position, created_at)
     VALUES (?, ?, ?, 0, ?, ?, ?) RETURNING id`,
    [board.id, col, title, p.email, position, isoNow(ctx.now())],
  );
  const cardId = Number((row as { id: number }).id);
  await insertMessage(ctx, cardId, { ...m, direction: 'in', raw, mailboxId: opts.mailboxId ?? null });
  changed(board.id, cardId, 'card-created', sender);
  await runRules(ctx, changed, { boardId: board.id, cardId, newCard: true }, m, raw);
  return { cardId, newCard: true, duplicate: false };
}
