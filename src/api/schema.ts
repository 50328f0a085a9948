/**
 * The /v2 wire shapes, once. The client parses responses with them and the
 * local service validates requests and types its answers with them.
 *
 * Conventions:
 * - Request bodies are strict objects: an unknown field is a 400, not silently
 *   dropped (what the reference's callers would expect from a careful server).
 * - A request body's type is its schema's INPUT (`CreateCardInput` =
 *   `z.input<typeof CreateCardBody>`): what a client may send, before trimming
 *   and transforms. The client types its requests with these; the server gets
 *   the parsed output from `parse()`. No `z.infer` alias of a body exists, so
 *   the two cannot be mixed up.
 * - Response objects are plain `z.object`: the client tolerates extra fields.
 * - GET/DELETE parameters may arrive in the query string (always strings) or a
 *   JSON body (numbers), so their id fields accept both forms.
 * - Where the reference says "not shown", the local service's choice is noted
 *   here and in docs/api.md.
 */
import { z } from 'zod';

// ---------------------------------------------------------------- primitives

/** Limits the reference leaves unshown; the local service's choice. */
export const LIMITS = {
  boardName: 200,
  columnName: 100,
  cardTitle: 500,
  text: 20_000, // notes, comments, sub-tasks, sequence content
  tagName: 50,
  email: 254,
  usersPerBoard: 100,
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

/** Tag colours: requests carry a palette index, responses its decimal string. */
export const TAG_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'indigo',
  'purple',
  'pink',
  'brown',
  'black',
] as const;
export type TagColorName = (typeof TAG_COLORS)[number];

const positiveInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A numeric id travelling as a string ("42"); never past 2^53, where a number would round. */
export const IdString = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'must be a numeric id string such as "42"')
  .refine((s) => Number.isSafeInteger(Number(s)), 'is larger than any id this service gives');
/**
 * A card id as this service reads it: digits, of any length. The service's
 * own ids are small; a longer one is looked up as text and simply not found,
 * never rounded onto another card (see server/context.ts cardFor).
 */
export const CardIdString = z.string().regex(/^[1-9]\d{0,39}$/, 'must be a card id such as "42"');
/** A numeric id in a query string ("42") or a JSON body (42). */
export const IdParam = z.union([positiveInt, IdString.transform(Number)]);
/** A positive integer in a query string or a JSON body. */
const IntParam = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be an integer')
    .transform(Number),
]);

export const Email = z.email().max(LIMITS.email);
/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T04:28:00.000Z. */
export const IsoTimestamp = z.string();

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

// ---------------------------------------------------------------- envelope

export const EnvelopeBase = z.object({
  message: z.string(),
  error: z.boolean(),
  code: z.number(),
});
export const envelope = <T extends z.ZodType>(data: T) => EnvelopeBase.extend({ data });
export const ErrorEnvelope = EnvelopeBase.extend({
  error: z.literal(true),
  /** Only on 500s, so a log line can be found; not part of the reference. */
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
export type Envelope<T> = { message: string; error: boolean; code: number; data: T };

// ---------------------------------------------------------------- boards

export const Board = z.object({
  Id: z.number(),
  Name: z.string(),
  Owner: z.string(),
  /** Comma-separated emails of the board's members (not the owner). */
  Users: z.string(),
});
export type Board = z.infer<typeof Board>;

export const CreateBoardBody = z.strictObject({
  Name: text(LIMITS.boardName),
  Users: z.array(Email).max(LIMITS.usersPerBoard).optional(),
});
export type CreateBoardInput = z.input<typeof CreateBoardBody>;
export const CreateBoardData = z.object({ Id: z.number(), BoardName: z.string() });
export type CreateBoardData = z.infer<typeof CreateBoardData>;

// ---------------------------------------------------------------- columns

export const Column = z.object({
  Id: z.number(),
  /** `Label_<Id>`; the value a card's ColumnId carries. */
  ColumnId: z.string(),
  Name: z.string(),
});
export type Column = z.infer<typeof Column>;

export const CreateColumnBody = z.strictObject({ Name: text(LIMITS.columnName) });
export type CreateColumnInput = z.input<typeof CreateColumnBody>;
export const CreateColumnData = z.object({ Success: z.string() });

/** Column path segment: `12` or `Label_12`. */
export const ColumnRef = z.string().regex(/^(Label_)?[1-9]\d{0,15}$/, 'must be a column id such as 12 or Label_12');
export const columnLabel = (id: number) => `Label_${id}`;

export const ListCardsParams = z.strictObject({
  page: IntParam.pipe(z.number().int().min(1, 'must be 1 or more')),
  limit: IntParam.pipe(
    z.number().int().min(1, 'must be 1 or more').max(LIMITS.pageSizeMax, `must be at most ${LIMITS.pageSizeMax}`),
  ).optional(),
});
export type ListCardsParams = z.infer<typeof ListCardsParams>;

// ---------------------------------------------------------------- tags

export const Tag = z.object({
  Id: z.number(),
  Name: z.string(),
  /** Palette index as a decimal string (see TAG_COLORS). */
  Color: z.string(),
  BoardId: z.number(),
});
export type Tag = z.infer<typeof Tag>;
export const CreatedTag = Tag.extend({ Description: z.null(), UserId: z.number() });
export type CreatedTag = z.infer<typeof CreatedTag>;

export const ListTagsParams = z.strictObject({ BoardId: IdParam });
export const CreateTagBody = z.strictObject({
  BoardId: positiveInt,
  Name: text(LIMITS.tagName),
  Color: z
    .number()
    .int()
    .min(0)
    .max(TAG_COLORS.length - 1),
});
export type CreateTagInput = z.input<typeof CreateTagBody>;
export const DeleteTagParams = z.strictObject({ BoardId: IdParam, TagId: IdParam });
export const DeletedTagData = z.object({ Id: z.number() });

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
export const Comment = z.object({
  CommentId: z.number(),
  UserId: z.number().optional(),
  Comment: z.string(),
  EntityId: z.string(),
  CreatedAt: IsoTimestamp,
  /** Local-service extension: the author's email, for display. */
  UserEmail: z.string().optional(),
});
export type Comment = z.infer<typeof Comment>;

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
  CardTitle: text(LIMITS.cardTitle),
  Note: text(LIMITS.text).optional(),
  Comment: text(LIMITS.text).optional(),
  SubTask: text(LIMITS.text).optional(),
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

export const AddNoteBody = z.strictObject({ Body: text(LIMITS.text) });
export type AddNoteInput = z.input<typeof AddNoteBody>;
export const AddSubTaskBody = z.strictObject({ Body: text(LIMITS.text) });
export type AddSubTaskInput = z.input<typeof AddSubTaskBody>;
export const AddTagBody = z.strictObject({ TagId: IdString });
export type AddTagInput = z.input<typeof AddTagBody>;
/** PUT /v2/card/:id/tags (shape not shown; the local choice): replace the tag set. */
export const SetTagsBody = z.strictObject({ TagIds: z.array(IdString).max(200) });
export type SetTagsInput = z.input<typeof SetTagsBody>;
export const SetTagsData = z.object({ CardId: z.string(), TagIds: z.array(z.string()) });

// Extensions of the local service: a card's due date, read state, sub-task ticks, restoring archived cards.

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

// ---------------------------------------------------------------- comments

export const CreateCommentBody = z.strictObject({ CardId: CardIdString, Body: text(LIMITS.text) });
export type CreateCommentInput = z.input<typeof CreateCommentBody>;
export const UpdateCommentBody = z.strictObject({ Body: text(LIMITS.text) });
export type UpdateCommentInput = z.input<typeof UpdateCommentBody>;
export const CommentResult = z.object({ Error: z.boolean(), Success: z.string(), CommentDetails: Comment });
export type CommentResult = z.infer<typeof CommentResult>;
export const DeletedCommentData = z.object({ CommentId: z.number() });

// ---------------------------------------------------------------- email sequences

export const EmailSequenceEntry = z.object({
  EmailTemplateId: z.number(),
  UserId: z.number(),
  Name: z.string(),
  CreatedAt: IsoTimestamp,
  Content: z.string(),
  Subject: z.string(),
  EmailFollowupId: z.number(),
  TotalViewCount: z.number(),
  LastSent: z.string().nullable(),
  OwnerName: z.string(),
  OwnerEmail: z.string(),
});
export type EmailSequenceEntry = z.infer<typeof EmailSequenceEntry>;

export const FollowupStep = z.object({
  EmailFollowupId: z.number(),
  Subject: z.string(),
  Content: z.string().optional(),
  Days: z.number(),
  Duration: z.string(),
  Hours: z.number().optional(),
  Minutes: z.number().optional(),
  Sequence: z.number(),
});
export type FollowupStep = z.infer<typeof FollowupStep>;
export const EmailSequenceDetail = z.object({
  Id: z.string(),
  Name: z.string(),
  CreatedAt: IsoTimestamp,
  EmailFollowups: z.array(FollowupStep),
});
export type EmailSequenceDetail = z.infer<typeof EmailSequenceDetail>;

/** POST /v2/email-sequence (shape not shown; the local choice). */
export const CreateEmailSequenceBody = z.strictObject({
  Name: text(LIMITS.boardName),
  Steps: z
    .array(
      z.strictObject({
        Subject: text(LIMITS.cardTitle),
        Content: z.string().max(LIMITS.text).optional(),
        Days: z.number().int().min(0).max(365),
        Hours: z.number().int().min(0).max(23).optional(),
        Minutes: z.number().int().min(0).max(59).optional(),
      }),
    )
    .min(1, 'needs at least one step')
    .max(50),
});
export type CreateEmailSequenceInput = z.input<typeof CreateEmailSequenceBody>;

// ---------------------------------------------------------------- me (extension)

/** GET /v2/me (local-service extension): whose key this is. */
export const Me = z.object({ UserId: z.number(), Email: z.string(), Name: z.string() });
export type Me = z.infer<typeof Me>;

// ---------------------------------------------------------------- path params

export const IdPath = z.strictObject({ id: IdString });
export const CardIdPath = z.strictObject({ id: CardIdString });
export const BoardPath = z.strictObject({ boardId: IdString });
export const ColumnPath = z.strictObject({ boardId: IdString, id: ColumnRef });
export const ColumnCardsPath = z.strictObject({ boardId: IdString, columnId: ColumnRef });
export const CardPath = z.strictObject({ cardId: CardIdString });
export const SubTaskPath = z.strictObject({ cardId: CardIdString, subTaskId: IdString });
export const CommentPath = z.strictObject({ commentId: IdString });
