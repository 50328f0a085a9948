/**
 * The wire shapes of the local service's saved replies: a board's texts that
 * its members send often, with `{{variables}}` filled for a card
 * (`GET`/`POST /v2/board/:boardId/saved-replies`,
 * `PATCH`/`DELETE /v2/board/:boardId/saved-replies/:replyId`, and
 * `GET /v2/card/:cardId/saved-replies`: each filled for that card).
 * The conventions are schema.ts's.
 */
import { z } from 'zod';
import { IdString, LIMITS, requiredText } from './schema.js';

export const SAVED_REPLY_LIMITS = {
  name: 100,
  /** As long as a reply's body may be. */
  text: LIMITS.text,
} as const;

export const SavedReplyPath = z.strictObject({ boardId: IdString, replyId: IdString });

export const SavedReply = z.object({
  Id: z.string(),
  BoardId: z.string(),
  Name: z.string(),
  Text: z.string(),
  /** Who saved it: the author may change or remove it, as may the board's owner. */
  Author: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type SavedReply = z.infer<typeof SavedReply>;

/** A saved reply filled for one card and the key asking: what could not be filled stays `{{as written}}`, named in Missing. */
export const FilledReply = z.object({
  Id: z.string(),
  Name: z.string(),
  Text: z.string(),
  Missing: z.array(z.string()),
});
export type FilledReply = z.infer<typeof FilledReply>;

const Name = requiredText(SAVED_REPLY_LIMITS.name);
const Text = requiredText(SAVED_REPLY_LIMITS.text);

export const SavedReplyBody = z.strictObject({ Name, Text });
export type SavedReplyBody = z.input<typeof SavedReplyBody>;

export const SavedReplyPatch = z
  .strictObject({ Name: Name.optional(), Text: Text.optional() })
  .refine((b) => b.Name !== undefined || b.Text !== undefined, { message: 'give Name, Text or both' });
export type SavedReplyPatch = z.input<typeof SavedReplyPatch>;
