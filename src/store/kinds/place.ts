/** The kinds that put a card somewhere: create, move, archive, restore. */
import { isUnreadable, type CardId } from '../../api/read-model.js';
import type { CreatedCard } from '../../api/types.js';
import { withTitle, type Card } from '../card.js';
import type { KindSpec, MutationOf } from '../mutation-kinds.js';
import { onCard, onScreen, requireBoard, requireColumn } from './context.js';

/** A new card as shown before (pending id) and after (real id) the server answers. */
function newCard(m: MutationOf<'create'>, id: CardId, boardId: number): Card {
  return withTitle(
    {
      id,
      title: '',
      displayTitle: '',
      columnLabel: m.columnLabel,
      boardId,
      unread: false, // created cards are read unless ReadStatus says otherwise
      assignees: null,
      tagIds: [],
      owner: '',
      // Stamped once when the user made it: the view must not change with every recompute.
      createdAt: m.createdAt ?? new Date().toISOString(),
      dueDate: null,
      pending: false,
    },
    m.title,
  );
}

export const create: KindSpec<'create'> = {
  effect(d, m, id) {
    if (d.get(id) !== undefined || m.boardId === null) return;
    d.put(newCard(m, id, m.boardId));
    d.attach(id, m.columnLabel, 0); // new cards go on top, like new mail
  },
  request: (ctx, m, o) =>
    ctx.client.createCard(
      {
        BoardId: requireBoard(ctx),
        ColumnId: requireColumn(ctx, m.columnLabel),
        CardTitle: m.title,
        ...(m.note !== undefined && m.note.trim() !== '' ? { Note: m.note } : {}),
      },
      o,
    ),
  identity: (m, boardId) => [boardId, m.columnLabel, m.title, m.note ?? ''],
  newCardId: (result) => (result as CreatedCard).taskId,
  landed: null,
  readBack: null,
  detail: null,
  // Not taken back by `u` (a is how a card goes): a barrier in the history that names it.
  undo: {
    card: (m) => newCard({ ...m, seq: 0, boardId: null }, m.cardId, 0),
    describe: (_m, _card, say) => `creation of ${say.title}`,
    inverse: () => 'a new card goes with a (archive), not u',
    needs: null,
  },
};

export const move: KindSpec<'move'> = {
  effect(d, m, id) {
    const card = d.get(id);
    if (card === undefined) return;
    if (m.toBoardId !== undefined && m.toBoardId !== card.boardId) {
      d.remove(id); // gone to another board: not on this screen any more
      return;
    }
    d.detach(id);
    d.put(card.columnLabel === m.toColumn ? card : { ...card, columnLabel: m.toColumn });
    d.attach(id, m.toColumn, m.toIndex);
  },
  request: (ctx, m, o) =>
    ctx.client.moveCard(
      {
        Id: ctx.realId(m.cardId),
        NewColumnId: requireColumn(ctx, m.toColumn),
        NewPosition: Math.max(0, m.toIndex),
        ...(m.toBoardId !== undefined ? { NewBoardId: m.toBoardId } : {}),
      },
      onCard(ctx, ctx.realId(m.cardId), o),
    ),
  identity: null,
  newCardId: null,
  async landed(ctx, m) {
    const id = ctx.realId(m.cardId);
    if (m.toBoardId !== undefined) return (await ctx.client.getCard(id)).BoardId === m.toBoardId;
    const rows = await ctx.client.listCards(requireBoard(ctx), requireColumn(ctx, m.toColumn), 1, 200);
    const at = rows.findIndex((r) => !isUnreadable(r) && r.ServiceTaskId === id);
    if (at === -1) return false;
    // A reorder landed only where it was asked; when unsure, the resend with the same key settles it.
    const within = ctx.confirmedCard(id)?.columnLabel === m.toColumn;
    return !within || at === Math.min(Math.max(0, m.toIndex), rows.length - 1);
  },
  readBack: null,
  detail: null,
  undo: {
    card: onScreen,
    describe: (m, card, say) =>
      m.toColumn === card.columnLabel ? `reorder of ${say.title}` : `move of ${say.title} to ${say.column(m.toColumn)}`,
    inverse: (m, card, indexOf) =>
      m.toBoardId !== undefined && m.toBoardId !== card.boardId
        ? 'A move to another board is undone from that board'
        : {
            inverse: { kind: 'move', cardId: card.id, toColumn: card.columnLabel, toIndex: indexOf(card) },
            after: { columnLabel: m.toColumn },
            before: { columnLabel: card.columnLabel },
          },
    needs: null,
  },
};

export const archive: KindSpec<'archive'> = {
  effect(d, _m, id) {
    if (d.get(id) !== undefined) d.remove(id);
  },
  request: (ctx, m) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.archiveCard(id, onCard(ctx, id));
  },
  identity: null,
  newCardId: null,
  landed: null,
  readBack: null,
  detail: null,
  undo: {
    card: onScreen,
    describe: (_m, _card, say) => `archive of ${say.title}`,
    inverse: (_m, card, indexOf) => ({
      inverse: { kind: 'restore', cardId: card.id, card, toColumn: card.columnLabel, toIndex: indexOf(card) },
      after: { onBoard: false },
      before: { onBoard: true, columnLabel: card.columnLabel },
    }),
    needs: {
      offers: ['restoreCard', 'archivedCards'],
      why: 'An archive cannot be undone on this server (it has no restore)',
    },
  },
};

export const restore: KindSpec<'restore'> = {
  effect(d, m, id) {
    if (d.get(id) !== undefined || m.boardId === null) return;
    d.put({ ...m.card, id, columnLabel: m.toColumn, boardId: m.boardId, pending: false });
    d.attach(id, m.toColumn, m.toIndex);
  },
  request: (ctx, m, o) => {
    const ColumnId = ctx.columnId(m.toColumn);
    const id = ctx.realId(m.cardId);
    return ctx.client.restoreCard(
      id,
      { ...(ColumnId !== undefined ? { ColumnId } : {}), Position: Math.max(0, m.toIndex) },
      onCard(ctx, id, o),
    );
  },
  identity: (m, _boardId, resolve) => [resolve(m.cardId), m.toColumn, m.toIndex],
  newCardId: null,
  landed: null,
  readBack: null,
  detail: null,
  undo: {
    // Not on the board before it comes back: the card as it was archived.
    card: (m) => m.card,
    describe: (_m, _card, say) => `restore of ${say.title}`,
    inverse: (_m, card) => ({
      inverse: { kind: 'archive', cardId: card.id },
      after: { onBoard: true },
      before: { onBoard: false },
    }),
    needs: null,
  },
};
