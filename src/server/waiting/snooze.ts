/**
 * Snoozing a card, inside a write's transaction: it leaves its column's
 * listing (the listing, positions and the board read `snoozed = 0`) and keeps
 * its column and position, so taking the snooze back puts it where it was.
 * Waking by itself (its time came, the customer answered) puts it on top of
 * its column, unread for everyone and marked "back from snooze".
 */
import type { Changed } from '../changes.js';
import type { CardRow, Ctx } from '../context.js';
import { HttpError, badRequest } from '../errors.js';
import { topPosition } from '../positions.js';
import type { Value } from '../sql/sql.js';
import { touchCard } from '../versions.js';

export interface SnoozeTerms {
  /** Epoch ms, or null: no time (until the customer answers). */
  untilMs: number | null;
  untilReply: boolean;
}

export async function snooze(ctx: Ctx, card: CardRow, terms: SnoozeTerms, by: string, changed: Changed): Promise<void> {
  if (terms.untilMs !== null && terms.untilMs <= ctx.now()) {
    throw badRequest(`Until: ${new Date(terms.untilMs).toISOString()} has passed; a snooze ends in the future`);
  }
  if (terms.untilReply) {
    const thread = await ctx.sql.get('SELECT 1 AS one FROM messages WHERE card_id = ? LIMIT 1', [card.id]);
    if (thread === undefined) {
      throw badRequest(`UntilReply: card ${card.id} has no email thread, so no customer can answer it; give Until`);
    }
  }
  await touchCard(ctx, card.id);
  await ctx.sql.run(
    `UPDATE cards SET snoozed = 1, snooze_until_ms = ?, snooze_reply = ?, snoozed_by = ?, back_from_snooze = 0
     WHERE id = ?`,
    [terms.untilMs, terms.untilReply ? 1 : 0, by, card.id],
  );
  changed(card.board_id, card.id, 'card-snoozed');
}

/** Takes a snooze back by hand: the card returns where it was, as it was. */
export async function unsnooze(ctx: Ctx, card: CardRow, changed: Changed): Promise<void> {
  if (Number(card.snoozed) !== 1) throw new HttpError(409, `Card ${card.id} is not snoozed`);
  await touchCard(ctx, card.id);
  await ctx.sql.run(CLEAR, [card.id]);
  changed(card.board_id, card.id, 'card-snoozed');
}

/** A snooze's columns as a card without one has them. */
const ENDED = 'snoozed = 0, snooze_until_ms = NULL, snooze_reply = 0, snoozed_by = NULL';
const CLEAR = `UPDATE cards SET ${ENDED} WHERE id = ?`;

/**
 * Wakes a snoozed card by itself, once: the row is changed only while it is
 * still snoozed (`guard`), so of two instances waking it at once one does.
 * Returns whether this call woke it.
 */
export async function wake(
  ctx: Ctx,
  card: { id: number; board_id: number; column_id: number },
  guard: string,
  args: Value[],
  changed: Changed,
): Promise<boolean> {
  const position = await topPosition(ctx.sql, card.column_id, card.id);
  const woke = await ctx.sql.get<{ id: number }>(
    `UPDATE cards SET ${ENDED}, back_from_snooze = 1, read_status = 0, position = ?, version = version + 1
     WHERE id = ? AND snoozed = 1 AND ${guard} RETURNING id`,
    [position, card.id, ...args],
  );
  if (woke === undefined) return false;
  // Unread for everyone: each person's own mark goes, as when an answer arrives.
  await ctx.sql.run('DELETE FROM card_reads WHERE card_id = ?', [card.id]);
  changed(card.board_id, card.id, 'card-woken');
  return true;
}

/** In a delivery's transaction: the customer answered a card snoozed until they do. */
export function wakeOnAnswer(ctx: Ctx, card: CardRow, changed: Changed): Promise<boolean> {
  if (Number(card.snoozed) !== 1 || Number(card.snooze_reply) !== 1) return Promise.resolve(false);
  return wake(ctx, card, 'snooze_reply = 1', [], changed);
}

/** Leaving the board by archive ends a snooze: an archived card is not waiting to come back. */
export async function endSnoozeOnArchive(ctx: Ctx, cardId: number): Promise<void> {
  await ctx.sql.run(`UPDATE cards SET ${ENDED}, back_from_snooze = 0 WHERE id = ?`, [cardId]);
}
