/**
 * The wire shapes of a card's history (`GET /v2/card/:cardId/history`) and
 * the customer's other conversations (`GET /v2/customer`,
 * `GET /v2/card/:cardId/customer`), extensions of the local service. The
 * conventions are schema.ts's.
 */
import { z } from 'zod';
import { Email } from './schema.js';

/** What a change of a card was, as its history names it. */
export const HISTORY_KINDS = [
  'created',
  'moved',
  'renamed',
  'tagged',
  'assigned',
  'due',
  'snoozed',
  'woken',
  'archived',
  'restored',
  'replied',
  'forwarded',
  'answered',
  // What a rule did on arrival, `By` "rule NAME", its doings in `Added` (rules/).
  'rule',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/**
 * One change, oldest first. `From`/`To`: the column left and reached, the
 * old and new title, due date or snooze; `Added`/`Removed`: tag names or
 * assignees' emails; `Via` for `created`: `mailbox`, `mail-in` or `api`.
 */
export const HistoryEntry = z.object({
  Id: z.string(),
  At: z.string(),
  By: z.string(),
  Kind: z.string(),
  From: z.string().nullable(),
  To: z.string().nullable(),
  Added: z.array(z.string()),
  Removed: z.array(z.string()),
  Via: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** Where a card of the customer's is, and how it stands. */
export const CUSTOMER_CARD_STATES = ['open', 'snoozed', 'archived'] as const;

/** One conversation with the customer: a card on a board the key can see. */
export const CustomerCard = z.object({
  CardId: z.string(),
  Title: z.string(),
  BoardId: z.number(),
  BoardName: z.string(),
  ColumnName: z.string(),
  State: z.string(),
  /** When the customer last wrote on it. */
  LastAt: z.string(),
});
export type CustomerCard = z.infer<typeof CustomerCard>;

/** A customer's conversations, newest first; `Total` counts them all, `Cards` holds at most `CUSTOMER_CARDS_SHOWN`. */
export const Customer = z.object({
  /** The bare address, lower case; null when the card has no message from a customer. */
  Email: z.string().nullable(),
  /** As the newest message gave it; the address when none. */
  Name: z.string().nullable(),
  Total: z.number(),
  Cards: z.array(CustomerCard),
});
export type Customer = z.infer<typeof Customer>;
export const CUSTOMER_CARDS_SHOWN = 50;

/** `GET /v2/customer?Email=`: every conversation with the address on boards the key can see. */
export const CustomerQuery = z.strictObject({ Email });
