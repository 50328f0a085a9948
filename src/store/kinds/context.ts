/** What the kinds' requests and undo records share: reading the send-time context. */
import type { CardId } from '../../api/read-model.js';
import type { CallOptions } from '../../api/types.js';
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
  constructor(
    readonly theirs: string,
    /** The card's version with their title (servers with versions): "keep mine" is sent with it. */
    readonly version?: number,
  ) {
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
  return titleConflictOf(e)?.theirs ?? null;
}

/** The conflict when `e` is a title edit refused as one (or its MutationError); else null. */
export function titleConflictOf(e: unknown): TitleConflict | null {
  const cause = e instanceof Error ? e.cause : undefined;
  return cause instanceof TitleConflict ? cause : e instanceof TitleConflict ? e : null;
}

/**
 * The call options of a write on card `id`: on a server with versions, the
 * version the change is based on (`base`, else the view's) as If-Match, and
 * the new version its answer gives is kept. `o` carries the idempotency key.
 */
export function onCard(ctx: RunContext, id: CardId, o?: { idempotencyKey: string }, base?: number): CallOptions {
  const version = base ?? ctx.version(id);
  return {
    ...o,
    ...(version !== undefined ? { ifMatch: version } : {}),
    onVersion: (v) => ctx.sawVersion(id, v),
  };
}

/**
 * A title save refused as stale: the card is read. A title someone else
 * changed is a TitleConflict (theirs, with its version); a title as the
 * edit began (another field changed) is saved on the card as it is now.
 */
export async function titleStale(
  ctx: RunContext,
  id: CardId,
  m: { title: string; from?: string },
  e: unknown,
): Promise<string> {
  const now = await ctx.client.getCard(id).catch(() => undefined);
  if (now?.TaskName === undefined) throw e;
  const theirs = now.TaskName;
  if (theirs !== m.from && theirs !== m.title) throw new TitleConflict(theirs, now.Version);
  const column = now.ColumnId === undefined || now.ColumnId === null ? undefined : ctx.columnId(now.ColumnId);
  const body = {
    ...putBase(ctx, id),
    ...(typeof now.BoardId === 'number' ? { BoardId: now.BoardId } : {}),
    ...(column !== undefined ? { ColumnId: column } : {}),
    CardTitle: m.title,
  };
  return ctx.client.updateCard(id, body, onCard(ctx, id, undefined, now.Version));
}
