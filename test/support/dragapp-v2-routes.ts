/**
 * The /v2 routes of the DragApp stand-in (dragapp-service.ts), as they behave
 * on DragApp per its vendor's client: column-cards and move-card refused, a
 * card detail of four keys, DELETE for tasks only; comments, tags and board
 * detail working.
 */
import { fail, intOf, ok, textOf, type Answer, type Body } from './recorded-shapes.js';
import { DRAG_OWNER, type DragWorld } from './dragapp-shapes.js';

export type Handler = (p: string[], q: URLSearchParams, b: Body) => Answer;

export function v2Routes(w: DragWorld): [string, RegExp, Handler][] {
  const board = (v: unknown) => w.boards.find((b) => b.id === intOf(v));
  const find = (id: unknown) => w.items.find((i) => i.id === id);
  const badColumn = () => fail(400, 'Invalid ColumnId Or BoardId');
  return [
    // evidence §2.4, cards.ts:230-232: "no columnId a caller can supply matches".
    ['GET', /^\/v2\/board\/[^/]+\/column\/[^/]+\/cards$/, () => badColumn()],
    // evidence §2.10, cards.ts:372-374: needs a numeric BoardColumnId no route gives.
    ['POST', /^\/v2\/card\/move-card$/, () => badColumn()],
    // evidence §2.2, boards.ts:93-96: Id omitted for some boards; members often empty.
    [
      'GET',
      /^\/v2\/board\/([^/]+)$/,
      ([id]) => {
        const b = board(id);
        if (!b) return fail(404, 'Board not found');
        return ok({ ...(b.id === 1 ? { Id: b.id } : {}), Name: b.name, Owner: DRAG_OWNER, Users: [] });
      },
    ],
    // evidence §2.3, types.ts:70: "{ Id: number, Name: string } — no ColumnId field" ([unknown] otherwise).
    [
      'GET',
      /^\/v2\/board\/([^/]+)\/columns$/,
      ([id]) => {
        const b = board(id);
        return b ? ok(b.columns.map((c, n) => ({ Id: 500 + n, Name: c.labelName }))) : fail(404, 'Board not found');
      },
    ],
    // evidence §2.5, cards.ts:249-251: four keys only.
    [
      'GET',
      /^\/v2\/card\/([^/]+)$/,
      ([id]) => {
        const i = find(id);
        return i ? ok({ Id: i.id, Title: i.title, Note: i.note, BoardId: i.boardId }) : fail(404, 'Card not found');
      },
    ],
    // evidence §2.8, cards.ts:322-339: camelCase, sent only with note/assignee/status/colour/due
    // (the field names are the vendor's, unverified); `assignee` a string or a list of emails.
    [
      'PUT',
      /^\/v2\/card\/([^/]+)$/,
      ([id], __, b) => {
        const i = find(id);
        if (!i) return fail(404, 'Card not found');
        if (Array.isArray(b.assignee)) i.assignees = b.assignee.filter((a): a is string => typeof a === 'string');
        else if (typeof b.assignee === 'string') i.assignees = [b.assignee];
        if (typeof b.note === 'string') i.note = b.note;
        return ok(i.id);
      },
    ],
    // evidence §2.11, cards.ts:143-148, :407-409: tasks only; the card is closed, not deleted.
    [
      'DELETE',
      /^\/v2\/card\/([^/]+)$/,
      ([id]) => {
        const i = find(id);
        if (!i || i.kind !== 'task') return fail(404, 'Card not found'); // [unknown] for threads: chosen.
        i.status = 'CLOSED';
        w.archived.push(i.id);
        return ok({ id: i.id });
      },
    ],
    // evidence §2.12, comments.ts:45-52, types.ts:105-111.
    [
      'POST',
      /^\/v2\/comment$/,
      (_, __, b) => {
        const i = find(b.CardId);
        const body = textOf(b.Body);
        if (!i || !body) return fail(400, 'CardId and Body are required');
        const c = { id: w.nextComment++, cardId: i.id, body, at: '2026-03-01T09:00:00.000Z' };
        w.comments.push(c);
        const CommentDetails = { CommentId: c.id, UserId: 7, Comment: body, EntityId: i.id, CreatedAt: c.at };
        return ok({ Success: 'Comment added', CommentDetails });
      },
    ],
    // evidence §2.13, tags.ts:49-57, types.ts:115-120: BoardId in the query; TagId in the body.
    ['GET', /^\/v2\/tag$/, (_, q) => ok(w.tags.filter((t) => t.BoardId === intOf(q.get('BoardId'))))],
    [
      'POST',
      /^\/v2\/card\/([^/]+)\/tags$/,
      ([id], __, b) => {
        const i = find(id);
        if (!i || typeof b.TagId !== 'string') return fail(400, 'TagId is required');
        w.tagsAdded.push({ cardId: i.id, tagId: b.TagId });
        return ok({ CardId: i.id });
      },
    ],
  ];
}
