/**
 * The /v2 wire shapes of cards: a listed card, the card's detail, the
 * reference's changes to a card and the local service's extensions of them.
 * The conventions are schema.ts's, whose primitives they are built from.
 */
import { z } from 'zod';
import {
  CardIdString,
  Comment,
  Email,
  IdParam,
  IdString,
  IsoTimestamp,
  LIMITS,
  ListCardsParams,
  Tag,
  positiveInt,
  requiredText,
} from './schema.js';

// ---------------------------------------------------------------- cards

/** Assignees on the wire: emails. The real service's shape is unshown. */
export const Assignees = z.array(z.string()).nullable();

export const CardListed = z.object({
  ServiceTaskId: z.number(),
  TaskName: z.string(),
  ReadUnreadStatus: z.number(),
  ColumnId: z.string(),
  BoardId: z.number(),
  DueDate: z.string().nullable(),
  Assignees: z.unknown().nullable(),
  ThreadOwnerEmail: z.string(),
  CreatedAt: IsoTimestamp,
  /** A numeric code held in a string. */
  Status: z.string(),
  /** A JSON-encoded array held in a string. */
  CustomFields: z.string(),
  /** Local-service extension so rows can show tags; absent on the real service. */
  Tags: z.array(Tag).optional(),
  /** Local-service extension: the card's version (its ETag, for If-Match); absent on the real service. */
  Version: z.number().optional(),
  /**
   * Local-service extensions (schema-waiting.ts): since when the customer has
   * waited for an answer (null: the team wrote last), when the board's
   * response target falls due for it and which target that is, and the
   * card's snooze; absent on the real service.
   */
  WaitingSince: IsoTimestamp.nullable().optional(),
  ResponseDue: IsoTimestamp.nullable().optional(),
  ResponseTarget: z.enum(['first', 'next']).nullable().optional(),
  Snoozed: z
    .object({ Until: IsoTimestamp.nullable(), UntilReply: z.boolean(), By: z.string().nullable() })
    .nullable()
    .optional(),
  BackFromSnooze: z.boolean().optional(),
});
export type CardListed = z.infer<typeof CardListed>;

export const Note = z.object({ NoteId: z.number(), Body: z.string(), UserId: z.number(), CreatedAt: IsoTimestamp });
export type Note = z.infer<typeof Note>;
export const SubTask = z.object({
  SubTaskId: z.number(),
  Body: z.string(),
  UserId: z.number(),
  CreatedAt: IsoTimestamp,
  /** Extension `tickSubTask`: ticked or not (the local service always says). */
  Done: z.boolean().optional(),
});
export type SubTask = z.infer<typeof SubTask>;
/** GET /v2/card/:id (shape not shown by the reference; the local choice). */
export const CardDetail = CardListed.extend({
  Archived: z.boolean().optional(),
  Notes: z.array(Note).optional(),
  Comments: z.array(Comment).optional(),
  SubTasks: z.array(SubTask).optional(),
  Tags: z.array(Tag).optional(),
});
export type CardDetail = z.infer<typeof CardDetail>;

const cardFields = {
  BoardId: positiveInt,
  ColumnId: positiveInt,
  CardTitle: requiredText(LIMITS.cardTitle),
  Note: requiredText(LIMITS.text).optional(),
  Comment: requiredText(LIMITS.text).optional(),
  SubTask: requiredText(LIMITS.text).optional(),
  /** Replaces the assignees; null unassigns everyone; absent leaves them. */
  Assignee: z.array(Email).max(LIMITS.usersPerBoard).nullable().optional(),
};
export const CreateCardBody = z.strictObject({
  ...cardFields,
  ReadStatus: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type CreateCardInput = z.input<typeof CreateCardBody>;
/** POST /v2/card answers without the envelope. */
export const CreateCardResponse = z.object({ Error: z.boolean(), Success: z.string(), taskId: z.number() });
export type CreateCardResponse = z.infer<typeof CreateCardResponse>;

export const UpdateCardBody = z.strictObject(cardFields);
export type UpdateCardInput = z.input<typeof UpdateCardBody>;
/** PUT /v2/card/:id data: the card id as a string. */
export const UpdateCardData = z.string();

export const MoveCardBody = z.strictObject({
  Id: CardIdString,
  NewBoardId: positiveInt.optional(),
  NewColumnId: positiveInt,
  NewPosition: z.number().int().min(0, 'must be 0 or more'),
});
export type MoveCardInput = z.input<typeof MoveCardBody>;
/** move-card data: a status word. */
export const MoveCardData = z.string();

export const ArchiveCardData = z.object({ id: z.string() });
export const CardIdData = z.object({ CardId: z.string() });

export const AddNoteBody = z.strictObject({ Body: requiredText(LIMITS.text) });
export type AddNoteInput = z.input<typeof AddNoteBody>;
export const AddSubTaskBody = z.strictObject({ Body: requiredText(LIMITS.text) });
export type AddSubTaskInput = z.input<typeof AddSubTaskBody>;
export const AddTagBody = z.strictObject({ TagId: IdString });
export type AddTagInput = z.input<typeof AddTagBody>;
/** PUT /v2/card/:id/tags (shape not shown; the local choice): replace the tag set. */
export const SetTagsBody = z.strictObject({ TagIds: z.array(IdString).max(200) });
export type SetTagsInput = z.input<typeof SetTagsBody>;
export const SetTagsData = z.object({ CardId: z.string(), TagIds: z.array(z.string()) });

// ---------------------------------------------------------------- extensions
// The local service's: a card's due date, read state, sub-task ticks, restoring archived cards.

/** A plain date (`2026-12-01`) or an ISO 8601 date-time with Z or an offset, that is a real day and time. */
export const DueDateValue = z
  .string({ error: 'must be a date such as "2026-12-01", a date and time, or null' })
  .regex(
    /^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/,
    'must be a date such as "2026-12-01" or a date and time such as "2026-12-01T17:00:00Z"',
  )
  // Date.parse rolls 2026-02-30 over to March 2: the day must survive the round trip.
  .refine((v) => {
    const day = v.slice(0, 10);
    const t = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return false;
    if (v.length === 10) return true;
    // Also runs when the pattern failed (zod goes on checking), so the text may be no date at all.
    const moment = Date.parse(v);
    // In UTC a date-time must stay within years 0000–9999, the only ones ISO 8601 writes plainly.
    return !Number.isNaN(moment) && /^\d{4}-/.test(new Date(moment).toISOString());
  }, 'is not a real date');
export const SetDueDateBody = z.strictObject({ DueDate: DueDateValue.nullable() });
export type SetDueDateInput = z.input<typeof SetDueDateBody>;
export const SetDueDateData = z.object({ CardId: z.string(), DueDate: z.string().nullable() });
export type SetDueDateData = z.infer<typeof SetDueDateData>;
export const SetReadStatusBody = z.strictObject({
  ReadStatus: z.union([z.literal(0), z.literal(1)], { error: 'must be 1 (read) or 0 (unread)' }),
});
export type SetReadStatusInput = z.input<typeof SetReadStatusBody>;
export const SetReadStatusData = z.object({ CardId: z.string(), ReadStatus: z.number() });
export type SetReadStatusData = z.infer<typeof SetReadStatusData>;
export const TickSubTaskBody = z.strictObject({ Done: z.boolean({ error: 'must be true or false' }) });
export type TickSubTaskInput = z.input<typeof TickSubTaskBody>;
export const TickSubTaskData = z.object({ CardId: z.string(), SubTaskId: z.number(), Done: z.boolean() });
export type TickSubTaskData = z.infer<typeof TickSubTaskData>;
/** Paged like a column's cards. */
export const ArchivedCardsParams = ListCardsParams;
/** A row of GET /v2/board/:id/archived-cards: a listed card and when it was archived (null: before times were kept). */
export const ArchivedCardListed = CardListed.extend({ ArchivedAt: IsoTimestamp.nullable() });
export type ArchivedCardListed = z.infer<typeof ArchivedCardListed>;
export const RestoreCardBody = z.strictObject({
  ColumnId: IdParam.optional(),
  Position: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .optional(),
});
export type RestoreCardInput = z.input<typeof RestoreCardBody>;
/** Where the restored card went: its column's id and its 0-based place among the column's cards. */
export const RestoreCardData = z.object({ CardId: z.string(), ColumnId: z.number(), Position: z.number() });
export type RestoreCardData = z.infer<typeof RestoreCardData>;
