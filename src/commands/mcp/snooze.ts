/** Tools for who's waiting: snoozing a card until a time or the customer's answer, and the board's snoozed cards. */
import { z } from 'zod';
import { isUnreadable, type CardRow, type SnoozedCard } from '../../api/read-model.js';
import { parseSnoozeUntil } from '../../text/snooze-until.js';
import { sendChecked } from './checked.js';
import { boardId, cardId } from './inputs.js';
import { exactCardId } from './lookup.js';
import { CardOut, cardOut, UnreadableOut, unreadableOut } from './shapes.js';
import { tool, type Tool } from './tool.js';

/** The card as the server answered it; an answer that is no card is said in words. */
function answered(id: string, row: CardRow) {
  if (isUnreadable(row)) throw new Error(`the server answered for card ${id}, but not with a card: ${row.unreadable}`);
  return cardOut(row);
}

export const SNOOZE_TOOLS: readonly Tool[] = [
  tool({
    name: 'snooze_card',
    title: 'Snooze a card',
    group: 'Cards',
    description:
      'Takes a card off its column until a time, until the customer answers its email (untilReply), or whichever comes first. It comes back by itself on top of its column, unread, marked back from snooze. At least one of until and untilReply.',
    input: {
      cardId,
      until: z
        .string()
        .optional()
        .describe(
          'When it comes back: an ISO 8601 time (2026-12-04T09:00:00Z) or words such as "tomorrow 9", "fri", "+3d", "in 2 hours" (the server’s local time zone; a bare day is 09:00)',
        ),
      untilReply: z
        .boolean()
        .optional()
        .describe('Back when the customer answers (the card must have an email thread)'),
    },
    output: CardOut.shape,
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      if (a.until === undefined && a.untilReply !== true)
        throw new Error('give until (a time), untilReply: true, or both');
      let until: string | null = null;
      if (a.until !== undefined) {
        const read = parseSnoozeUntil(a.until, new Date());
        if (!read.ok) throw new Error(`until: ${read.error}`);
        until = new Date(read.ms).toISOString();
      }
      const terms = { Until: until, ...(a.untilReply === true ? { UntilReply: true } : {}) };
      return answered(id, await sendChecked('snooze_card', (o) => client.snoozeCard(id, terms, o)));
    },
  }),
  tool({
    name: 'unsnooze_card',
    title: 'Bring a snoozed card back now',
    group: 'Cards',
    description: 'Ends a card’s snooze: it returns to its column where it was.',
    input: { cardId },
    output: CardOut.shape,
    effect: 'write',
    idempotent: false,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      return answered(id, await sendChecked('unsnooze_card', (o) => client.unsnoozeCard(id, o)));
    },
  }),
  tool({
    name: 'list_snoozed_cards',
    title: 'List snoozed cards',
    group: 'Cards',
    description:
      "A board's snoozed cards, soonest back first (those waiting only for an answer last), each with the column it comes back to.",
    input: { boardId },
    output: {
      boardId: z.number(),
      cards: z.array(CardOut.extend({ column: z.string() })),
      unreadable: z.array(UnreadableOut),
    },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      const rows = await client.listSnoozedCards(a.boardId);
      return {
        boardId: a.boardId,
        cards: rows
          .filter((r): r is SnoozedCard => !isUnreadable(r))
          .map((c) => ({ ...cardOut(c), column: c.ColumnName })),
        unreadable: rows.filter(isUnreadable).map(unreadableOut),
      };
    },
  }),
];
