/**
 * The wire shapes of the local service's waiting extensions: snoozing a card
 * (`POST`/`DELETE /v2/card/:cardId/snooze`, `GET /v2/board/:boardId/snoozed`)
 * and a board's response targets (`GET`/`PUT`/`DELETE /v2/board/:boardId/targets`).
 * A listed card carries its waiting time and snooze (schema-cards.ts).
 * The conventions are schema.ts's.
 */
import { z } from 'zod';
import { CardListed } from './schema-cards.js';
import { IsoTimestamp } from './schema.js';

/** Until a time, until the customer answers, or both (whichever comes first). */
export const SnoozeBody = z
  .strictObject({
    Until: IsoTimestamp.refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date and time (ISO 8601)')
      .nullable()
      .optional(),
    UntilReply: z.boolean().optional(),
  })
  .refine((b) => (b.Until ?? null) !== null || b.UntilReply === true, {
    message: 'give Until (a time) or UntilReply: true, or both',
  });
export type SnoozeBody = z.input<typeof SnoozeBody>;

/** A snoozed card, as the board's list of them gives it: soonest to wake first. */
export const SnoozedCard = CardListed.extend({ ColumnName: z.string() });
export type SnoozedCard = z.infer<typeof SnoozedCard>;

/** The longest response target: a year. */
export const MAX_TARGET_SECONDS = 365 * 86_400;

const targetSeconds = z
  .number()
  .int('must be a whole number of seconds')
  .min(1, 'a target must be longer than zero; send null for none')
  .max(MAX_TARGET_SECONDS, 'must be at most a year');

/** A board's response targets; Hours in their words (`Mon-Fri 09:00-17:00`), null: around the clock. */
export const BoardTargets = z.object({
  BoardId: z.number(),
  FirstResponseSeconds: z.number().nullable(),
  NextResponseSeconds: z.number().nullable(),
  Hours: z.string().nullable(),
  Zone: z.string(),
});
export type BoardTargets = z.infer<typeof BoardTargets>;

export const BoardTargetsBody = z
  .strictObject({
    FirstResponseSeconds: targetSeconds.nullable().optional(),
    NextResponseSeconds: targetSeconds.nullable().optional(),
    Hours: z.string().max(500).nullable().optional(),
    Zone: z.string().max(100).optional(),
  })
  .refine((b) => b.FirstResponseSeconds != null || b.NextResponseSeconds != null, {
    message: 'give FirstResponseSeconds or NextResponseSeconds (DELETE the targets to have none)',
  });
export type BoardTargetsBody = z.input<typeof BoardTargetsBody>;
