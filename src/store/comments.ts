/**
 * Comments on a card: add, edit, delete. Adding is an optimistic mutation
 * (kind `comment`, run by the engine, idempotent on resend); editing and
 * deleting are sent at once, since there is nothing on the card row to show
 * early. All three then reload the open detail, and all three fail one way
 * (status.ts, refuse): `lastError`, `failedCount`, and a MutationError
 * carrying the typed text, so the prompt reopens with it.
 */
import type { CardId } from '../api/read-model.js';
import type { Core, CoreData } from './core.js';
import type { Engine } from './mutation-engine.js';
import { refuse, type StatusData } from './status.js';

/** A comment edit or delete, as a MutationError reports it. */
export type CommentChange =
  | { kind: 'editComment'; cardId: CardId; commentId: number; text: string }
  | { kind: 'deleteComment'; cardId: CardId; commentId: number };

export interface CommentActions {
  addComment(cardId: CardId, text: string): Promise<void>;
  updateComment(cardId: CardId, commentId: number, text: string): Promise<void>;
  deleteComment(cardId: CardId, commentId: number): Promise<void>;
}

export function makeComments(
  core: Core<CoreData & StatusData>,
  engine: Engine,
  reloadDetail: (cardId: CardId) => Promise<void>,
): CommentActions {
  /** Sends `request`; a refusal goes where an add's does; success shows in the reloaded detail. */
  async function change(input: CommentChange, request: () => Promise<unknown>): Promise<void> {
    try {
      await request();
    } catch (e) {
      throw refuse(core, input, e);
    }
    await reloadDetail(input.cardId);
  }

  return {
    // The engine's followUp reloads the detail before this resolves.
    addComment: (cardId, text) => engine.enqueue({ kind: 'comment', cardId, text }).then(() => undefined),
    updateComment: (cardId, commentId, text) =>
      change({ kind: 'editComment', cardId, commentId, text }, () => core.client.updateComment(commentId, text)),
    deleteComment: (cardId, commentId) =>
      change({ kind: 'deleteComment', cardId, commentId }, () => core.client.deleteComment(commentId)),
  };
}
