/**
 * Rows to wire shapes (schema.ts types), in the reference's field order and
 * with its quirks: ids as numbers or strings where it says so, Color and
 * Status as strings, CustomFields as a JSON array in a string.
 */
import { columnLabel } from '../api/schema.js';
import type { Board, Column, Comment, Mention, Tag } from '../api/schema.js';
import type { CardDetail, CardListed, Note, SubTask } from '../api/schema-cards.js';
import type { CardRow, Ctx } from './context.js';
import { placeholders } from './sql/sql.js';
import { responseDues } from './waiting/targets.js';
import { mentionsOf } from './mentions/mentions.js';

export interface TagRow {
  id: number;
  board_id: number;
  name: string;
  color: number;
}

export const tagOut = (t: TagRow): Tag => ({ Id: t.id, Name: t.name, Color: String(t.color), BoardId: t.board_id });

export const columnOut = (c: { id: number; name: string }): Column => ({
  Id: c.id,
  ColumnId: columnLabel(c.id),
  Name: c.name,
});

export async function boardOut(ctx: Ctx, b: { id: number; name: string; owner_email: string }): Promise<Board> {
  const members = await ctx.sql.all<{ email: string }>(
    'SELECT email FROM board_members WHERE board_id = ? ORDER BY rowid',
    [b.id],
  );
  return { Id: b.id, Name: b.name, Owner: b.owner_email, Users: members.map((m) => m.email).join(',') };
}

function cardBase(c: CardRow, assignees: string[] | undefined, read: number | undefined): CardListed {
  return {
    ServiceTaskId: c.id,
    TaskName: c.title,
    ReadUnreadStatus: read ?? c.read_status,
    ColumnId: columnLabel(c.column_id),
    BoardId: c.board_id,
    DueDate: c.due_date,
    Assignees: assignees && assignees.length > 0 ? assignees : null,
    ThreadOwnerEmail: c.thread_owner_email,
    CreatedAt: c.created_at,
    Status: c.status,
    CustomFields: c.custom_fields,
    Version: Number(c.version),
    WaitingSince: c.waiting_since,
    Snoozed:
      Number(c.snoozed) === 1
        ? {
            Until: c.snooze_until_ms === null ? null : new Date(Number(c.snooze_until_ms)).toISOString(),
            UntilReply: Number(c.snooze_reply) === 1,
            By: c.snoozed_by,
          }
        : null,
    BackFromSnooze: Number(c.back_from_snooze) === 1,
  };
}

/**
 * A page of cards with their assignees, tags, the read state `userId`
 * sees (their own mark, else the card's) and when their answer is due, in
 * five queries whatever the page size.
 */
export async function cardsOut(ctx: Ctx, cards: CardRow[], userId: number): Promise<CardListed[]> {
  if (cards.length === 0) return [];
  const ids = cards.map((c) => c.id);
  const inIds = `IN (${placeholders(ids.length)})`;
  const assignees = new Map<number, string[]>();
  for (const r of await ctx.sql.all<{ card_id: number; email: string }>(
    `SELECT card_id, email FROM card_assignees WHERE card_id ${inIds} ORDER BY rowid`,
    ids,
  )) {
    const list = assignees.get(r.card_id);
    if (list) list.push(r.email);
    else assignees.set(r.card_id, [r.email]);
  }
  const tags = new Map<number, Tag[]>();
  for (const r of await ctx.sql.all<TagRow & { card_id: number }>(
    `SELECT ct.card_id, t.id, t.board_id, t.name, t.color FROM card_tags ct JOIN tags t ON t.id = ct.tag_id
     WHERE ct.card_id ${inIds} ORDER BY t.id`,
    ids,
  )) {
    const list = tags.get(r.card_id);
    if (list) list.push(tagOut(r));
    else tags.set(r.card_id, [tagOut(r)]);
  }
  const marks = new Map<number, number>();
  for (const r of await ctx.sql.all<{ card_id: number; read_status: number }>(
    `SELECT card_id, read_status FROM card_reads WHERE user_id = ? AND card_id ${inIds}`,
    [userId, ...ids],
  )) {
    marks.set(r.card_id, r.read_status);
  }
  const dueOf = await responseDues(
    ctx.sql,
    cards.map((c) => c.board_id),
  );
  return cards.map((c) => {
    const { due, target } = dueOf(c);
    return {
      ...cardBase(c, assignees.get(c.id), marks.get(c.id)),
      Tags: tags.get(c.id) ?? [],
      ResponseDue: due,
      ResponseTarget: target,
    };
  });
}

export async function cardDetailOut(ctx: Ctx, c: CardRow, userId: number): Promise<CardDetail> {
  const [listed] = await cardsOut(ctx, [c], userId);
  const notes = await ctx.sql.all<{ id: number; body: string; user_id: number; created_at: string }>(
    'SELECT id, body, user_id, created_at FROM notes WHERE card_id = ? ORDER BY id',
    [c.id],
  );
  const subtasks = await ctx.sql.all<{ id: number; body: string; user_id: number; created_at: string; done: number }>(
    'SELECT id, body, user_id, created_at, done FROM subtasks WHERE card_id = ? ORDER BY id',
    [c.id],
  );
  const comments = await ctx.sql.all<CommentRow>(
    `SELECT c.id, c.card_id, c.body, c.user_id, c.created_at, u.email FROM comments c JOIN users u ON u.id = c.user_id
     WHERE c.card_id = ? ORDER BY c.id`,
    [c.id],
  );
  const mentions = await mentionsOf(
    ctx,
    comments.map((m) => Number(m.id)),
  );
  return {
    ...(listed as CardListed),
    Archived: c.archived === 1,
    Notes: notes.map((n): Note => ({ NoteId: n.id, Body: n.body, UserId: n.user_id, CreatedAt: n.created_at })),
    Comments: comments.map((m) => commentOut(m, mentions.get(Number(m.id)))),
    SubTasks: subtasks.map((s): SubTask => ({
      SubTaskId: s.id,
      Body: s.body,
      UserId: s.user_id,
      CreatedAt: s.created_at,
      Done: s.done === 1,
    })),
  };
}

export interface CommentRow {
  id: number;
  card_id: number;
  body: string;
  user_id: number;
  created_at: string;
  email: string;
}

export const commentOut = (c: CommentRow, mentions: Mention[] = []): Comment => ({
  CommentId: c.id,
  UserId: c.user_id,
  Comment: c.body,
  EntityId: String(c.card_id),
  CreatedAt: c.created_at,
  UserEmail: c.email,
  Mentions: mentions,
});
