/**
 * The wire shapes of the local service's reports extension,
 * `GET /v2/board/:boardId/report?from=…&to=…|since=…&by=…`: a board's
 * figures over a period (docs/reports.md defines each one). Every duration
 * is in seconds, counted in business hours when the board has them
 * (`Clock: "business"`), else around the clock (`"clock"`). A figure with
 * nothing to count is null, never 0 or NaN. The conventions are schema.ts's.
 */
import { z } from 'zod';

export const REPORT_BY = ['assignee', 'tag', 'mailbox'] as const;
export type ReportBy = (typeof REPORT_BY)[number];

/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

const DayOrInstant = z
  .string()
  .max(40)
  .refine(
    (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) || (/^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s))),
    'must be a day (2026-11-01) or an ISO 8601 time',
  );

export const ReportParams = z.strictObject({
  from: DayOrInstant.optional(),
  to: DayOrInstant.optional(),
  /** The last N days, today included, in the board's zone: `30d`. */
  since: z
    .string()
    .max(10)
    .regex(/^\d+d$/, 'must be a number of days, e.g. 30d')
    .optional(),
  by: z.enum(REPORT_BY, { error: `must be one of ${REPORT_BY.join(', ')}` }).optional(),
});
export type ReportParams = z.input<typeof ReportParams>;

/** Median and 90th percentile of a set of durations (seconds); null when the set is empty. */
export const DurationStats = z.object({
  Count: z.number(),
  MedianSeconds: z.number().nullable(),
  P90Seconds: z.number().nullable(),
});
export type DurationStats = z.infer<typeof DurationStats>;

export const ReportDay = z.object({
  /** The local day, in the report's zone. */
  Day: z.string(),
  /** How long the day is there: 24, or 23/25 on a daylight-saving change. */
  Hours: z.number(),
  NewConversations: z.number(),
  CustomerMessages: z.number(),
  Replies: z.number(),
});
export type ReportDay = z.infer<typeof ReportDay>;

export const ReportTarget = z.object({
  FirstResponseSeconds: z.number().nullable(),
  NextResponseSeconds: z.number().nullable(),
  /** Responses with a target whose outcome is known: answered, or unanswered past due. */
  Counted: z.number(),
  WithinTarget: z.number(),
  /** WithinTarget / Counted, 0…1; null when nothing was counted. */
  Share: z.number().nullable(),
});
export type ReportTarget = z.infer<typeof ReportTarget>;

export const ReportSpeed = z.object({
  FirstResponse: DurationStats,
  LaterResponse: DurationStats,
  Resolution: DurationStats,
  /** Response cycles begun in the period and still unanswered now. */
  Unanswered: z.number(),
  /** Cycles a resolution closed without a reply: in no response time. */
  ClosedWithoutReply: z.number(),
  /** Conversations that came back after a reply and opened a later cycle. */
  Reopened: z.number(),
  /** Null when the board has no response targets. */
  Target: ReportTarget.nullable(),
});
export type ReportSpeed = z.infer<typeof ReportSpeed>;

export const ReportColumnNow = z.object({
  ColumnId: z.number(),
  ColumnName: z.string(),
  Open: z.number(),
  Waiting: z.number(),
  Late: z.number(),
  Snoozed: z.number(),
});
export type ReportColumnNow = z.infer<typeof ReportColumnNow>;

export const ReportGroup = z.object({
  /** The assignee's address, the tag's name or the mailbox's address; "" for none. */
  Key: z.string(),
  /** Conversations of the group with a customer message or a reply in the period. */
  Handled: z.number(),
  Replies: z.number(),
  FirstResponse: DurationStats,
});
export type ReportGroup = z.infer<typeof ReportGroup>;

export const Report = z.object({
  BoardId: z.number(),
  From: z.string(),
  To: z.string(),
  /** The report's instant "now": what Now and Unanswered are as of. */
  At: z.string(),
  Zone: z.string(),
  /** "board": the board's own zone; "utc": the board names none, UTC is used. */
  ZoneFrom: z.enum(['board', 'utc']),
  Clock: z.enum(['business', 'clock']),
  Hours: z.string().nullable(),
  Units: z.object({ Durations: z.literal('seconds'), Share: z.literal('fraction') }),
  Days: z.array(ReportDay),
  Speed: ReportSpeed,
  Now: z.array(ReportColumnNow),
  /** Customer messages by local weekday (0 = Monday … 6 = Sunday) and hour (0…23). */
  Heatmap: z.array(z.array(z.number())),
  By: z.enum(REPORT_BY),
  Groups: z.array(ReportGroup),
  /** What the figures leave out or had to decide, in words. */
  Notes: z.array(z.string()),
});
export type Report = z.infer<typeof Report>;
