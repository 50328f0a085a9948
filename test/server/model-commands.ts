/**
 * The in-memory model of boards, columns, card order, archive (and the
 * archived list, restore), tags, comments, due dates, read state and
 * sub-task ticks, and the fast-check commands that drive the real service and the
 * model side by side (test/server/model.test.ts). Commands pick their
 * targets by index into what the model knows, so they are generated
 * without a state; each command also states what the service must answer
 * (200, or the 4xx a missing/archived/foreign thing gets).
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import type { Reply, TestService } from './helpers.js';

export interface Model {
  boards: number[];
  columnsOf: Map<number, number[]>;
  /** column id → active card ids, top first */
  order: Map<number, number[]>;
  boardOfColumn: Map<number, number>;
  cards: number[];
  columnOf: Map<number, number>;
  archived: Set<number>;
  /** card → when it was archived, as a count of archive events (archiving again keeps the first) */
  archivedSeq: Map<number, number>;
  archiveEvents: number;
  /** card → due date as the service stores it (absent: none) */
  due: Map<number, string>;
  /** cards marked unread (cards are created read) */
  unread: Set<number>;
  subTasks: number[];
  subTask: Map<number, { card: number; done: boolean }>;
  /** every tag ever created → its board; `deletedTags` those gone */
  tags: number[];
  boardOfTag: Map<number, number>;
  deletedTags: Set<number>;
  tagsOf: Map<number, Set<number>>;
  comments: number[];
  comment: Map<number, { card: number; body: string }>;
}

export interface Real {
  s: TestService;
  /** cards whose detail the last command may have changed */
  touched: number[];
}

export const emptyModel = (): Model => ({
  boards: [],
  columnsOf: new Map(),
  order: new Map(),
  boardOfColumn: new Map(),
  cards: [],
  columnOf: new Map(),
  archived: new Set(),
  archivedSeq: new Map(),
  archiveEvents: 0,
  due: new Map(),
  unread: new Set(),
  subTasks: [],
  subTask: new Map(),
  tags: [],
  boardOfTag: new Map(),
  deletedTags: new Set(),
  tagsOf: new Map(),
  comments: [],
  comment: new Map(),
});

export type Cmd = fc.AsyncCommand<Model, Real>;
export const at = <T>(xs: readonly T[], i: number): T => xs[i % xs.length] as T;
export const status = (r: Reply, want: number, what: string) =>
  expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(want);

/** Fails on the first difference between the model and the service's lists and details. */
export async function compare(m: Model, r: Real, cards: readonly number[]): Promise<void> {
  for (const col of m.order.keys()) {
    const board = m.boardOfColumn.get(col) as number;
    const res = await r.s.call('GET', `/v2/board/${board}/column/${col}/cards?page=1&limit=200`);
    status(res, 200, `list column ${col}`);
    const listed = res.json.data as { ServiceTaskId: number; DueDate: string | null; ReadUnreadStatus: number }[];
    expect(
      listed.map((c) => c.ServiceTaskId),
      `order of column ${col}`,
    ).toEqual(m.order.get(col));
    for (const c of listed) {
      expect(c.DueDate, `card ${c.ServiceTaskId} due in the list`).toBe(m.due.get(c.ServiceTaskId) ?? null);
      expect(c.ReadUnreadStatus, `card ${c.ServiceTaskId} read in the list`).toBe(
        m.unread.has(c.ServiceTaskId) ? 0 : 1,
      );
    }
  }
  for (const board of m.boards) await compareArchived(m, r, board);
  for (const id of new Set(cards)) {
    const res = await r.s.call('GET', `/v2/card/${id}`);
    status(res, 200, `card ${id}`);
    const d = res.json.data;
    expect(d.Archived, `card ${id} archived`).toBe(m.archived.has(id));
    expect(d.ColumnId, `card ${id} column`).toBe(`Label_${m.columnOf.get(id)}`);
    const tags = (d.Tags as { Id: number }[]).map((t) => t.Id).sort((a, b) => a - b);
    expect(tags, `card ${id} tags`).toEqual([...(m.tagsOf.get(id) ?? [])].sort((a, b) => a - b));
    const want = m.comments
      .filter((c) => m.comment.get(c)?.card === id)
      .map((c) => ({ CommentId: c, Comment: m.comment.get(c)?.body }));
    const got = (d.Comments as { CommentId: number; Comment: string }[]).map((c) => ({
      CommentId: c.CommentId,
      Comment: c.Comment,
    }));
    expect(got, `card ${id} comments`).toEqual(want);
    expect(d.DueDate, `card ${id} due`).toBe(m.due.get(id) ?? null);
    expect(d.ReadUnreadStatus, `card ${id} read`).toBe(m.unread.has(id) ? 0 : 1);
    const subs = (d.SubTasks as { SubTaskId: number; Done: boolean }[]).map((t) => [t.SubTaskId, t.Done]);
    const wantSubs = m.subTasks.filter((t) => m.subTask.get(t)?.card === id).map((t) => [t, m.subTask.get(t)?.done]);
    expect(subs, `card ${id} sub-tasks`).toEqual(wantSubs);
  }
}

/**
 * A board's archived list: exactly the model's archived cards of that board,
 * newest archive first. Archives within one millisecond share a time and go
 * by id, newest first, which is the only way the order may depart from the
 * model's sequence.
 */
async function compareArchived(m: Model, r: Real, board: number): Promise<void> {
  const res = await r.s.call('GET', `/v2/board/${board}/archived-cards?page=1&limit=200`);
  status(res, 200, `archived of board ${board}`);
  const rows = res.json.data as { ServiceTaskId: number; ArchivedAt: string }[];
  const want = [...m.archived].filter((c) => m.boardOfColumn.get(m.columnOf.get(c) as number) === board);
  expect(
    rows.map((c) => c.ServiceTaskId).sort((a, b) => a - b),
    `archived cards of board ${board}`,
  ).toEqual(want.sort((a, b) => a - b));
  rows.slice(1).forEach((b, i) => {
    const a = rows[i] as (typeof rows)[number];
    const seq = (c: number) => m.archivedSeq.get(c) as number;
    const inOrder =
      seq(a.ServiceTaskId) > seq(b.ServiceTaskId) ||
      (a.ArchivedAt === b.ArchivedAt && a.ServiceTaskId > b.ServiceTaskId);
    expect(inOrder, `archived order of board ${board}: ${a.ServiceTaskId} before ${b.ServiceTaskId}`).toBe(true);
  });
}

/** Commands run (past their precondition), for the figures. */
export const stats = { executed: 0 };

/** SQLite (rowid, no AUTOINCREMENT) hands out a deleted highest id again. */
const addCommentId = (m: Model, id: number) => {
  if (!m.comments.includes(id)) m.comments.push(id);
};

export const cmd = (name: string, check: (m: Model) => boolean, run: (m: Model, r: Real) => Promise<void>): Cmd => ({
  check,
  run: async (m, r) => {
    r.touched = [];
    stats.executed++;
    await run(m, r);
    await compare(m, r, r.touched);
  },
  toString: () => name,
});

export const createBoard = (name: string) =>
  cmd(
    `createBoard(${JSON.stringify(name)})`,
    (m) => m.boards.length < 2,
    async (m, r) => {
      const res = await r.s.call('POST', '/v2/board', { body: { Name: name } });
      status(res, 200, 'create board');
      m.boards.push(res.json.data.Id);
      m.columnsOf.set(res.json.data.Id, []);
    },
  );

export const createColumn = (b: number) =>
  cmd(
    `createColumn(${b})`,
    (m) => m.boards.length > 0 && (m.columnsOf.get(at(m.boards, b))?.length ?? 0) < 3,
    async (m, r) => {
      const board = at(m.boards, b);
      const res = await r.s.call('POST', `/v2/board/${board}/column`, { body: { Name: `col ${b}` } });
      status(res, 200, 'create column');
      const cols = (await r.s.call('GET', `/v2/board/${board}/columns`)).json.data as { Id: number }[];
      const id = (cols[cols.length - 1] as { Id: number }).Id;
      m.columnsOf.get(board)?.push(id);
      m.order.set(id, []);
      m.boardOfColumn.set(id, board);
    },
  );

const columnAt = (m: Model, b: number, c: number): number | undefined => {
  const cols = m.columnsOf.get(at(m.boards, b)) ?? [];
  return cols.length === 0 ? undefined : at(cols, c);
};

export const createCard = (b: number, c: number, title: string, comment: boolean) =>
  cmd(
    `createCard(${b}, ${c}, ${JSON.stringify(title)}, ${comment})`,
    (m) => m.boards.length > 0 && columnAt(m, b, c) !== undefined,
    async (m, r) => {
      const col = columnAt(m, b, c) as number;
      const board = m.boardOfColumn.get(col) as number;
      const res = await r.s.call('POST', '/v2/card', {
        body: { BoardId: board, ColumnId: col, CardTitle: title, ...(comment ? { Comment: 'first' } : {}) },
      });
      status(res, 200, 'create card');
      const id = res.json.taskId as number;
      m.cards.push(id);
      m.columnOf.set(id, col);
      m.order.get(col)?.unshift(id);
      if (comment) {
        const detail = (await r.s.call('GET', `/v2/card/${id}`)).json.data;
        const cid = detail.Comments[0].CommentId as number;
        addCommentId(m, cid);
        m.comment.set(cid, { card: id, body: 'first' });
      }
      r.touched.push(id);
    },
  );

export const moveCard = (k: number, b: number, c: number, position: number, otherBoard: boolean) =>
  cmd(
    `moveCard(${k}, ${b}, ${c}, ${position}, ${otherBoard})`,
    (m) => m.cards.length > 0 && columnAt(m, b, c) !== undefined,
    async (m, r) => {
      const card = at(m.cards, k);
      const from = m.columnOf.get(card) as number;
      const fromBoard = m.boardOfColumn.get(from) as number;
      const to = otherBoard ? (columnAt(m, b, c) as number) : at(m.columnsOf.get(fromBoard) as number[], c);
      const toBoard = m.boardOfColumn.get(to) as number;
      const body = {
        Id: String(card),
        NewColumnId: to,
        NewPosition: position,
        ...(otherBoard ? { NewBoardId: toBoard } : {}),
      };
      const res = await r.s.call('POST', '/v2/card/move-card', { body });
      r.touched.push(card);
      if (m.archived.has(card)) return status(res, 404, 'move archived');
      status(res, 200, 'move');
      const src = m.order.get(from) as number[];
      src.splice(src.indexOf(card), 1);
      const dst = m.order.get(to) as number[];
      dst.splice(Math.min(position, dst.length), 0, card);
      m.columnOf.set(card, to);
      // Another board: the card keeps none of the old board's tags.
      if (toBoard !== fromBoard) m.tagsOf.delete(card);
    },
  );

export const archiveCard = (k: number) =>
  cmd(
    `archive(${k})`,
    (m) => m.cards.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      status(await r.s.call('DELETE', `/v2/card/${card}`), 200, 'archive');
      if (!m.archived.has(card)) {
        const list = m.order.get(m.columnOf.get(card) as number) as number[];
        list.splice(list.indexOf(card), 1);
        m.archived.add(card);
        m.archivedSeq.set(card, ++m.archiveEvents);
      }
      r.touched.push(card);
    },
  );

export const createTag = (b: number, color: number) =>
  cmd(
    `createTag(${b}, ${color})`,
    (m) => m.boards.length > 0 && m.tags.length < 8,
    async (m, r) => {
      const board = at(m.boards, b);
      const res = await r.s.call('POST', '/v2/tag', { body: { BoardId: board, Name: `tag ${color}`, Color: color } });
      status(res, 200, 'create tag');
      const id = res.json.data.Id as number;
      // SQLite hands the highest id out again after it was deleted.
      if (!m.deletedTags.delete(id)) m.tags.push(id);
      m.boardOfTag.set(id, board);
    },
  );

/** What the service must say about putting `tag` on `card`: 200, 404 or 400 (in its order of checks). */
const tagVerdict = (m: Model, card: number, tag: number) =>
  m.deletedTags.has(tag)
    ? 404
    : m.boardOfTag.get(tag) !== m.boardOfColumn.get(m.columnOf.get(card) as number)
      ? 400
      : 200;

export const addTag = (k: number, t: number) =>
  cmd(
    `addTag(${k}, ${t})`,
    (m) => m.cards.length > 0 && m.tags.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const tag = at(m.tags, t);
      const res = await r.s.call('POST', `/v2/card/${card}/tags`, { body: { TagId: String(tag) } });
      r.touched.push(card);
      const want = m.archived.has(card) ? 404 : tagVerdict(m, card, tag);
      status(res, want, 'add tag');
      if (want === 200) m.tagsOf.set(card, new Set([...(m.tagsOf.get(card) ?? []), tag]));
    },
  );

export const setTags = (k: number, ts: number[]) =>
  cmd(
    `setTags(${k}, [${ts.join()}])`,
    (m) => m.cards.length > 0 && m.tags.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const ids = [...new Set(ts.map((t) => at(m.tags, t)))];
      const res = await r.s.call('PUT', `/v2/card/${card}/tags`, { body: { TagIds: ids.map(String) } });
      r.touched.push(card);
      const want = m.archived.has(card) ? 404 : (ids.map((t) => tagVerdict(m, card, t)).find((v) => v !== 200) ?? 200);
      status(res, want, 'set tags');
      if (want === 200) m.tagsOf.set(card, new Set(ids));
    },
  );

export const deleteTag = (t: number) =>
  cmd(
    `deleteTag(${t})`,
    (m) => m.tags.length > 0,
    async (m, r) => {
      const tag = at(m.tags, t);
      const res = await r.s.call('DELETE', '/v2/tag', { body: { BoardId: m.boardOfTag.get(tag), TagId: tag } });
      if (m.deletedTags.has(tag)) return status(res, 404, 'delete deleted tag');
      status(res, 200, 'delete tag');
      m.deletedTags.add(tag);
      for (const [card, set] of m.tagsOf) if (set.delete(tag)) r.touched.push(card);
    },
  );

export const addComment = (k: number, body: string) =>
  cmd(
    `addComment(${k}, ${JSON.stringify(body)})`,
    (m) => m.cards.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const res = await r.s.call('POST', '/v2/comment', { body: { CardId: String(card), Body: body } });
      r.touched.push(card);
      if (m.archived.has(card)) return status(res, 404, 'comment on archived');
      status(res, 200, 'comment');
      const id = res.json.data.CommentDetails.CommentId as number;
      addCommentId(m, id);
      m.comment.set(id, { card, body: body.trim() });
    },
  );

/** Update or delete a comment: 404 when it is gone or its card archived. */
export const changeComment = (i: number, body: string | null) =>
  cmd(
    `${body === null ? 'deleteComment' : 'updateComment'}(${i}${body === null ? '' : `, ${JSON.stringify(body)}`})`,
    (m) => m.comments.length > 0,
    async (m, r) => {
      const id = at(m.comments, i);
      const known = m.comment.get(id);
      const res =
        body === null
          ? await r.s.call('DELETE', `/v2/comment/${id}`)
          : await r.s.call('PUT', `/v2/comment/${id}`, { body: { Body: body } });
      if (known === undefined || m.archived.has(known.card)) return status(res, 404, 'change gone comment');
      status(res, 200, 'change comment');
      r.touched.push(known.card);
      if (body === null) m.comment.delete(id);
      else known.body = body.trim();
    },
  );

/**
 * Restore: back to the column it left, or to column `c` of the card's board
 * (`where` 'same'), or of any board (`where` 'any': 400 when not the card's);
 * at `position` or on top. 409 when the card is not archived.
 */
export const restoreCard = (k: number, where: 'back' | 'same' | 'any', b: number, c: number, position: number | null) =>
  cmd(
    `restore(${k}, ${where}, ${b}, ${c}, ${position})`,
    (m) => m.cards.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const from = m.columnOf.get(card) as number;
      const board = m.boardOfColumn.get(from) as number;
      const to =
        where === 'back' ? from : where === 'same' ? at(m.columnsOf.get(board) as number[], c) : columnAt(m, b, c);
      const body = {
        ...(where === 'back' || to === undefined ? {} : { ColumnId: to }),
        ...(position === null ? {} : { Position: position }),
      };
      const res = await r.s.call('POST', `/v2/card/${card}/restore`, { body });
      r.touched.push(card);
      if (!m.archived.has(card)) return status(res, 409, 'restore active');
      const target = to ?? from;
      if (m.boardOfColumn.get(target) !== board) return status(res, 400, 'restore to another board');
      status(res, 200, 'restore');
      const dst = m.order.get(target) as number[];
      const place = Math.min(position ?? 0, dst.length);
      dst.splice(place, 0, card);
      m.columnOf.set(card, target);
      m.archived.delete(card);
      m.archivedSeq.delete(card);
      expect(res.json.data, 'restore answer').toEqual({ CardId: String(card), ColumnId: target, Position: place });
    },
  );

/** Due dates as sent, and as the service must store them (undefined: refused with 400). */
export const DUE_DATES: [sent: string | null, stored: string | null | undefined][] = [
  ['2026-12-01T17:00:00Z', '2026-12-01T17:00:00.000Z'],
  ['2026-12-01T18:30:00.250+01:30', '2026-12-01T17:00:00.250Z'],
  ['2027-01-01T00:30-01:00', '2027-01-01T01:30:00.000Z'],
  ['2026-12-24', '2026-12-24'],
  ['2028-02-29', '2028-02-29'],
  [null, null],
  ['2026-02-29', undefined],
  ['2026-12-01 17:00', undefined],
];

export const setDueDate = (k: number, d: number) =>
  cmd(
    `setDueDate(${k}, ${JSON.stringify(at(DUE_DATES, d)[0])})`,
    (m) => m.cards.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const [sent, stored] = at(DUE_DATES, d);
      const res = await r.s.call('PUT', `/v2/card/${card}/due-date`, { body: { DueDate: sent } });
      r.touched.push(card);
      if (stored === undefined) return status(res, 400, 'due date refused');
      if (m.archived.has(card)) return status(res, 404, 'due date of archived');
      status(res, 200, 'due date');
      expect(res.json.data, 'due date answer').toEqual({ CardId: String(card), DueDate: stored });
      if (stored === null) m.due.delete(card);
      else m.due.set(card, stored);
    },
  );

export const setReadStatus = (k: number, read: boolean) =>
  cmd(
    `setReadStatus(${k}, ${read})`,
    (m) => m.cards.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const res = await r.s.call('PUT', `/v2/card/${card}/read-status`, { body: { ReadStatus: read ? 1 : 0 } });
      r.touched.push(card);
      if (m.archived.has(card)) return status(res, 404, 'read state of archived');
      status(res, 200, 'read state');
      if (read) m.unread.delete(card);
      else m.unread.add(card);
    },
  );

export const addSubTask = (k: number, body: string) =>
  cmd(
    `addSubTask(${k}, ${JSON.stringify(body)})`,
    (m) => m.cards.length > 0,
    async (m, r) => {
      const card = at(m.cards, k);
      const res = await r.s.call('POST', `/v2/card/${card}/sub-task`, { body: { Body: body } });
      r.touched.push(card);
      if (m.archived.has(card)) return status(res, 404, 'sub-task on archived');
      status(res, 200, 'sub-task');
      // The answer names only the card; the new sub-task is its last.
      const subs = (await r.s.call('GET', `/v2/card/${card}`)).json.data.SubTasks as { SubTaskId: number }[];
      const id = (subs[subs.length - 1] as { SubTaskId: number }).SubTaskId;
      m.subTasks.push(id);
      m.subTask.set(id, { card, done: false });
    },
  );

/** Tick sub-task `i` through its own card, or through card `k` (`viaOther`): 404 unless that is its card. */
export const tickSubTask = (i: number, done: boolean, viaOther: boolean, k: number) =>
  cmd(
    `tickSubTask(${i}, ${done}, ${viaOther}, ${k})`,
    (m) => m.subTasks.length > 0,
    async (m, r) => {
      const id = at(m.subTasks, i);
      const sub = m.subTask.get(id) as { card: number; done: boolean };
      const card = viaOther ? at(m.cards, k) : sub.card;
      const res = await r.s.call('PUT', `/v2/card/${card}/sub-task/${id}`, { body: { Done: done } });
      r.touched.push(card);
      if (m.archived.has(card)) return status(res, 404, 'tick on archived');
      if (card !== sub.card) return status(res, 404, 'tick through another card');
      status(res, 200, 'tick');
      expect(res.json.data, 'tick answer').toEqual({ CardId: String(card), SubTaskId: id, Done: done });
      sub.done = done;
    },
  );
