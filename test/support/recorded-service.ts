/**
 * A fixture server that answers the way the REAL vendor service does, as its
 * own public client (nick-timms/drag-mcp-server) records it, where that
 * departs from the API reference: boards' Users as a string or [], columns
 * without ColumnId, cards under DragTaskId / camelCase / Id+Title, a card
 * detail of four keys, column-cards and move-card that accept only the
 * numeric column Id, ids past 2^53 written as raw digits, unreadable rows,
 * and Express's HTML 404 for routes the service lacks. Data and shapes (with
 * their evidence) live in recorded-shapes.ts; this file is the routing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  activeCard,
  addComment,
  assigneesOf,
  badColumn,
  boardShape,
  cardDetail,
  cardRow,
  columnShape,
  commentShape,
  EMAIL_SEQUENCE_DETAIL,
  EMAIL_SEQUENCE_ENTRY,
  expressNotFound,
  extras,
  fail,
  findColumn,
  idField,
  intOf,
  json,
  noCard,
  now,
  ok,
  OWNER,
  parseBody,
  place,
  RawId,
  rowsIn,
  seed,
  textOf,
  unplace,
  UNREADABLE_BOARD,
  UNREADABLE_ROW,
  USER_ID,
  type Answer,
  type Body,
  type CardRec,
} from './recorded-shapes.js';

export const RECORDED_DEFAULT_KEY = 'recorded-test-key-0123456789';

type Handler = (p: string[], q: URLSearchParams, b: Body) => Answer;

export interface RecordedService {
  url: string;
  key: string;
  /** Card ids in a column, top first, exactly as strings (the unreadable row has no id and is left out). */
  cardIds(columnId: number): string[];
  /** Ids archived, in order. */
  archived: string[];
  /** Comments as they stand now: added (POST /v2/comment or a card's Comment), edited in place, removed on delete. */
  comments: { cardId: string; body: string }[];
  notes: { cardId: string; body: string }[];
  subTasks: { cardId: string; body: string }[];
  tagsAdded: { cardId: string; tagId: string }[];
  /** Current title of a card (archived ones too). */
  titles(id: string): string | undefined;
  /** Every request as it came: `path` is the request target with its query; `body` the raw text. */
  requests: { method: string; path: string; body: string }[];
  /**
   * One-shot canned answer for the next request whose method equals `method`
   * and whose path (without the query) matches `path`; it is given before the
   * key is checked. Several queue up in order.
   */
  answerNext(method: string, path: RegExp, answer: { status: number; body: string; contentType?: string }): void;
  close(): Promise<void>;
}

export async function startRecordedService(
  opts: { port?: number; key?: string; host?: string } = {},
): Promise<RecordedService> {
  const key = opts.key ?? RECORDED_DEFAULT_KEY;
  const host = opts.host ?? '127.0.0.1';
  const w = seed();
  const canned: { method: string; path: RegExp; answer: Answer }[] = [];
  const svc = { url: '', key, requests: [] as RecordedService['requests'], ...w.log };

  const board = (id: number | undefined) => w.boards.find((x) => x.id === id);
  const column = (v: unknown, boardId: number | undefined) => findColumn(w, v, boardId);
  const rowsOf = (columnId: number) => rowsIn(w, columnId);
  const liveCard = (id: string | undefined) => activeCard(w, id);

  const routes: [string, RegExp, Handler][] = [
    [
      'GET',
      /^\/v2\/board$/,
      () => {
        const list: unknown[] = w.boards.map(boardShape);
        list.splice(2, 0, UNREADABLE_BOARD); // mid-list, so a client that stops at it loses the WhatsApp board
        return ok(list);
      },
    ],
    [
      'GET',
      /^\/v2\/board\/([^/]+)$/,
      ([id]) => {
        const b = board(intOf(id));
        return b ? ok(boardShape(b)) : fail(404, 'Board not found');
      },
    ],
    [
      'POST',
      /^\/v2\/board$/,
      (_, __, b) => {
        const name = textOf(b.Name);
        if (!name) return fail(400, 'Name is required');
        const users = Array.isArray(b.Users) ? b.Users.filter((u): u is string => typeof u === 'string') : [];
        const id = w.next.board++;
        // types.ts Board.Users: GROUP_CONCAT string when there are members, [] when none.
        w.boards.push({
          id,
          name,
          owner: OWNER,
          users: users.length > 0 ? users.join(',') : [],
          integrationType: null,
        });
        return ok({ Id: id, BoardName: name });
      },
    ],
    [
      'GET',
      /^\/v2\/board\/([^/]+)\/columns$/,
      ([id]) => {
        const b = board(intOf(id));
        return b ? ok(w.columns.filter((c) => c.boardId === b.id).map(columnShape)) : fail(404, 'Board not found');
      },
    ],
    [
      'GET',
      /^\/v2\/board\/([^/]+)\/column\/([^/]+)$/,
      ([boardId, id]) => {
        const c = column(id, intOf(boardId));
        return c ? ok(columnShape(c)) : badColumn();
      },
    ],
    [
      'POST',
      /^\/v2\/board\/([^/]+)\/column$/,
      ([boardId], _, b) => {
        const bd = board(intOf(boardId));
        if (!bd) return fail(404, 'Board not found');
        const name = textOf(b.Name);
        if (!name) return fail(400, 'Name is required');
        const id = w.next.column++;
        w.columns.push({ id, boardId: bd.id, name, label: `Label_${9726645000 + id}` });
        rowsOf(id);
        return ok({ Success: 'Column created' });
      },
    ],
    [
      'GET',
      /^\/v2\/board\/([^/]+)\/column\/([^/]+)\/cards$/,
      ([boardId, id], q) => {
        const col = column(id, intOf(boardId));
        if (!col) return badColumn();
        const page = intOf(q.get('page') ?? '1'),
          limit = intOf(q.get('limit') ?? '50');
        if (page === undefined || page < 1) return fail(400, 'Invalid page');
        if (limit === undefined || limit < 1) return fail(400, 'Invalid limit');
        const slice = rowsOf(col.id).slice((page - 1) * limit, page * limit);
        return ok(
          slice.map((r) => {
            const c = r === null ? undefined : w.cards.get(r);
            return c ? cardRow(c, col.label) : UNREADABLE_ROW;
          }),
        );
      },
    ],
    // cards.ts archive_card: archiving "closes it rather than deleting it. The card remains retrievable".
    [
      'GET',
      /^\/v2\/card\/([^/]+)$/,
      ([id]) => {
        const c = id === undefined ? undefined : w.cards.get(id);
        return c ? ok(cardDetail(c)) : noCard();
      },
    ],
    [
      'POST',
      /^\/v2\/card$/,
      (_, __, b) => {
        const boardId = intOf(b.BoardId);
        const col = column(b.ColumnId, boardId);
        if (!col) return badColumn();
        const title = textOf(b.CardTitle);
        if (!title) return fail(400, 'CardTitle is required');
        while (w.cards.has(String(w.next.task))) w.next.task++;
        const id = String(w.next.task++);
        const c: CardRec = {
          id,
          title,
          boardId: col.boardId,
          columnId: col.id,
          form: 'pascal',
          read: intOf(b.ReadStatus) === 0 ? 0 : 1,
          assignees: assigneesOf(b.Assignee),
          customFields: '[]',
          dueDate: null,
          owner: OWNER,
          createdAt: now(w),
          status: '1',
          note: '',
          archived: false,
        };
        w.cards.set(id, c);
        rowsOf(col.id).unshift(id);
        extras(w, c, b);
        // Reference: no envelope; taskId a number.
        return json(200, { Error: false, Success: 'Task created', taskId: new RawId(id) });
      },
    ],
    [
      'POST',
      /^\/v2\/card\/move-card$/,
      (_, __, b) => {
        const id = idField(b, 'Id');
        if (typeof id !== 'string') return id;
        const c = liveCard(id);
        if (!c) return noCard();
        const toBoard = b.NewBoardId === undefined || b.NewBoardId === null ? c.boardId : intOf(b.NewBoardId);
        // cards.ts move_card: v2 move-card "looks up columns by their numeric BoardColumnId".
        const col = column(b.NewColumnId, toBoard);
        if (!col) return badColumn();
        const pos = intOf(b.NewPosition);
        if (pos === undefined) return fail(400, 'NewPosition is required');
        place(w, c, col, pos);
        return ok('success');
      },
    ],
    [
      'PUT',
      /^\/v2\/card\/([^/]+)$/,
      ([id], _, b) => {
        const c = liveCard(id);
        if (!c) return noCard();
        if (intOf(b.BoardId) !== c.boardId) return badColumn();
        // cards.ts update_card sends a "Label_N" column to this route, so both forms are taken here.
        const col =
          column(b.ColumnId, c.boardId) ?? w.columns.find((x) => x.label === b.ColumnId && x.boardId === c.boardId);
        if (!col) return badColumn();
        const title = textOf(b.CardTitle);
        if (!title) return fail(400, 'CardTitle is required');
        c.title = title;
        if ('Assignee' in b) c.assignees = assigneesOf(b.Assignee);
        extras(w, c, b);
        return ok(c.id);
      },
    ],
    [
      'DELETE',
      /^\/v2\/card\/([^/]+)$/,
      ([id]) => {
        const c = liveCard(id);
        if (!c) return noCard();
        unplace(w, c);
        c.archived = true;
        w.log.archived.push(c.id);
        return ok({ id: c.id });
      },
    ],
    [
      'POST',
      /^\/v2\/card\/([^/]+)\/(note|sub-task)$/,
      ([id, what], _, b) => {
        const c = liveCard(id);
        if (!c) return noCard();
        const body = textOf(b.Body);
        if (!body) return fail(400, 'Body is required');
        if (what === 'note') {
          c.note = body;
          w.log.notes.push({ cardId: c.id, body });
        } else w.log.subTasks.push({ cardId: c.id, body });
        return ok({ CardId: c.id });
      },
    ],
    // tags.ts add_tag_to_card: POST /v2/card/:id/tags with { TagId }. (PUT on this path is not a route.)
    [
      'POST',
      /^\/v2\/card\/([^/]+)\/tags$/,
      ([id], _, b) => {
        const c = liveCard(id);
        if (!c) return noCard();
        const tagId = intOf(b.TagId);
        if (!w.tags.some((t) => t.id === tagId && t.boardId === c.boardId)) return fail(400, 'Invalid TagId');
        w.log.tagsAdded.push({ cardId: c.id, tagId: String(tagId) });
        return ok({ CardId: c.id });
      },
    ],
    // comments.ts add_comment reads result.CommentDetails straight off the answer: no envelope.
    [
      'POST',
      /^\/v2\/comment$/,
      (_, __, b) => {
        const cardId = idField(b, 'CardId');
        if (typeof cardId !== 'string') return cardId;
        const c = liveCard(cardId);
        if (!c) return noCard();
        const body = textOf(b.Body);
        if (!body) return fail(400, 'Body is required');
        const id = addComment(w, c.id, body);
        return json(200, { Error: false, Success: 'Comment added', CommentDetails: commentShape(w, id, true) });
      },
    ],
    // comments.ts get_comment: the client unwraps the envelope and reads a Comment.
    [
      'GET',
      /^\/v2\/comment\/([^/]+)$/,
      ([id]) => {
        const cm = commentShape(w, intOf(id) ?? -1, true);
        return cm ? ok(cm) : fail(404, 'Comment not found');
      },
    ],
    [
      'PUT',
      /^\/v2\/comment\/([^/]+)$/,
      ([id], _, b) => {
        const n = intOf(id) ?? -1;
        const cm = w.comments.get(n);
        if (!cm) return fail(404, 'Comment not found');
        const body = textOf(b.Body);
        if (!body) return fail(400, 'Body is required');
        cm.entry.body = body;
        // Reference: the update's CommentDetails has no UserId.
        return json(200, { Error: false, Success: 'Comment updated', CommentDetails: commentShape(w, n, false) });
      },
    ],
    [
      'DELETE',
      /^\/v2\/comment\/([^/]+)$/,
      ([id]) => {
        const n = intOf(id) ?? -1;
        const cm = w.comments.get(n);
        if (!cm) return fail(404, 'Comment not found');
        w.comments.delete(n);
        w.log.comments.splice(w.log.comments.indexOf(cm.entry), 1);
        return ok({ CommentId: n });
      },
    ],
    // tags.ts list_tags: GET /v2/tag with BoardId in the query.
    [
      'GET',
      /^\/v2\/tag$/,
      (_, q) => {
        const b = board(intOf(q.get('BoardId')));
        if (!b) return fail(400, 'BoardId is required');
        return ok(
          w.tags
            .filter((t) => t.boardId === b.id)
            .map((t) => ({ Id: t.id, Name: t.name, Color: t.color, BoardId: t.boardId })),
        );
      },
    ],
    [
      'POST',
      /^\/v2\/tag$/,
      (_, __, b) => {
        const bd = board(intOf(b.BoardId));
        const name = textOf(b.Name),
          color = intOf(b.Color);
        if (!bd) return fail(400, 'BoardId is required');
        if (!name || color === undefined) return fail(400, 'Name and Color are required');
        const t = { id: w.next.tag++, name, color: String(color), boardId: bd.id };
        w.tags.push(t);
        return ok({ Id: t.id, Name: t.name, Color: t.color, Description: null, BoardId: t.boardId, UserId: USER_ID });
      },
    ],
    [
      'DELETE',
      /^\/v2\/tag$/,
      (_, q, b) => {
        const boardId = intOf(q.get('BoardId') ?? b.BoardId),
          tagId = intOf(q.get('TagId') ?? b.TagId);
        const i = w.tags.findIndex((t) => t.id === tagId && t.boardId === boardId);
        if (i < 0) return fail(404, 'Tag not found');
        w.tags.splice(i, 1);
        return ok({ Id: tagId });
      },
    ],
    // Reference: one bare entry, no envelope. (POST /v2/email-sequence is not a route.)
    ['GET', /^\/v2\/email-sequence$/, () => json(200, EMAIL_SEQUENCE_ENTRY)],
    [
      'GET',
      /^\/v2\/email-sequence\/([^/]+)$/,
      ([id]) =>
        id === EMAIL_SEQUENCE_DETAIL.Id ? json(200, EMAIL_SEQUENCE_DETAIL) : fail(404, 'Email sequence not found'),
    ],
  ];

  const decode = (s = '') => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };

  const answer = (method: string, url: URL, raw: string, auth: string | undefined): Answer => {
    const i = canned.findIndex((c) => c.method === method && ((c.path.lastIndex = 0), c.path.test(url.pathname)));
    if (i >= 0) return canned.splice(i, 1)[0]!.answer;
    if (auth !== key && auth?.replace(/^Bearer\s+/i, '') !== key) return fail(401, 'Invalid or revoked API key');
    for (const [m, re, handle] of routes) {
      const hit = m === method ? re.exec(url.pathname) : null;
      if (!hit) continue;
      const body = parseBody(raw);
      if (!body) return fail(400, 'Invalid JSON body');
      try {
        return handle(hit.slice(1).map(decode), url.searchParams, body);
      } catch (e) {
        return fail(500, `recorded-service bug: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    return expressNotFound(method, url.pathname);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      svc.requests.push({ method, path: req.url ?? '/', body: raw });
      const a = answer(method, new URL(req.url ?? '/', 'http://recorded.invalid'), raw, req.headers.authorization);
      res
        .writeHead(a.status, { 'content-type': a.contentType ?? 'application/json; charset=utf-8', ...a.headers })
        .end(a.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  svc.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return Object.assign(svc, {
    cardIds: (columnId: number) => (w.rows.get(columnId) ?? []).filter((r): r is string => r !== null),
    titles: (id: string) => w.cards.get(id)?.title,
    answerNext(method: string, path: RegExp, a: Answer) {
      canned.push({ method: method.toUpperCase(), path, answer: a });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
