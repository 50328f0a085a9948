/** Tools on boards: list_boards, get_board, list_columns, list_board_members, update_board_members. */
import { z } from 'zod';
import { isUnreadable, type Board } from '../../api/read-model.js';
import { membersAfter } from '../board-admin.js';
import { boardId, emails } from './inputs.js';
import { BoardOut, boardOut, ColumnOut, columnOut, UnreadableOut, unreadableOut } from './shapes.js';
import { tool, type Tool } from './tool.js';

const MembersOut = { boardId: z.number(), owner: z.string(), members: z.array(z.string()) };
const membersOut = (b: Board) => ({ boardId: b.Id, owner: b.Owner, members: b.Users });

export const BOARD_TOOLS: readonly Tool[] = [
  tool({
    name: 'list_boards',
    title: 'List boards',
    group: 'Boards',
    description:
      'Every board this API key can see: its id, name, owner and members. Call this first: the other tools take these board ids.',
    input: {},
    output: { boards: z.array(BoardOut), unreadable: z.array(UnreadableOut) },
    effect: 'read',
    idempotent: true,
    async run({ client }) {
      const rows = await client.listBoards();
      return {
        boards: rows.filter((r): r is Board => !isUnreadable(r)).map(boardOut),
        unreadable: rows.filter(isUnreadable).map(unreadableOut),
      };
    },
  }),
  tool({
    name: 'get_board',
    title: 'Get a board',
    group: 'Boards',
    description:
      "One board by its id: name, owner, members (emails) and, on DragApp's WhatsApp boards, its integration.",
    input: { boardId },
    output: BoardOut.shape,
    effect: 'read',
    idempotent: true,
    run: async ({ client }, a) => boardOut(await client.getBoard(a.boardId)),
  }),
  tool({
    name: 'list_columns',
    title: 'List columns',
    group: 'Boards',
    description:
      'The columns (workflow stages such as "To do", "Done") of a board, left to right. Each has a numeric id and, where the server gives one, a label id like "Label_3" — the value a card\'s columnId carries. Tools that take a column accept the label, the id as a string, or the name.',
    input: { boardId },
    output: { boardId: z.number(), columns: z.array(ColumnOut) },
    effect: 'read',
    idempotent: true,
    run: async ({ client }, a) => ({
      boardId: a.boardId,
      columns: (await client.listColumns(a.boardId)).map(columnOut),
    }),
  }),
  tool({
    name: 'list_board_members',
    title: 'List board members',
    group: 'Boards',
    description: "A board's owner and members (emails): the people cards can be assigned to.",
    input: { boardId },
    output: MembersOut,
    effect: 'read',
    idempotent: true,
    run: async ({ client }, a) => membersOut(await client.getBoard(a.boardId)),
  }),
  tool({
    name: 'update_board_members',
    title: 'Add or remove board members',
    group: 'Boards',
    description:
      "Adds and removes members of a board by email, keeping the others; the owner always stays. Only the board's owner may (others are refused in the server's words). Answers the members as the server now has them.",
    input: {
      boardId,
      add: emails.optional().describe('Emails to make members'),
      remove: emails.optional().describe('Emails to take off the board'),
    },
    output: MembersOut,
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const before = await client.getBoard(a.boardId);
      const users = membersAfter(before, a.add ?? [], a.remove ?? []);
      const answer = await client.updateBoard(a.boardId, { users });
      return membersOut(answer ?? (await client.getBoard(a.boardId)));
    },
  }),
];
