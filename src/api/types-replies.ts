/**
 * The client's saved-reply operations (extension `savedReplies`,
 * schema-replies.ts), part of `Client` (types.ts), which gives its own call
 * options as `O`.
 */
import type { CardId } from './read-model.js';
import type { FilledReply, SavedReply, SavedReplyBody, SavedReplyPatch } from './schema-replies.js';

export interface SavedReplyOperations<O> {
  /** Extension `savedReplies`: GET /v2/board/:id/saved-replies, by name, variables unfilled. */
  listSavedReplies(boardId: number, o?: O): Promise<SavedReply[]>;
  /** Extension `savedReplies`: POST /v2/board/:id/saved-replies (any member). */
  addSavedReply(boardId: number, body: SavedReplyBody, o?: O): Promise<SavedReply>;
  /** Extension `savedReplies`: PATCH /v2/board/:id/saved-replies/:replyId (its author or the board's owner). */
  changeSavedReply(boardId: number, replyId: string, body: SavedReplyPatch, o?: O): Promise<SavedReply>;
  /** Extension `savedReplies`: DELETE /v2/board/:id/saved-replies/:replyId; resolves to what was removed. */
  removeSavedReply(boardId: number, replyId: string, o?: O): Promise<SavedReply>;
  /** Extension `savedReplies`: GET /v2/card/:id/saved-replies, each filled for the card, what could not be in `Missing`. */
  filledReplies(cardId: CardId, o?: O): Promise<FilledReply[]>;
}
