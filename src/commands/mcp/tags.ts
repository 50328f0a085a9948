/** Tools on tags: list_tags, add_tag_to_card, remove_tag_from_card. */
import { z } from 'zod';
import { sendChecked } from './checked.js';
import { boardId, cardId } from './inputs.js';
import { exactCardId, ToolError } from './lookup.js';
import { TagOut, tagOut } from './shapes.js';
import { tool, type Tool } from './tool.js';

const tagId = z.number().int().positive().describe("The tag's id, from list_tags");

export const TAG_TOOLS: readonly Tool[] = [
  tool({
    name: 'list_tags',
    title: 'List tags',
    group: 'Tags',
    description:
      "A board's tags (coloured labels on cards): id, name and colour (a palette index as a string: 0 gray, 1 red, 2 orange, 3 yellow, 4 green, …).",
    input: { boardId },
    output: { boardId: z.number(), tags: z.array(TagOut) },
    effect: 'read',
    idempotent: true,
    run: async ({ client }, a) => ({ boardId: a.boardId, tags: (await client.listTags(a.boardId)).map(tagOut) }),
  }),
  tool({
    name: 'add_tag_to_card',
    title: 'Tag a card',
    group: 'Tags',
    description: "Puts one of its board's tags on a card (list_tags gives the ids). A tag it already has stays once.",
    input: { cardId, tagId },
    output: { cardId: z.string(), tagId: z.number() },
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      await sendChecked('add_tag_to_card', (o) => client.addTag(id, a.tagId, o));
      return { cardId: id, tagId: a.tagId };
    },
  }),
  tool({
    name: 'remove_tag_from_card',
    title: 'Untag a card',
    group: 'Tags',
    description: "Takes a tag off a card, keeping its other tags. Answers the card's tag ids after.",
    input: { cardId, tagId },
    output: { cardId: z.string(), tagIds: z.array(z.number()) },
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const tags = (await client.getCard(id)).Tags;
      if (tags === undefined)
        throw new ToolError(`the server does not say card ${id}'s tags, so none can be taken off`);
      const keep = tags.map((t) => t.Id).filter((t) => t !== a.tagId);
      const res = await sendChecked('remove_tag_from_card', (o) => client.setTags(id, keep, o));
      return { cardId: id, tagIds: res.TagIds ?? keep };
    },
  }),
];
