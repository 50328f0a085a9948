/** Tools for what a card holds: comments, notes, sub-tasks, its read state. */
import { z } from 'zod';
import { sendChecked } from './checked.js';
import { cardId, text } from './inputs.js';
import { exactCardId } from './lookup.js';
import { tool, type Tool } from './tool.js';

const Added = { cardId: z.string() };

export const PART_TOOLS: readonly Tool[] = [
  tool({
    name: 'add_comment',
    title: 'Comment on a card',
    group: 'On a card',
    description:
      "Adds a comment to a card: a message for the team, seen by the board's members, never emailed to the customer (reply_to_thread does that). Answers the comment's id.",
    input: { cardId, body: text('The comment text') },
    output: { cardId: z.string(), commentId: z.number().nullable() },
    effect: 'write',
    idempotent: false,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const res = await sendChecked('add_comment', (o) => client.createComment(id, a.body, o));
      return { cardId: id, commentId: res.CommentDetails?.CommentId ?? null };
    },
  }),
  tool({
    name: 'add_note',
    title: 'Add a note to a card',
    group: 'On a card',
    description: 'Adds a note to a card (its notes are kept in order; get_card lists them).',
    input: { cardId, body: text('The note text') },
    output: Added,
    effect: 'write',
    idempotent: false,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      await sendChecked('add_note', (o) => client.addNote(id, a.body, o));
      return { cardId: id };
    },
  }),
  tool({
    name: 'add_sub_task',
    title: 'Add a sub-task',
    group: 'On a card',
    description: 'Adds a sub-task (a checklist item) to a card, not done. get_card lists sub-tasks with their ids.',
    input: { cardId, body: text('What is to be done') },
    output: Added,
    effect: 'write',
    idempotent: false,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      await sendChecked('add_sub_task', (o) => client.addSubTask(id, a.body, o));
      return { cardId: id };
    },
  }),
  tool({
    name: 'set_sub_task_done',
    title: 'Tick or untick a sub-task',
    group: 'On a card',
    description: 'Marks a sub-task of a card done (done: true) or not done (false). subTaskId comes from get_card.',
    input: {
      cardId,
      subTaskId: z.number().int().positive().describe("The sub-task's id, from get_card's subTasks"),
      done: z.boolean(),
    },
    output: { cardId: z.string(), subTaskId: z.number(), done: z.boolean() },
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const res = await sendChecked('set_sub_task_done', (o) => client.tickSubTask(id, a.subTaskId, a.done, o));
      return { cardId: res.CardId, subTaskId: res.SubTaskId, done: res.Done };
    },
  }),
  tool({
    name: 'set_read_state',
    title: 'Mark a card read or unread',
    group: 'On a card',
    description:
      'Marks a card read (read: true) or unread (false), for everyone on the board: unread cards are what still needs a look.',
    input: { cardId, read: z.boolean() },
    output: { cardId: z.string(), read: z.boolean() },
    effect: 'write',
    idempotent: true,
    async run({ client }, a) {
      const id = exactCardId(a.cardId);
      const res = await sendChecked('set_read_state', (o) => client.setReadStatus(id, a.read, o));
      return { cardId: res.CardId, read: res.ReadStatus !== 0 };
    },
  }),
];
