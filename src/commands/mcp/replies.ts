/**
 * A board's saved replies for assistants: `list_saved_replies` (filled for
 * a card when one is given) and `reply_with_saved`, which sends one filled
 * for the card as `inboard card reply ID --saved NAME` does — refusing, by
 * name, a variable with no value for the card unless told to send it so.
 */
import { z } from 'zod';
import { sanitize } from '../../text/sanitize.js';
import { savedText } from '../replies/filled.js';
import { sendChecked } from './checked.js';
import { boardId, cardId } from './inputs.js';
import { exactCardId, ToolError } from './lookup.js';
import { SentOut, sentOut } from './send.js';
import { tool, type Tool } from './tool.js';

const ReplyOut = z.object({
  name: z.string().describe('What reply_with_saved takes (case ignored)'),
  text: z.string().describe('Its text: filled for the card when cardId was given, else with its {{variables}}'),
  missing: z.array(z.string()).describe('Variables with no value for the card, left as {{written}}; [] without cardId'),
  author: z.string().nullable().describe('Who saved it (null when listed for a card)'),
});

export const REPLY_TOOLS: readonly Tool[] = [
  tool({
    name: 'list_saved_replies',
    title: "A board's saved replies",
    group: 'Email',
    description:
      "The board's saved replies: texts its members send often, by name. Give cardId to have each filled for that card (the customer's name, the card's title…) as reply_with_saved would send it, with the variables that have no value there in missing; else give boardId for the texts with their {{variables}}.",
    input: {
      boardId: boardId.optional(),
      cardId: cardId.optional().describe('A card: the replies of its board, each filled for it'),
    },
    output: { replies: z.array(ReplyOut) },
    effect: 'read',
    idempotent: true,
    async run({ client }, a) {
      if (a.cardId !== undefined) {
        const filled = await client.filledReplies(exactCardId(a.cardId));
        return {
          replies: filled.map((r) => ({ name: sanitize(r.Name), text: r.Text, missing: r.Missing, author: null })),
        };
      }
      if (a.boardId === undefined) throw new ToolError('give boardId (the texts) or cardId (filled for the card)');
      const all = await client.listSavedReplies(a.boardId);
      return {
        replies: all.map((r) => ({ name: sanitize(r.Name), text: r.Text, missing: [], author: sanitize(r.Author) })),
      };
    },
  }),
  tool({
    name: 'reply_with_saved',
    title: 'Reply with a saved reply',
    group: 'Email',
    description:
      "Sends the board's saved reply of that name (list_saved_replies) as a reply to the card's thread, filled for the card, to all as reply_to_thread does. A variable with no value for the card (a customer who gave no name) refuses it, naming the variable, unless sendUnfilled is true. It goes to people outside the board and cannot be taken back: show the user the filled text (list_saved_replies with cardId) and have them confirm first.",
    input: {
      cardId,
      name: z.string().min(1).max(100).describe("The saved reply's name (case ignored)"),
      sendUnfilled: z.boolean().optional().describe('Send it even with a variable left as {{written}}'),
    },
    output: SentOut,
    effect: 'destructive',
    idempotent: false,
    openWorld: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const text = await savedText(client, id, a.name, a.sendUnfilled === true);
      const sent = await sendChecked('reply_with_saved', (o) => client.replyToCard(id, { Body: text }, o));
      return sentOut(sent);
    },
  }),
];
