/** Boards and their columns, and the cards listed in a column: GET/POST /v2/board… */
import type { Endpoints } from '../operations.js';
import { CreateBoardData, CreateColumnData, type CreateColumnInput } from '../schema.js';
import { isUnreadable, readBoard, readCard, readColumn, type Column } from '../tolerant.js';
import { seg } from '../wire.js';

const columnOrWhy = (v: unknown): Column | string => {
  const c = readColumn(v);
  return isUnreadable(c) ? `data: ${c.unreadable}` : c;
};

export const boardEndpoints: Endpoints<
  'listBoards' | 'getBoard' | 'createBoard' | 'listColumns' | 'getColumn' | 'listCards' | 'createColumn'
> = {
  listBoards: (w, o) => w.rows('/v2/board', readBoard, { o }),
  getBoard: (w, id, o) =>
    w.one(
      `/v2/board/${seg(id)}`,
      (v) => {
        const b = readBoard(v);
        return isUnreadable(b) ? `data: ${b.unreadable}` : b;
      },
      { o },
    ),
  createBoard: (w, body, o) => w.env(CreateBoardData, 'POST', '/v2/board', { body, o }),

  // A column the client cannot address (no numeric Id) can hold no cards it could ask for: left out.
  listColumns: async (w, boardId, o) =>
    (await w.rows(`/v2/board/${seg(boardId)}/columns`, readColumn, { o })).filter((c): c is Column => !isUnreadable(c)),
  getColumn: (w, boardId, columnId, o) =>
    w.one(`/v2/board/${seg(boardId)}/column/${seg(columnId)}`, columnOrWhy, { o }),
  listCards: (w, boardId, columnId, page, limit, o) =>
    w.rows(`/v2/board/${seg(boardId)}/column/${seg(columnId)}/cards`, readCard, { query: { page, limit }, o }),
  createColumn: (w, boardId, name, o) =>
    w.env(CreateColumnData, 'POST', `/v2/board/${seg(boardId)}/column`, {
      body: { Name: name } satisfies CreateColumnInput,
      o,
    }),
};
