/**
 * The /v2 wire shapes, once: here the primitives, the envelope, boards,
 * columns, tags, comments, email sequences, `me` and path parameters; cards
 * and their changes in schema-cards.ts. The client parses responses with them
 * and the local service validates requests and types its answers with them.
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

export const positiveInt = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
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
export const IntParam = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be an integer')
    .transform(Number),
]);

export const Email = z.email().max(LIMITS.email);
/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T04:28:00.000Z. */
export const IsoTimestamp = z.string();

/** Text a person typed has no NUL; PostgreSQL's text can't hold one (a 500 there, a 400 on both engines here). */
const NO_NUL: [(s: string) => boolean, string] = [(s) => !s.includes('\u0000'), 'must not contain a NUL character'];

/** A required text field: trimmed, not empty, at most `max` characters, no NUL. */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max)
    .refine(...NO_NUL);

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
  Name: requiredText(LIMITS.boardName),
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

export const CreateColumnBody = z.strictObject({ Name: requiredText(LIMITS.columnName) });
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
  Name: requiredText(LIMITS.tagName),
  Color: z
    .number()
    .int()
    .min(0)
    .max(TAG_COLORS.length - 1),
});
export type CreateTagInput = z.input<typeof CreateTagBody>;
export const DeleteTagParams = z.strictObject({ BoardId: IdParam, TagId: IdParam });
/** CardIds (local service): the cards that had the tag, so a client can put it back; absent elsewhere. */
export const DeletedTagData = z.object({ Id: z.number(), CardIds: z.array(z.string()).optional() });
export type DeletedTagData = z.infer<typeof DeletedTagData>;

// ---------------------------------------------------------------- comments

/** Local-service extension: a board member a comment names with `@` (server/mentions/). */
export const Mention = z.object({ UserId: z.number(), Email: z.string(), Name: z.string() });
export type Mention = z.infer<typeof Mention>;

export const Comment = z.object({
  CommentId: z.number(),
  UserId: z.number().optional(),
  Comment: z.string(),
  EntityId: z.string(),
  CreatedAt: IsoTimestamp,
  /** Local-service extension: the author's email, for display. */
  UserEmail: z.string().optional(),
  /** Local-service extension: the board members it mentions. */
  Mentions: z.array(Mention).optional(),
});
export type Comment = z.infer<typeof Comment>;

export const CreateCommentBody = z.strictObject({ CardId: CardIdString, Body: requiredText(LIMITS.text) });
export type CreateCommentInput = z.input<typeof CreateCommentBody>;
export const UpdateCommentBody = z.strictObject({ Body: requiredText(LIMITS.text) });
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
  Name: requiredText(LIMITS.boardName),
  Steps: z
    .array(
      z.strictObject({
        Subject: requiredText(LIMITS.cardTitle),
        Content: z
          .string()
          .max(LIMITS.text)
          .refine(...NO_NUL)
          .optional(),
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
