/**
 * Card versions: each write that changes a card (or what its detail shows)
 * adds one to its version, and a write sent with `If-Match: "<version>"` is
 * refused with 412 when the card has changed since — so an edit made from a
 * stale read never lands over a teammate's silently.
 */
import type { Ctx } from './context.js';
import { checkVersion } from './if-match.js';
import { placeholders } from './sql/sql.js';

/**
 * Records a change to a card inside a write: checks If-Match (once per card
 * and write) and adds one to its version. `bump` false only checks: a
 * write whose effect no one else sees (a person's own read mark).
 */
export async function touchCard(ctx: Ctx, cardId: number, bump = true): Promise<void> {
  const touched = ctx.touched;
  if (touched?.has(cardId)) return;
  const expected = ctx.ifMatch;
  if (bump) {
    // One statement checks and bumps: on PostgreSQL a concurrent write to the
    // card makes this wait and then re-read the row, so two writes sent with
    // the same version never both pass.
    const bumped =
      expected === undefined
        ? await ctx.sql.get<{ version: number }>(
            'UPDATE cards SET version = version + 1 WHERE id = ? RETURNING version',
            [cardId],
          )
        : await ctx.sql.get<{ version: number }>(
            'UPDATE cards SET version = version + 1 WHERE id = ? AND version = ? RETURNING version',
            [cardId, expected],
          );
    if (bumped !== undefined) {
      touched?.set(cardId, Number(bumped.version));
      return;
    }
  }
  const row = await ctx.sql.get<{ version: number }>('SELECT version FROM cards WHERE id = ?', [cardId]);
  if (row === undefined) return;
  checkVersion(cardId, Number(row.version), expected);
  touched?.set(cardId, Number(row.version));
}

/**
 * Adds one to the version of each card a write changed in bulk (a column's
 * cards moved, a tag removed); If-Match is about one card and is not asked.
 */
export async function bumpCards(ctx: Ctx, cardIds: readonly number[]): Promise<void> {
  for (let i = 0; i < cardIds.length; i += 500) {
    const chunk = cardIds.slice(i, i + 500);
    await ctx.sql.run(`UPDATE cards SET version = version + 1 WHERE id IN (${placeholders(chunk.length)})`, chunk);
  }
}
