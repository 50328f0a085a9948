/**
 * The operations DragApp serves on other routes than the /v2 reference, as
 * its vendor's own client uses them: boards and `Label_N` columns from
 * GET /v1.18/teamBoard/boards, a column's cards from emailData/fetch (paged
 * here: the route has none), the detail from detail-page + GetEmailAssignees,
 * move, create (checked listed afterwards), title and due date on their v1.18
 * routes, a card's email on its entityConversation routes (mail.ts), search
 * on its search-emails route (search.ts).
 * Operations left out of this table keep their /v2 endpoint (those
 * DragApp serves: comments, tags, board detail, archive of tasks).
 */
import { ApiError } from '../errors.js';
import { boardEndpoints } from '../endpoints/boards.js';
import { cardEndpoints } from '../endpoints/cards.js';
import { answerText } from '../endpoints/answers.js';
import type { Endpoints, OperationName } from '../operations.js';
import { Fields, isRecord, readCardId } from '../tolerant.js';
import { isUnreadable, type CardId, type CardRow, type Column } from '../read-model.js';
import type { CreatedCard } from '../types.js';
import { seg, type Wire } from '../wire.js';
import { hasDragAppIdForm, readColumnItems, readDetail, isoToDue } from './read.js';
import { dragAppMail } from './mail.js';
import { dragAppSearch } from './search.js';
import { dragAppReplies } from './replies.js';
import { notOffered, v1, v1Words, type DragState } from './state.js';

/** What a page is when the caller names no size (the /v2 reference's own default). */
const DEFAULT_LIMIT = 50;
const FETCH = '/v1.18/teamBoard/emailData/fetch';
const DETAIL = '/v1.18/entityConversation/detail-page';

/**
 * DragApp answers a card it doesn't have with a 200 that says
 * "Entity not found": the 404 it means, so text that is no card's id (words
 * of a title typed at `#`) reads as no such card, as on any other server.
 */
function entityNotFound(e: unknown): unknown {
  if (!(e instanceof ApiError) || e.status === 404 || !/\bnot found\b/i.test(e.message)) return e;
  return new ApiError({
    status: 404,
    method: 'GET',
    path: DETAIL,
    kind: 'http',
    retryable: false,
    message: e.message,
  });
}

async function columnsOf(w: Wire, s: DragState, boardId: number, o?: { signal?: AbortSignal }): Promise<Column[]> {
  const cols = (await s.teamBoards(w, o)).columns.get(boardId) ?? [];
  return cols.map((c): Column => ({ Id: s.idOf(c.labelId), ColumnId: c.labelId, Name: c.name }));
}

/**
 * The exact label of a column id the client handed out, reading the board's
 * columns first when it hasn't yet; any other number is refused in words
 * (it can't be turned into the label DragApp needs, and guessing would risk
 * writing a card no column lists).
 */
async function labelOf(w: Wire, s: DragState, boardId: number | undefined, columnId: number, where: string) {
  if (s.labelOf(columnId) === undefined && boardId !== undefined) await columnsOf(w, s, boardId);
  const label = s.labelOf(columnId);
  if (label !== undefined) return label;
  throw new ApiError({
    status: 0,
    method: where.split(' ')[0] ?? '',
    path: where.split(' ')[1] ?? '',
    kind: 'response',
    retryable: false,
    message: `Column ${columnId} is not one of DragApp's columns${boardId === undefined ? '' : ` on board ${boardId}`}`,
  });
}

/** A column's whole listing, remembered for the pages after the first. */
async function fetchColumn(w: Wire, s: DragState, boardId: number, label: string, o?: { signal?: AbortSignal }) {
  const json = await v1(w, 'GET', FETCH, { query: { boardId, columnId: label }, o });
  const items = readColumnItems(json, label);
  if (items === undefined) {
    throw new ApiError({
      status: 200,
      method: 'GET',
      path: FETCH,
      kind: 'response',
      retryable: false,
      message: `GET ${FETCH}: the answer has no Response.${label}`,
    });
  }
  const rows: CardRow[] = [];
  for (const { row, entityType, thread } of items) {
    if (!isUnreadable(row)) s.saw(row.ServiceTaskId, entityType, boardId, thread);
    rows.push(row);
  }
  s.keepListing(boardId, label, rows);
  return rows;
}

async function boardOfCard(w: Wire, s: DragState, id: CardId): Promise<number | undefined> {
  const known = s.boardOfCard(id);
  if (known !== undefined) return known;
  const detail = await dragAppEndpoints(s).getCard(w, id, undefined);
  return detail.BoardId ?? undefined;
}

export function dragAppEndpoints(s: DragState) {
  return {
    listBoards: async (w, o) => (await s.teamBoards(w, o)).boards,
    // /v2 board detail is preferred; it may omit Id and members ("enrich from v1.18", boards.ts:93-96).
    async getBoard(w, id, o) {
      const team = await s.teamBoards(w, o);
      const listed = team.boards.find((b) => b.Id === id);
      const v2 = await boardEndpoints.getBoard(w, id, o).catch((e: unknown) => {
        if (listed === undefined) throw e;
        return listed;
      });
      return { ...v2, Id: id, Users: v2.Users.length > 0 ? v2.Users : (listed?.Users ?? []) };
    },
    createBoard: () => Promise.reject(notOffered('Creating boards', 'POST', '/v2/board')),
    listColumns: (w, boardId, o) => columnsOf(w, s, boardId, o),
    async getColumn(w, boardId, columnId, o) {
      const hit = (await columnsOf(w, s, boardId, o)).find((c) => c.Id === columnId);
      if (hit !== undefined) return hit;
      throw new ApiError({
        status: 404,
        method: 'GET',
        path: '/v1.18/teamBoard/boards',
        kind: 'http',
        retryable: false,
        message: `Board ${boardId} has no column ${columnId}`,
      });
    },
    async listCards(w, boardId, columnId, page, limit, o) {
      const label = await labelOf(w, s, boardId, columnId, `GET ${FETCH}`);
      const size = limit ?? DEFAULT_LIMIT;
      const kept = page > 1 ? s.listing(boardId, label) : undefined;
      const rows = kept ?? (await fetchColumn(w, s, boardId, label, o));
      return rows.slice((page - 1) * size, page * size);
    },
    createColumn: (_w, boardId) =>
      Promise.reject(notOffered('Creating columns', 'POST', `/v2/board/${seg(boardId)}/column`)),

    async getCard(w, id, o) {
      // Words typed at `#` are no id: said as "no such card" without asking (the title search follows).
      if (!s.knows(id) && !hasDragAppIdForm(id))
        throw new ApiError({
          status: 404,
          method: 'GET',
          path: DETAIL,
          kind: 'http',
          retryable: false,
          message: `“${id}” is not a DragApp card id (a number, a thread’s hex id or wamid-…): nothing was asked`,
        });
      const entityType = s.kindOf(id);
      const boardId = s.boardOfCard(id);
      const [page, assignees] = await Promise.all([
        v1(w, 'GET', DETAIL, {
          query: { entityId: id, entityType, skipUpdateReadStatus: 'true', boardId },
          o,
        }).catch((e: unknown) => {
          throw entityNotFound(e);
        }),
        // May fail on its own (the vendor's client tolerates that too): the detail then lacks assignees.
        v1(w, 'GET', '/v1.18/checklistComment/GetEmailAssignees', { query: { threadId: id }, o }).catch(() => null),
      ]);
      const d = readDetail(id, page, assignees);
      if (d === undefined) throw new Error(`GET ${DETAIL}: no card ${id} in the answer`);
      return d;
    },
    async createCard(w, body, o): Promise<CreatedCard> {
      const path = '/v1.18/task/create';
      // Always the exact label: a bare number is stored as given and no column ever lists the card.
      const label = await labelOf(w, s, body.BoardId, body.ColumnId, `POST ${path}`);
      // What task/create can't carry is refused before anything is sent, rather than dropped.
      if (body.SubTask !== undefined) throw notOffered('Adding sub-tasks', 'POST', path);
      if (body.ReadStatus === 0) throw notOffered('Creating a card unread', 'POST', path);
      if ((body.Assignee?.length ?? 0) > 1) {
        throw notOffered('', 'POST', path, `DragApp's ${path} takes one assignee; nothing was sent`);
      }
      const answer = await v1(w, 'POST', path, {
        body: {
          boardId: body.BoardId,
          columnId: label,
          taskName: Buffer.from(body.CardTitle, 'utf8').toString('base64'),
          ...(body.Note !== undefined && body.Note.trim() !== '' ? { note: body.Note } : {}),
          ...(body.Comment !== undefined && body.Comment.trim() !== '' ? { comment: body.Comment } : {}),
          ...(body.Assignee?.[0] !== undefined ? { assignee: body.Assignee[0] } : {}),
        },
        o,
      });
      const f = isRecord(answer) ? new Fields(answer) : undefined;
      const inner = (k: string) => {
        const v = f?.get(k);
        return isRecord(v) ? new Fields(v).get('taskId') : undefined;
      };
      const said = readCardId(f?.get('taskId') ?? inner('data') ?? inner('Response'));
      const before = new Set(
        (s.listing(body.BoardId, label) ?? []).map((r) => (isUnreadable(r) ? '' : r.ServiceTaskId)),
      );
      const rows = await fetchColumn(w, s, body.BoardId, label, o);
      const found = rows.find((r) =>
        isUnreadable(r)
          ? false
          : said !== undefined
            ? r.ServiceTaskId === said
            : r.TaskName === body.CardTitle && !before.has(r.ServiceTaskId),
      );
      if (found === undefined || isUnreadable(found)) {
        throw new ApiError({
          status: 200,
          method: 'POST',
          path,
          kind: 'response',
          retryable: false,
          message:
            `Creating the card FAILED: DragApp answered POST ${path}, but no card ` +
            `"${body.CardTitle}" is listed in its column afterwards`,
        });
      }
      return { taskId: found.ServiceTaskId, Success: v1Words(answer) };
    },
    async updateCard(w, id, body, o) {
      const boardId = body.BoardId;
      if (body.Assignee !== undefined) {
        // The vendor's client sets assignees with PUT /v2/card/:id in camelCase (unverified there too).
        const label = await labelOf(w, s, boardId, body.ColumnId, `PUT /v2/card/${seg(id)}`);
        return answerText(
          await w.change('PUT', `/v2/card/${seg(id)}`, {
            body: { boardId, columnId: label, assignee: body.Assignee === null ? [] : [...body.Assignee] },
            o,
          }),
        );
      }
      // save-title, not PUT /v2/card/:id: only this route tells other open clients of the new title.
      const entityType = s.kindOf(id);
      const answer = await v1(w, 'POST', '/v1.18/card/save-title', {
        body: { entityId: id, entityType, title: body.CardTitle, boardId },
        o,
      });
      return v1Words(answer);
    },
    async moveCard(w, body, o) {
      const path = '/v1.18/emailData/move';
      const label = await labelOf(w, s, body.NewBoardId, body.NewColumnId, `POST ${path}`);
      const newBoardId = body.NewBoardId ?? s.boardOfLabel(label) ?? (await boardOfCard(w, s, body.Id));
      if (newBoardId === undefined) throw new Error(`POST ${path}: the board of card ${body.Id} is not known`);
      // Every value a string: the route's validator takes nothing else.
      const answer = await v1(w, 'POST', path, {
        body: {
          entityId: body.Id,
          entityType: s.kindOf(body.Id),
          newColumnId: label,
          newBoardId: String(newBoardId),
          newPosition: String(body.NewPosition),
        },
        o,
      });
      s.saw(body.Id, undefined, newBoardId);
      return v1Words(answer);
    },
    async archiveCard(w, id, o) {
      if (s.kindOf(id) !== '1') {
        const why = "DragApp can't archive email threads through its API (only tasks); nothing was sent";
        throw notOffered('Archiving email threads', 'DELETE', `/v2/card/${seg(id)}`, why);
      }
      return cardEndpoints.archiveCard(w, id, o);
    },
    async setDueDate(w, id, due, o) {
      const path = '/v1.18/checklistComment/SaveDueDate';
      if (due === null) throw notOffered('Clearing a due date', 'POST', path);
      const DueDate = isoToDue(due);
      if (DueDate === undefined) throw new Error(`"${due}" is not a date`);
      await v1(w, 'POST', path, { body: { entityId: id, entityType: s.kindOf(id), DueDate }, o });
      return { CardId: id, DueDate: due };
    },
    addNote: (_w, id) => Promise.reject(notOffered('Adding notes', 'POST', `/v2/card/${seg(id)}/note`)),
    addSubTask: (_w, id) => Promise.reject(notOffered('Adding sub-tasks', 'POST', `/v2/card/${seg(id)}/sub-task`)),
    setTags: (_w, id) => Promise.reject(notOffered("Removing a card's tags", 'PUT', `/v2/card/${seg(id)}/tags`)),
    setReadStatus: (_w, id) =>
      Promise.reject(notOffered('Marking cards read or unread', 'PUT', `/v2/card/${seg(id)}/read-status`)),
    tickSubTask: (_w, id) => Promise.reject(notOffered('Ticking sub-tasks', 'PUT', `/v2/card/${seg(id)}/sub-task`)),
    listArchivedCards: (_w, b) =>
      Promise.reject(notOffered("Listing a board's archived cards", 'GET', `/v2/board/${seg(b)}/archived-cards`)),
    restoreCard: (_w, id) =>
      Promise.reject(notOffered('Restoring archived cards', 'POST', `/v2/card/${seg(id)}/restore`)),
    ...dragAppMail(s, boardOfCard),
    ...dragAppSearch(s),
    ...dragAppReplies,
  } satisfies Partial<Endpoints<OperationName>>;
}
