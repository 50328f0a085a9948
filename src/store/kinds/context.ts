/** What the kinds' requests and undo records share: reading the send-time context. */
import type { CardId } from '../../api/read-model.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import type { Card } from '../card.js';
import type { RunContext } from '../mutation-kinds.js';

export function requireBoard(ctx: RunContext): number {
  if (ctx.boardId === null) throw new Error('No board is open');
  return ctx.boardId;
}

export function requireColumn(ctx: RunContext, label: string): number {
  const id = ctx.columnId(label);
  if (id === undefined) throw new Error(`Unknown column ${label}`);
  return id;
}

/** The fields a PUT must repeat so it changes only what we mean to change. */
export function putBase(ctx: RunContext, id: CardId): { BoardId: number; ColumnId: number; CardTitle: string } {
  const card = ctx.confirmedCard(id);
  if (card === undefined) throw new Error('The card is no longer on this board');
  return { BoardId: card.boardId, ColumnId: requireColumn(ctx, card.columnLabel), CardTitle: card.title };
}

/** Undo's `card` for a change to a card on the board: as the screen shows it. */
export const onScreen = (m: { cardId: CardId }, find: (id: CardId) => Card | undefined): Card | undefined =>
  find(m.cardId);

/**
 * A title edit found the server's title changed since it began (a teammate
 * saved theirs): not saved over. `theirs` is the server's, as it has it.
 */
export class TitleConflict extends Error {
  override readonly name = 'TitleConflict';
  /** A conflict, as HTTP says it: a refusal, not a lost answer. */
  readonly status = 409;
  constructor(readonly theirs: string) {
    super(`Not saved: someone changed this title to “${truncate(sanitize(theirs), 60)}” since you began editing`);
  }
}

/**
 * On a server without versions, the lost update is caught by reading the
 * card just before the save: a title that is neither what the edit began
 * from nor what it saves was changed by someone else meanwhile. A read
 * that fails does not stop the save (the check is a courtesy, not a lock).
 */
export async function unchangedSince(ctx: RunContext, id: CardId, from: string, mine: string): Promise<void> {
  const theirs = await ctx.client.getCard(id).then(
    (d) => d.TaskName,
    () => undefined,
  );
  if (theirs !== undefined && theirs !== from && theirs !== mine) throw new TitleConflict(theirs);
}

/** The server's title when `e` is a title edit refused as a conflict (its MutationError's cause); else null. */
export function theirTitle(e: unknown): string | null {
  const cause = e instanceof Error ? e.cause : undefined;
  return cause instanceof TitleConflict ? cause.theirs : e instanceof TitleConflict ? e.theirs : null;
}
