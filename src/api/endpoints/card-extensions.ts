/**
 * Changes to a card that the local service adds to the reference (types.ts
 * `Extension`): each goes through `Wire.extension`, so a server without the
 * route is asked once and then refused at once.
 */
import type { Endpoints } from '../operations.js';
import type {
  RestoreCardInput,
  SetDueDateInput,
  SetReadStatusInput,
  SetTagsInput,
  TickSubTaskInput,
} from '../schema-cards.js';
import { Fields, isRecord, readArchivedCard, readNumId } from '../tolerant.js';
import { seg } from '../wire.js';
import { idOr } from './answers.js';

export const cardExtensionEndpoints: Endpoints<
  'setTags' | 'setDueDate' | 'setReadStatus' | 'tickSubTask' | 'listArchivedCards' | 'restoreCard'
> = {
  setTags: (w, id, tagIds, o) => {
    const path = `/v2/card/${seg(id)}/tags`;
    return w.extension('setTags', 'PUT', path, async () => {
      const answer = await w.change('PUT', path, { body: { TagIds: tagIds.map(String) } satisfies SetTagsInput, o });
      const got = isRecord(answer) ? new Fields(answer).get('TagIds') : undefined;
      const ids = Array.isArray(got) ? got.map(readNumId).filter((n): n is number => n !== undefined) : null;
      return { CardId: idOr(answer, ['CardId'], id), TagIds: ids };
    });
  },
  setDueDate: (w, id, dueDate, o) => {
    const path = `/v2/card/${seg(id)}/due-date`;
    return w.extension('setDueDate', 'PUT', path, async () => {
      const answer = await w.change('PUT', path, { body: { DueDate: dueDate } satisfies SetDueDateInput, o });
      const got = isRecord(answer) ? new Fields(answer).get('DueDate') : undefined;
      return { CardId: idOr(answer, ['CardId'], id), DueDate: typeof got === 'string' ? got : dueDate };
    });
  },
  setReadStatus: (w, id, read, o) => {
    const path = `/v2/card/${seg(id)}/read-status`;
    const ReadStatus = read ? 1 : 0;
    return w.extension('setReadStatus', 'PUT', path, async () => {
      const answer = await w.change('PUT', path, { body: { ReadStatus } satisfies SetReadStatusInput, o });
      return { CardId: idOr(answer, ['CardId'], id), ReadStatus };
    });
  },
  tickSubTask: (w, id, subTaskId, done, o) => {
    const path = `/v2/card/${seg(id)}/sub-task/${seg(subTaskId)}`;
    return w.extension('tickSubTask', 'PUT', path, async () => {
      const answer = await w.change('PUT', path, { body: { Done: done } satisfies TickSubTaskInput, o });
      return { CardId: idOr(answer, ['CardId'], id), SubTaskId: subTaskId, Done: done };
    });
  },
  listArchivedCards: (w, boardId, page, limit, o) => {
    const path = `/v2/board/${seg(boardId)}/archived-cards`;
    return w.extension('archivedCards', 'GET', path, () =>
      w.rows(path, readArchivedCard, { query: { page, limit }, o }),
    );
  },
  restoreCard: (w, id, where, o) => {
    const path = `/v2/card/${seg(id)}/restore`;
    return w.extension('restoreCard', 'POST', path, async () => {
      const answer = await w.change('POST', path, { body: { ...where } satisfies RestoreCardInput, o });
      const f = isRecord(answer) ? new Fields(answer) : undefined;
      const num = (v: unknown) => readNumId(v) ?? (v === 0 ? 0 : null);
      return {
        CardId: idOr(answer, ['CardId'], id),
        ColumnId: f === undefined ? (where?.ColumnId ?? null) : num(f.get('ColumnId')),
        Position: f === undefined ? (where?.Position ?? null) : num(f.get('Position')),
      };
    });
  },
};
