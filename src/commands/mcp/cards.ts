/** Tools on cards: list, read, create, move, archive, restore. update_card is in card-update.ts. */
import { z } from 'zod';
import { isUnreadable, type ArchivedCard, type Card } from '../../api/read-model.js';
import { LIMITS } from '../../api/schema.js';
import type { Client } from '../../api/types.js';
import { sendChecked } from './checked.js';
import { boardId, cardId, column, emails, limit, page, position, text } from './inputs.js';
import { exactCardId, findColumn, ToolError } from './lookup.js';
import {
  CardDetailOut,
  cardDetailOut,
  CardOut,
  cardOut,
  ColumnOut,
  columnOut,
  UnreadableOut,
  unreadableOut,
} from './shapes.js';
import { tool, type Tool } from './tool.js';

const ArchivedOut = CardOut.extend({ archivedAt: z.string().nullable() });

/** The board a card is on, from its detail. */
async function boardOf(client: Client, id: string): Promise<number> {
  const b = (await client.getCard(id)).BoardId;
  if (b === undefined || b === null)
    throw new ToolError(`the server did not say which board card ${id} is on: give boardId`);
  return b;
}

export const CARD_TOOLS: readonly Tool[] = [
  tool({
    name: 'list_cards_in_column',
    title: 'List cards in a column',
    group: 'Cards',
    description:
      'The cards of one column, top first, a page at a time. A card is an email thread or a task; its cardId is a string to pass exactly to the card tools. Rows the server sent in a shape that could not be read are listed apart under "unreadable".',
    input: { boardId, columnId: column, page, limit },
    output: {
      boardId: z.number(),
      column: ColumnOut,
      page: z.number(),
      cards: z.array(CardOut),
      unreadable: z.array(UnreadableOut),
    },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const col = await findColumn(client, a.boardId, a.columnId);
      const p = a.page ?? 1;
      const rows = await client.listCards(a.boardId, col.Id, p, a.limit ?? LIMITS.pageSizeDefault);
      return {
        boardId: a.boardId,
        column: columnOut(col),
        page: p,
        cards: rows.filter((r): r is Card => !isUnreadable(r)).map(cardOut),
        unreadable: rows.filter(isUnreadable).map(unreadableOut),
      };
    },
  }),
  tool({
    name: 'get_card',
    title: 'Get a card',
    group: 'Cards',
    description:
      'One card in full: title, board, column label, read state, due date, assignees, tags, notes, sub-tasks (with their ids) and comments. Only what the server sent is there: an absent field means "not provided by this server", not "none".',
    input: { cardId },
    output: CardDetailOut.shape,
    effect: 'read',
    idempotent: true,
    run: async ({ client }, a) => cardDetailOut(await client.getCard(exactCardId(a.cardId))),
  }),
  tool({
    name: 'create_card',
    title: 'Create a card',
    group: 'Cards',
    description:
      'Creates a task card in a column of a board, on top, with an optional note, first comment, sub-task and assignees. Answers the new cardId (a string; null when the server did not say it).',
    input: {
      boardId,
      columnId: column,
      title: z.string().min(1).max(LIMITS.cardTitle).describe('The card title'),
      note: text('A note on the new card').optional(),
      comment: text('A first comment').optional(),
      subTask: text('A first sub-task').optional(),
      assignees: emails.optional().describe('Emails of board members to assign'),
      unread: z.boolean().optional().describe('Create it unread (default: read)'),
    },
    output: { cardId: z.string().nullable(), boardId: z.number(), column: ColumnOut, title: z.string() },
    effect: 'write',
    idempotent: false,
    async run({ client }, a) {
      const col = await findColumn(client, a.boardId, a.columnId);
      const res = await sendChecked('create_card', (o) =>
        client.createCard(
          {
            BoardId: a.boardId,
            ColumnId: col.Id,
            CardTitle: a.title,
            ...(a.note === undefined ? {} : { Note: a.note }),
            ...(a.comment === undefined ? {} : { Comment: a.comment }),
            ...(a.subTask === undefined ? {} : { SubTask: a.subTask }),
            ...(a.assignees === undefined ? {} : { Assignee: a.assignees }),
            ...(a.unread === true ? { ReadStatus: 0 as const } : {}),
          },
          o,
        ),
      );
      return { cardId: res.taskId, boardId: a.boardId, column: columnOut(col), title: a.title };
    },
  }),
  tool({
    name: 'move_card',
    title: 'Move a card',
    group: 'Cards',
    description:
      "Moves a card to a column at a position (0 = on top). The column is looked up on boardId when given (moving the card to that board), else on the card's own board.",
    input: {
      cardId,
      columnId: column,
      boardId: boardId.optional().describe('The board to move the card to (default: the board it is on)'),
      position: position.optional(),
    },
    output: { cardId: z.string(), boardId: z.number(), column: ColumnOut, position: z.number() },
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const board = a.boardId ?? (await boardOf(client, id));
      const col = await findColumn(client, board, a.columnId);
      const at = a.position ?? 0;
      await sendChecked('move_card', (o) =>
        client.moveCard(
          { Id: id, NewColumnId: col.Id, NewPosition: at, ...(a.boardId === undefined ? {} : { NewBoardId: board }) },
          o,
        ),
      );
      return { cardId: id, boardId: board, column: columnOut(col), position: at };
    },
  }),
  tool({
    name: 'archive_card',
    title: 'Archive a card',
    group: 'Cards',
    description:
      'Archives a card: it leaves the board\'s columns (the API calls this "archive and delete"). On inboard\'s own service it is kept and restore_card brings it back; DragApp archives tasks only, not email threads. Ask the user first when they did not ask for it.',
    input: { cardId },
    output: { cardId: z.string(), archived: z.literal(true) },
    effect: 'destructive',
    idempotent: true,
    async run({ client }, a) {
      const res = await sendChecked('archive_card', (o) => client.archiveCard(exactCardId(a.cardId), o));
      return { cardId: res.id, archived: true as const };
    },
  }),
  tool({
    name: 'list_archived_cards',
    title: 'List archived cards',
    group: 'Cards',
    description: "A board's archived cards, newest first, a page at a time: what restore_card can bring back.",
    input: { boardId, page, limit },
    output: { boardId: z.number(), page: z.number(), cards: z.array(ArchivedOut), unreadable: z.array(UnreadableOut) },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const p = a.page ?? 1;
      const rows = await client.listArchivedCards(a.boardId, p, a.limit ?? LIMITS.pageSizeDefault);
      return {
        boardId: a.boardId,
        page: p,
        cards: rows
          .filter((r): r is ArchivedCard => !isUnreadable(r))
          .map((c) => ({ ...cardOut(c), archivedAt: c.ArchivedAt })),
        unreadable: rows.filter(isUnreadable).map(unreadableOut),
      };
    },
  }),
  tool({
    name: 'restore_card',
    title: 'Restore an archived card',
    group: 'Cards',
    description:
      'Brings an archived card back: to the column it was archived from, on top, or to columnId of its board at position.',
    input: { cardId, columnId: column.optional(), position: position.optional() },
    output: { cardId: z.string(), columnId: z.number().nullable(), position: z.number().nullable() },
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const col =
        a.columnId === undefined ? undefined : await findColumn(client, await boardOf(client, id), a.columnId);
      const res = await sendChecked('restore_card', (o) =>
        client.restoreCard(
          id,
          {
            ...(col === undefined ? {} : { ColumnId: col.Id }),
            ...(a.position === undefined ? {} : { Position: a.position }),
          },
          o,
        ),
      );
      return { cardId: res.CardId, columnId: res.ColumnId, position: res.Position };
    },
  }),
];
