/**
 * A loopback stand-in for DragApp as its vendor's own client records it
 * (nick-timms/drag-mcp-server at 645da27): the v1.18 routes it uses instead
 * of /v2 with their quirks (Label_N columns, cards keyed by id, base64
 * titles, Bug L1, `{Error, Success:false}` on a 200), its email routes
 * (dragapp-mail-routes.ts), and the /v2 routes as they behave there. Shapes
 * live in dragapp-shapes.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expressNotFound, fail, intOf, json, parseBody, textOf, type Answer } from './recorded-shapes.js';
import { v2Routes, type Handler } from './dragapp-v2-routes.js';
import { dragMailSeed, mailRoutes, type DragMail } from './dragapp-mail-routes.js';
import {
  boardDetail,
  boardListEntry,
  columnItems,
  detailPage,
  dragSeed,
  DUE_FORMAT,
  listedItem,
  notString,
  placeAt,
  v1Error,
  v1Ok,
  type DragItem,
  type DragWorld,
} from './dragapp-shapes.js';

export const DRAGAPP_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.dragapp-stand-in';

export interface DragAppService {
  url: string;
  key: string;
  world: DragWorld;
  /** Ids a column lists now, top first, as emailData/fetch gives them. */
  listed(boardId: number, labelId: string): string[];
  item(id: string): DragItem | undefined;
  requests: { method: string; path: string; body: string }[];
  /** The threads' messages and the replies sent (dragapp-mail-routes.ts). */
  mail: DragMail;
  /** The next create is stored as Bug L1 stores a bare numeric column: listed nowhere. */
  ghostNextCreate: boolean;
  close(): Promise<void>;
}

export async function startDragAppService(opts: { port?: number; key?: string } = {}): Promise<DragAppService> {
  const key = opts.key ?? DRAGAPP_KEY;
  const w = dragSeed();
  const mail = dragMailSeed();
  const requests: DragAppService['requests'] = [];
  const board = (v: unknown) => w.boards.find((b) => b.id === intOf(v));
  const find = (id: unknown) => w.items.find((i) => i.id === id);
  const svc: Pick<DragAppService, 'ghostNextCreate'> = { ghostNextCreate: false };

  const routes: [string, RegExp, Handler][] = [
    // evidence §2.2/§2.3, boards.ts:99-134, types.ts:34-67: every board, its members and its columns at once.
    [
      'GET',
      /^\/v1\.18\/teamBoard\/boards$/,
      () => {
        const [main, ...rest] = w.boards.map(boardDetail);
        const ColumnsByBoard: Record<string, unknown> = {};
        for (const b of w.boards) ColumnsByBoard[String(b.id)] = b.columns.map((c) => ({ ...c, userRole: '1' }));
        return json(200, { MainBoard: main, SecondaryBoards: rest, ColumnsByBoard, OwnBoardsCount: w.boards.length });
      },
    ],
    // evidence §2.1, boards.ts:84-88: no body, a raw array.
    ['POST', /^\/v1\.18\/teamBoard\/list$/, () => json(200, w.boards.map(boardListEntry))],
    // evidence §2.4, cards.ts:237-243, types.ts:156-165: objects keyed by id, no paging.
    [
      'GET',
      /^\/v1\.18\/teamBoard\/emailData\/fetch$/,
      (_, q) => {
        const b = board(q.get('boardId'));
        const columnId = q.get('columnId') ?? '';
        if (!b) return v1Error('Board not found'); // [unknown]: chosen.
        const byId: Record<string, unknown> = {};
        columnItems(w, b.id, columnId).forEach((i, n) => (byId[i.id] = listedItem(i, n)));
        return json(200, { Response: { [columnId]: byId }, SequenceOrder: [], Success: true, isEmail: true });
      },
    ],
    // evidence §2.17, email.ts:337-369: fields JSON-encoded as strings, whole words, no stemming; the answer
    // as emailData/fetch gives it (types.ts FetchEmailDataResponse), a task's title base64 only (shaping.ts:323-324).
    [
      'POST',
      /^\/v1\.18\/teamBoard\/emailData\/search-emails$/,
      (_, __, b) => {
        const wrong = notString(b, ['boardIds', 'searchParams', 'filterParams', 'assignees', 'tagList']);
        if (wrong !== undefined) return v1Error(`"${wrong}" must be a JSON string`); // [unknown]: chosen.
        const boardIds = JSON.parse(b.boardIds as string) as unknown[];
        const params = JSON.parse(b.searchParams as string) as { key?: string; value?: string };
        const words = String(params.value ?? '')
          .replace(/^%|%$/g, '')
          .toLowerCase();
        if (words.trim() === '') return v1Error('Search value is required'); // [unknown]: chosen.
        const whole = new RegExp(
          `(^|[^\\p{L}\\p{N}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
          'u',
        );
        const Response: Record<string, Record<string, unknown>> = {};
        for (const i of w.items) {
          if (!boardIds.some((id) => intOf(id) === i.boardId) || w.archived.includes(i.id)) continue;
          const hay = params.key === 'MsgFrom' ? (i.from ?? '') : `${i.title} ${i.snippet ?? ''} ${i.from ?? ''}`;
          if (!whole.test(hay.toLowerCase())) continue;
          const listed = listedItem(i, Object.keys(Response[i.columnId] ?? {}).length);
          delete listed.dragTaskName;
          (Response[i.columnId] ??= {})[i.id] = listed;
        }
        return json(200, { Response, SequenceOrder: [], Success: true, isEmail: true });
      },
    ],
    // evidence §2.5, cards.ts:257-265.
    [
      'GET',
      /^\/v1\.18\/entityConversation\/detail-page$/,
      (_, q) => {
        const i = find(q.get('entityId'));
        return i ? json(200, detailPage(i)) : v1Error('Entity not found');
      },
    ],
    // evidence §2.5, cards.ts:206-221, :266-270: `threadId` even for tasks; assignees as a JSON string.
    [
      'GET',
      /^\/v1\.18\/checklistComment\/GetEmailAssignees$/,
      (_, q) => {
        const i = find(q.get('threadId'));
        return i ? v1Ok({ Assignees: JSON.stringify(i.assignees) }) : v1Error('Entity not found');
      },
    ],
    // evidence §2.10, cards.ts:371-406, email.ts:386-398: every value a string.
    [
      'POST',
      /^\/v1\.18\/emailData\/move$/,
      (_, __, b) => {
        const wrong = notString(b, ['entityId', 'entityType', 'newColumnId', 'newBoardId', 'newPosition']);
        if (wrong !== undefined) return v1Error(`"${wrong}" must be a string`);
        const i = find(b.entityId);
        const to = board(b.newBoardId);
        if (!i || !to) return v1Error('Entity not found');
        i.boardId = to.id;
        i.columnId = b.newColumnId as string;
        placeAt(w, i, intOf(b.newPosition) ?? 0);
        return v1Ok('Moved');
      },
    ],
    // evidence §2.6, cards.ts:170-185, :291-310, tasks.ts:66-85: base64 taskName; any columnId written as given.
    [
      'POST',
      /^\/v1\.18\/task\/create$/,
      (_, __, b) => {
        if ('dueDate' in b) return v1Error('"dueDate" is not allowed');
        const bd = board(b.boardId);
        const encoded = textOf(b.taskName);
        if (!bd || typeof b.columnId !== 'string' || !encoded)
          return v1Error('boardId, columnId and taskName are required');
        const id = String(w.nextTask++);
        const title = Buffer.from(encoded, 'base64').toString('utf8');
        const assignee = textOf(b.assignee);
        // Bug L1: a column id that names no column is stored all the same; no column ever lists it.
        const columnId = svc.ghostNextCreate ? b.columnId.replace(/^Label_/, '') : b.columnId;
        svc.ghostNextCreate = false;
        const i: DragItem = {
          id,
          kind: 'task',
          boardId: bd.id,
          columnId,
          title,
          note: textOf(b.note) ?? null,
          due: null,
          assignees: assignee ? [assignee] : [],
          status: 'OPEN',
          read: true,
        };
        w.items.push(i);
        placeAt(w, i, 0);
        return v1Ok({ taskId: Number(id) }); // [unknown]: the vendor looks at Response.taskId too (tasks.ts:4-14).
      },
    ],
    // evidence §2.7, cards.ts:341-366: plain title; boardId required.
    [
      'POST',
      /^\/v1\.18\/card\/save-title$/,
      (_, __, b) => {
        const i = find(b.entityId);
        const title = textOf(b.title);
        if (b.boardId === undefined) return v1Error('"boardId" is required');
        if (!i || !title) return v1Error('Entity not found');
        i.title = title;
        return v1Ok('Title saved');
      },
    ],
    // evidence §2.9, tasks.ts:87-93, encoding.ts:15-29: DueDate in exactly YYYY-MM-DD HH:mm:ss.
    [
      'POST',
      /^\/v1\.18\/checklistComment\/SaveDueDate$/,
      (_, __, b) => {
        if (typeof b.entityId !== 'string') return v1Error('"entityId" must be a string');
        if (typeof b.DueDate !== 'string' || !DUE_FORMAT.test(b.DueDate)) {
          return v1Error('"DueDate" must be in YYYY-MM-DD HH:mm:ss format');
        }
        const i = find(b.entityId);
        if (!i) return v1Error('Entity not found');
        i.due = b.DueDate;
        return v1Ok('Due date saved');
      },
    ],
    ...mailRoutes(w, mail),
    ...v2Routes(w),
  ];

  const answer = (method: string, url: URL, raw: string, auth: string | undefined): Answer => {
    // evidence §4.1, client.ts:74, oauth.ts:173-188: the bare key; 401 when it is wrong.
    if (auth !== key) return { status: 401, body: 'Unauthorized', contentType: 'text/plain' };
    for (const [m, re, handle] of routes) {
      const hit = m === method ? re.exec(url.pathname) : null;
      if (!hit) continue;
      const body = parseBody(raw);
      if (!body) return fail(400, 'Invalid JSON body');
      return handle(hit.slice(1).map(decodeURIComponent), url.searchParams, body);
    }
    return expressNotFound(method, url.pathname);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      requests.push({ method, path: req.url ?? '/', body: raw });
      let a: Answer;
      try {
        a = answer(method, new URL(req.url ?? '/', 'http://dragapp.invalid'), raw, req.headers.authorization);
      } catch (e) {
        a = fail(500, `stand-in bug: ${e instanceof Error ? e.message : String(e)}`);
      }
      res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/json; charset=utf-8', ...a.headers });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const rest: Omit<DragAppService, 'ghostNextCreate'> = {
    url: `http://127.0.0.1:${port}`,
    key,
    world: w,
    mail,
    requests,
    listed: (boardId, labelId) => columnItems(w, boardId, labelId).map((i) => i.id),
    item: (id) => find(id),
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return Object.assign(svc, rest);
}
