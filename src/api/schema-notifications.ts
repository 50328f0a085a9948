/**
 * The wire shapes of the local service's notifications extension:
 * `GET /v2/notifications[?unread=true][&limit=][&before=]`,
 * `POST /v2/notifications/:id/read` and `POST /v2/notifications/read-all`.
 * A key sees only its own member's. The conventions are schema.ts's.
 */
import { z } from 'zod';
import { IdParam, IntParam } from './schema.js';

/** What a notification tells. */
export const NOTIFICATION_KINDS = [
  // Named in a comment (`@sam`).
  'mentioned',
  // A card was assigned to the member.
  'assigned',
  // The customer wrote again on a card assigned to the member.
  'answered',
  // A card assigned to the member is past its response target.
  'overdue',
  // The relay refused a reply of the member's from the outbox. (A reply held by the crossed-replies
  // check is refused at once, to its writer, in the answer: no notification.)
  'reply-failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LIMITS = { pageSizeDefault: 50, pageSizeMax: 200 } as const;

/** `before`: the `Next` of the page before (an id); newest first. */
export const NotificationsQuery = z.strictObject({
  unread: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  limit: IntParam.pipe(
    z
      .number()
      .int()
      .min(1, 'must be 1 or more')
      .max(NOTIFICATION_LIMITS.pageSizeMax, `must be at most ${NOTIFICATION_LIMITS.pageSizeMax}`),
  ).optional(),
  before: IdParam.optional(),
});
export type NotificationsQueryInput = z.input<typeof NotificationsQuery>;

/** The client's ask: only unread ones, how many, those older than `before` (a page's `Next`). */
export interface NotificationsAsk {
  readonly unread?: boolean;
  readonly limit?: number;
  readonly before?: string | null;
}

/**
 * One notification. `Hidden` says why its content is left out (the card
 * was archived since, or is on a board the member no longer sees): then
 * `CardId`, `CardTitle`, `BoardName` and `Words` are null.
 */
export const Notification = z.object({
  Id: z.string(),
  Kind: z.string(),
  At: z.string(),
  /** Who caused it (an email); '' for the service itself (a target passed). */
  By: z.string(),
  Read: z.boolean(),
  BoardId: z.number(),
  CardId: z.string().nullable(),
  CardTitle: z.string().nullable(),
  BoardName: z.string().nullable(),
  /** What it says beyond its kind: the comment's text, the relay's words. */
  Words: z.string().nullable(),
  Hidden: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** A page of the member's notifications, newest first, and how many are unread in all. */
export const NotificationPage = z.object({
  Unread: z.number(),
  Items: z.array(Notification),
  /** Pass as `before` for the next page; null on the last. */
  Next: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** What marking read did: how many were marked, and how many stay unread. */
export const NotificationsRead = z.object({ Marked: z.number(), Unread: z.number() });
export type NotificationsRead = z.infer<typeof NotificationsRead>;
