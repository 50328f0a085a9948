/**
 * update_card: a card's title, assignees and due date, as the TUI changes
 * them. A PUT of the card must repeat its board and column, so the card is
 * read first; the write carries the card's version (If-Match), so a card
 * someone changed meanwhile is refused rather than overwritten. The answer
 * is the card read back.
 */
import { z } from 'zod';
import { LIMITS } from '../../api/schema.js';
import { DueDateValue } from '../../api/schema-cards.js';
import { sendChecked } from './checked.js';
import { cardId, emails } from './inputs.js';
import { exactCardId, placeOfCard, ToolError } from './lookup.js';
import { CardDetailOut, cardDetailOut } from './shapes.js';
import { tool, type Tool } from './tool.js';

export const UPDATE_TOOLS: readonly Tool[] = [
  tool({
    name: 'update_card',
    title: 'Update a card',
    group: 'Cards',
    description:
      "Changes a card's title, its assignees (the list replaces them; [] unassigns everyone) and/or its due date (null clears it). Give version (from get_card) to have the change refused if the card changed since you read it. Notes, comments and sub-tasks have their own tools. Answers the card as it now is.",
    input: {
      cardId,
      title: z.string().min(1).max(LIMITS.cardTitle).optional().describe('The new title'),
      assignees: emails.optional().describe("Emails of board members: the card's assignees from now on"),
      dueDate: DueDateValue.nullable()
        .optional()
        .describe('A day ("2026-12-01") or a moment with its zone ("2026-12-01T17:00:00Z"); null clears it'),
      version: z.number().int().min(0).optional().describe("The card's version as get_card gave it"),
    },
    output: CardDetailOut.shape,
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      if (a.title === undefined && a.assignees === undefined && a.dueDate === undefined)
        throw new ToolError('nothing to change: give title, assignees or dueDate');
      const card = await client.getCard(id);
      let version = a.version ?? card.Version;
      const hear = (v: number) => void (version = v);
      if (a.title !== undefined || a.assignees !== undefined) {
        const title = a.title ?? card.TaskName;
        if (title === undefined)
          throw new ToolError(`the server did not give card ${id}'s title, which a change must repeat: give title`);
        const { boardId, column } = await placeOfCard(client, card);
        const put = (what: string, extra: { Assignee?: string[] }) =>
          sendChecked(what, (o) =>
            client.updateCard(
              id,
              { BoardId: boardId, ColumnId: column.Id, CardTitle: title, ...extra },
              { ...o, ...(version === undefined ? {} : { ifMatch: version }), onVersion: hear },
            ),
          );
        // Apart: DragApp takes a title and assignees on different routes, one change each.
        if (a.title !== undefined) await put('update_card (title)', {});
        if (a.assignees !== undefined) await put('update_card (assignees)', { Assignee: a.assignees });
      }
      if (a.dueDate !== undefined) {
        const due = a.dueDate;
        await sendChecked('update_card (due date)', (o) =>
          client.setDueDate(id, due, { ...o, ...(version === undefined ? {} : { ifMatch: version }), onVersion: hear }),
        );
      }
      return cardDetailOut(await client.getCard(id));
    },
  }),
];
