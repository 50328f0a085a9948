/**
 * Running a board, the local service's extensions (docs/api.md › "Who may do
 * what"): renaming it and replacing its members, archiving it, renaming and
 * deleting its columns. Each goes through `Wire.extension`, so a server
 * without the route is asked once and then refused at once, in words.
 */
import type { Endpoints } from '../operations.js';
import { isUnreadable } from '../read-model.js';
import type { DeleteColumnInput, UpdateBoardInput, UpdateColumnInput } from '../schema-teams.js';
import { Fields, isRecord, readBoard, readColumn, readNumId } from '../tolerant.js';
import { seg } from '../wire.js';

/** A number the answer names under `name`, else `fallback` (an answer in words says only that it worked). */
const numOr = (answer: unknown, name: string, fallback: number | null): number | null => {
  if (!isRecord(answer)) return fallback;
  const v = new Fields(answer).get(name);
  if (v === null) return null;
  return readNumId(v) ?? (v === 0 ? 0 : fallback);
};

export const boardAdminEndpoints: Endpoints<'updateBoard' | 'archiveBoard' | 'updateColumn' | 'deleteColumn'> = {
  updateBoard: (w, boardId, change, o) => {
    const path = `/v2/board/${seg(boardId)}`;
    return w.extension('updateBoard', 'PUT', path, async () => {
      const body: UpdateBoardInput = {
        ...(change.name !== undefined ? { Name: change.name } : {}),
        ...(change.users !== undefined ? { Users: [...change.users] } : {}),
      };
      const answer = await w.change('PUT', path, { body, o });
      const board = readBoard(answer);
      // An answer that doesn't describe the board: what was asked for is what it now is.
      return isUnreadable(board) ? null : board;
    });
  },
  archiveBoard: (w, boardId, o) => {
    const path = `/v2/board/${seg(boardId)}`;
    return w.extension('archiveBoard', 'DELETE', path, async () => {
      const answer = await w.change('DELETE', path, { o });
      const at = isRecord(answer) ? new Fields(answer).get('ArchivedAt') : undefined;
      return { Id: numOr(answer, 'Id', boardId) ?? boardId, ArchivedAt: typeof at === 'string' ? at : null };
    });
  },
  updateColumn: (w, boardId, columnId, name, o) => {
    const path = `/v2/board/${seg(boardId)}/column/${seg(columnId)}`;
    return w.extension('updateColumn', 'PUT', path, async () => {
      const answer = await w.change('PUT', path, { body: { Name: name } satisfies UpdateColumnInput, o });
      const c = readColumn(answer);
      return isUnreadable(c) ? { Id: columnId, ColumnId: null, Name: name } : c;
    });
  },
  deleteColumn: (w, boardId, columnId, moveCardsTo, o) => {
    const path = `/v2/board/${seg(boardId)}/column/${seg(columnId)}`;
    const query = moveCardsTo === undefined ? undefined : ({ MoveCardsTo: moveCardsTo } satisfies DeleteColumnInput);
    return w.extension('deleteColumn', 'DELETE', path, async () => {
      const answer = await w.change('DELETE', path, { ...(query ? { query } : {}), o });
      return {
        ColumnId: numOr(answer, 'ColumnId', columnId) ?? columnId,
        MovedCards: numOr(answer, 'MovedCards', 0) ?? 0,
        MovedTo: numOr(answer, 'MovedTo', moveCardsTo ?? null),
      };
    });
  },
};
