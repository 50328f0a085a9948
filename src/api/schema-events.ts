/**
 * The wire shape of the local service's live-events extension,
 * `GET /v2/events` (Server-Sent Events). Each event names what changed and
 * who changed it; the client reads the rows it names through the usual
 * routes. The conventions are schema.ts's.
 */
import { z } from 'zod';
import { IdParam } from './schema.js';

/** What a change was: the `event:` field of the stream and the `Kind` of its data. */
export const EVENT_KINDS = [
  'card-created',
  'card-changed',
  'card-moved',
  'card-archived',
  'card-restored',
  'comment',
  'note',
  'sub-task',
  'tags',
  'message',
  'column',
  'board',
  'board-archived',
  // Someone opened or left a card, or began or stopped writing a reply on it (GET /v2/board/:id/presence).
  'presence',
  // A card snoozed, woken (its time came, the customer answered) or taken out of its snooze (schema-waiting.ts).
  'card-snoozed',
  'card-woken',
  // One member's notifications changed (one made, or read): only that member's streams carry it (schema-notifications.ts).
  'notification',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Sent instead of events when a resume asks for ids older than the kept window: read everything again. */
export const RELOAD_EVENT = 'reload';

/** How long changes are kept for a resume (`Last-Event-ID`). */
export const EVENTS_KEPT_MS = 24 * 3_600_000;

/** The query: one board, or (absent) every board the key may see. */
export const EventsQuery = z.strictObject({ BoardId: IdParam.optional() });
export type EventsQueryInput = z.input<typeof EventsQuery>;

/** One event's `data:` JSON. CardId as the card routes give it (text); null for a board's or column's change. */
export const EventData = z.object({
  BoardId: z.number(),
  CardId: z.string().nullable(),
  Kind: z.string(),
  /** The email of the user whose key made the change. */
  By: z.string(),
});
export type EventData = z.output<typeof EventData>;

/**
 * What a subscriber of the client's `subscribeEvents` hears: the stream
 * (re)opened, "read everything again", or one change with its id.
 */
export type LiveEvent = { type: 'open' } | { type: 'reload' } | ({ type: 'change'; id: string } & EventData);

/** How long a presence lasts without a renewal: a TUI that went quiet (quit, crashed, lost) is gone after it. */
export const PRESENCE_TTL_MS = 30_000;

/** `PUT /v2/presence`: this TUI (`Session`, its own random id) has `CardId` open (null: none), writing a reply or not. */
export const PresenceBody = z.strictObject({
  Session: z.string().min(8).max(64),
  CardId: IdParam.nullable(),
  Writing: z.boolean().optional(),
});
export type PresenceInput = z.input<typeof PresenceBody>;

/** One teammate on a card of the board, as `GET /v2/board/:boardId/presence` lists them. */
export const Presence = z.object({
  Session: z.string(),
  Email: z.string(),
  CardId: z.string(),
  Writing: z.boolean(),
  /** When it lapses unless renewed. */
  Until: z.string(),
});
export type Presence = z.output<typeof Presence>;
