/**
 * What the service remembers around a card, for assistants: the customer's
 * conversations (`customer_conversations`, the client's `customer` as
 * `inboard customer` calls it) and a card's history (`card_history`, as
 * `inboard card history`). Both are the local service's; elsewhere the
 * failure says they are not offered.
 */
import { z } from 'zod';
import { LIMITS } from '../../api/schema.js';
import { historyWords } from '../../text/history-words.js';
import { sanitize } from '../../text/sanitize.js';
import { cardId } from './inputs.js';
import { tool, type Tool } from './tool.js';

const ConversationOut = z.object({
  cardId: z.string().describe('Exactly as given: pass it to get_card, get_thread and the card tools'),
  title: z.string(),
  boardId: z.number(),
  board: z.string(),
  column: z.string(),
  state: z.string().describe('open, snoozed or archived'),
  lastWrote: z.string().describe('When the customer last wrote on it (ISO 8601)'),
});

const ChangeOut = z.object({
  at: z.string().describe('When (ISO 8601)'),
  by: z.string().describe('Who: a member’s email, or the customer’s for mail'),
  kind: z
    .string()
    .describe('created, moved, renamed, tagged, assigned, due, snoozed, woken, archived, restored, replied, answered'),
  words: z.string().describe('The change in words: "moved it from Inbox to Doing"'),
});

export const CUSTOMER_TOOLS: readonly Tool[] = [
  tool({
    name: 'customer_conversations',
    title: "A customer's conversations",
    group: 'Email',
    description:
      'Lists the cards whose email came from an address, on every board this key sees, newest first: the board, the column, whether it is open, snoozed or archived, and when the customer last wrote. At most 50; total counts them all. For "has this customer written before?".',
    input: { email: z.email().max(LIMITS.email).describe('The customer’s address (any case)') },
    output: {
      email: z.string(),
      name: z.string().nullable().describe('As their newest message gave it'),
      total: z.number(),
      cards: z.array(ConversationOut),
    },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const c = await client.customer(a.email);
      return {
        email: c.Email ?? a.email.toLowerCase(),
        name: c.Name === null ? null : sanitize(c.Name),
        total: c.Total,
        cards: c.Cards.map((k) => ({
          cardId: k.CardId,
          title: sanitize(k.Title),
          boardId: k.BoardId,
          board: sanitize(k.BoardName),
          column: sanitize(k.ColumnName),
          state: k.State,
          lastWrote: k.LastAt,
        })),
      };
    },
  }),
  tool({
    name: 'card_history',
    title: "A card's history",
    group: 'On a card',
    description:
      'Every change of a card, oldest first, with who made it and when: created (from a mailbox, by mail in or through the API), moved, renamed, tagged, assigned, due, snoozed and back, archived, restored, replied, and the customer writing again. Kept as long as the card.',
    input: { cardId },
    output: { cardId: z.string(), changes: z.array(ChangeOut) },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const entries = await client.cardHistory(a.cardId);
      return {
        cardId: a.cardId,
        changes: entries.map((e) => ({
          at: e.At,
          by: sanitize(e.By),
          kind: e.Kind,
          words: sanitize(historyWords(e)),
        })),
      };
    },
  }),
];
