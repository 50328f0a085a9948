/**
 * What the tools answer, in zod (the tools' outputSchema) and made from the
 * client's read model: camelCase like the inputs, card ids as strings, and
 * only what the server sent (a field a server does not give is absent, not
 * null: "not provided" is not "none").
 */
import { z } from 'zod';
import type { Board, Card, CardDetail, Column, Tag, Unreadable } from '../../api/read-model.js';

export const BoardOut = z.object({
  boardId: z.number(),
  name: z.string(),
  owner: z.string(),
  members: z.array(z.string()).describe('Member emails besides the owner'),
  integrationType: z.string().nullable(),
});
export const boardOut = (b: Board): z.infer<typeof BoardOut> => ({
  boardId: b.Id,
  name: b.Name,
  owner: b.Owner,
  members: b.Users,
  integrationType: b.IntegrationType,
});

export const ColumnOut = z.object({
  id: z.number().describe('The column id as a number'),
  columnId: z
    .string()
    .nullable()
    .describe('Its label id ("Label_3"), what a card\'s columnId says; null when the server gives none'),
  name: z.string(),
});
export const columnOut = (c: Column): z.infer<typeof ColumnOut> => ({ id: c.Id, columnId: c.ColumnId, name: c.Name });

export const TagOut = z.object({ tagId: z.number(), name: z.string(), color: z.string() });
export const tagOut = (t: Tag): z.infer<typeof TagOut> => ({ tagId: t.Id, name: t.Name, color: t.Color });

/** A row the client could not read, reported beside the rows it could. */
export const UnreadableOut = z.object({ rawId: z.string().nullable(), reason: z.string() });
export const unreadableOut = (u: Unreadable): z.infer<typeof UnreadableOut> => ({
  rawId: u.rawId,
  reason: u.unreadable,
});

const cardFields = {
  title: z.string(),
  read: z.boolean(),
  columnId: z.string().nullable().describe('The label of its column ("Label_3"), as list_columns gives it'),
  boardId: z.number().nullable(),
  dueDate: z.string().nullable().describe('ISO 8601, or null for none'),
  assignees: z.array(z.string()),
  owner: z.string().describe("The thread owner's email"),
  createdAt: z.string().nullable(),
  status: z.string().nullable(),
  sender: z.string(),
  snippet: z.string(),
  tags: z.array(TagOut),
  version: z
    .number()
    .describe("The card's version: give it to update_card to refuse a change if the card changed since"),
  waitingSince: z
    .string()
    .nullable()
    .describe("Since when the customer has waited for the team's answer (ISO 8601); null when the team wrote last"),
  responseDue: z.string().nullable().describe("When the board's response target falls due for it; null: no target"),
  snoozed: z
    .object({ until: z.string().nullable(), untilReply: z.boolean() })
    .nullable()
    .describe('Its snooze (snooze_card), null when it has none'),
  backFromSnooze: z.boolean().describe('It came back from a snooze by itself and no one has read it since'),
};

export const CardOut = z.object({ cardId: z.string(), ...cardFields }).partial({
  sender: true,
  snippet: true,
  tags: true,
  version: true,
  waitingSince: true,
  responseDue: true,
  snoozed: true,
  backFromSnooze: true,
});

type Listed = Partial<Omit<Card, 'ServiceTaskId'>> & { ServiceTaskId: string };

/** The fields of a card the server sent, renamed; absent stays absent. */
function fieldsOf(c: Listed): Partial<z.infer<typeof CardOut>> & { cardId: string } {
  const out: Partial<z.infer<typeof CardOut>> & { cardId: string } = { cardId: c.ServiceTaskId };
  if (c.TaskName !== undefined) out.title = c.TaskName;
  if (c.ReadUnreadStatus !== undefined) out.read = c.ReadUnreadStatus !== 0;
  if (c.ColumnId !== undefined) out.columnId = c.ColumnId;
  if (c.BoardId !== undefined) out.boardId = c.BoardId;
  if (c.DueDate !== undefined) out.dueDate = c.DueDate;
  if (c.Assignees !== undefined) out.assignees = c.Assignees;
  if (c.ThreadOwnerEmail !== undefined) out.owner = c.ThreadOwnerEmail;
  if (c.CreatedAt !== undefined) out.createdAt = c.CreatedAt;
  if (c.Status !== undefined) out.status = c.Status;
  if (c.Sender !== undefined) out.sender = c.Sender;
  if (c.Snippet !== undefined) out.snippet = c.Snippet;
  if (c.Tags !== undefined) out.tags = c.Tags.map(tagOut);
  if (c.Version !== undefined) out.version = c.Version;
  if (c.WaitingSince !== undefined) out.waitingSince = c.WaitingSince;
  if (c.ResponseDue !== undefined) out.responseDue = c.ResponseDue;
  if (c.Snoozed !== undefined)
    out.snoozed = c.Snoozed === null ? null : { until: c.Snoozed.Until, untilReply: c.Snoozed.UntilReply };
  if (c.BackFromSnooze !== undefined) out.backFromSnooze = c.BackFromSnooze;
  return out;
}

export const cardOut = (c: Card): z.infer<typeof CardOut> => fieldsOf(c) as z.infer<typeof CardOut>;

const NoteOut = z.object({ noteId: z.number(), body: z.string(), createdAt: z.string().nullable() });
const SubTaskOut = z.object({
  subTaskId: z.number(),
  body: z.string(),
  done: z.boolean().optional().describe('Absent when the server does not say'),
  createdAt: z.string().nullable(),
});
const CommentOut = z.object({
  commentId: z.number(),
  body: z.string(),
  author: z.string().optional(),
  createdAt: z.string().nullable(),
});

export const CardDetailOut = z
  .object({
    cardId: z.string(),
    ...cardFields,
    archived: z.boolean(),
    note: z.string().describe("The card's one note, on a server that keeps a single note text"),
    notes: z.array(NoteOut),
    subTasks: z.array(SubTaskOut),
    comments: z.array(CommentOut),
  })
  .partial()
  .required({ cardId: true });

export function cardDetailOut(c: CardDetail): z.infer<typeof CardDetailOut> {
  const out: z.infer<typeof CardDetailOut> = fieldsOf(c);
  if (c.Archived !== undefined) out.archived = c.Archived;
  if (c.Note !== undefined) out.note = c.Note;
  if (c.Notes !== undefined)
    out.notes = c.Notes.map((n) => ({ noteId: n.NoteId, body: n.Body, createdAt: n.CreatedAt }));
  if (c.SubTasks !== undefined)
    out.subTasks = c.SubTasks.map((s) => ({
      subTaskId: s.SubTaskId,
      body: s.Body,
      ...(s.Done === undefined ? {} : { done: s.Done }),
      createdAt: s.CreatedAt,
    }));
  if (c.Comments !== undefined)
    out.comments = c.Comments.map((m) => ({
      commentId: m.CommentId,
      body: m.Comment,
      ...(m.UserEmail === undefined ? {} : { author: m.UserEmail }),
      createdAt: m.CreatedAt,
    }));
  return out;
}
