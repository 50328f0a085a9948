/**
 * A due date saved over a change made meanwhile (servers with versions):
 * refused with 412, the card is read. A due date someone else set since is
 * a DueConflict (theirs, with its version), so the person keeps theirs,
 * takes the teammate's or edits again; a due date as the edit began
 * (another field changed) is saved with the card's version now.
 */
import type { CardId } from '../../api/read-model.js';
import type { RunContext } from '../mutation-kinds.js';
import { onCard } from './context.js';

export class DueConflict extends Error {
  override readonly name = 'DueConflict';
  /** A conflict, as HTTP says it: a refusal, not a lost answer. */
  readonly status = 409;
  constructor(
    /** The server's due date (ISO, a plain date, or null: none). */
    readonly theirs: string | null,
    readonly version: number | undefined,
  ) {
    super('Not saved: someone changed this due date since you began editing');
  }
}

/** The conflict when `e` is a due date refused as one (or its MutationError); else null. */
export function dueConflictOf(e: unknown): DueConflict | null {
  const cause = e instanceof Error ? e.cause : undefined;
  return cause instanceof DueConflict ? cause : e instanceof DueConflict ? e : null;
}

const same = (a: string | null | undefined, b: string | null | undefined): boolean => (a ?? null) === (b ?? null);

/** After a stale refusal: theirs when they changed the date, else the save again on the card as it is now. */
export async function dueStale(
  ctx: RunContext,
  id: CardId,
  m: { due: string | null; from?: string | null },
  e: unknown,
): Promise<unknown> {
  const now = await ctx.client.getCard(id).catch(() => undefined);
  if (now === undefined || m.from === undefined) throw e;
  const theirs = now.DueDate ?? null;
  if (!same(theirs, m.from) && !same(theirs, m.due)) throw new DueConflict(theirs, now.Version);
  return ctx.client.setDueDate(id, m.due, onCard(ctx, id, undefined, now.Version));
}
