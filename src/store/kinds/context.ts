/** What the kinds' requests and undo records share: reading the send-time context. */
import type { CardId } from '../../api/read-model.js';
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
