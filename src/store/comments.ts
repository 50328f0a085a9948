/**
 * Comments on a card: add, edit, delete. Adding is an optimistic mutation
 * (kind `comment`, run by the engine, idempotent on resend); editing and
 * deleting are sent at once, since there is nothing on the card row to show
 * early. All three then reload the open detail, and all three fail one way
 * (status.ts, refuse): `lastError`, `failedCount`, and a MutationError
 * carrying the typed text, so the prompt reopens with it. An edit or delete
 * whose answer never came is checked first (outcome.ts): the comment is read
 * back, and one already changed (or gone) is no failure.
 */
import { ApiError } from '../api/errors.js';
import type { CardId } from '../api/read-model.js';
import type { CallOptions } from '../api/types.js';
import type { Core, CoreData } from './core.js';
import type { Engine } from './mutation-engine.js';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import { sendChecked } from './outcome.js';
import { refuse, type StatusData } from './status.js';
import type { History } from './undo.js';

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
  history: Pick<History, 'run' | 'barrier'>,
  reloadDetail: (cardId: CardId) => Promise<void>,
  versions: Pick<Engine, 'versionOf' | 'sawVersion'>,
): CommentActions {
  /** A comment is part of its card: changed from the version the user saw (If-Match), the new one kept. */
  const onCard = (cardId: CardId): CallOptions => {
    const v = versions.versionOf(cardId);
    return { ...(v !== undefined ? { ifMatch: v } : {}), onVersion: (n) => versions.sawVersion(cardId, n) };
  };
  /**
   * Sends `request`; a refusal goes where an add's does; success shows in
   * the reloaded detail. `u` cannot take it back: a barrier in the history.
   */
  async function change(input: CommentChange, label: string, request: () => Promise<unknown>): Promise<void> {
    const based = versions.versionOf(input.cardId);
    const made = async (): Promise<boolean> => {
      const done = await landed(input);
      // Found made, with no answer to say the card's new version: the If-Match it passed made it one newer.
      if (done && based !== undefined) versions.sawVersion(input.cardId, based + 1);
      return done;
    };
    const sent = sendChecked(request, made).catch((e: unknown) => {
      throw refuse(core, input, e);
    });
    history.barrier(`${label} on ${cardTitle(input.cardId)}`, 'a comment is changed again from the card', sent);
    await sent;
    await reloadDetail(input.cardId);
  }

  /** Whether the server holds the change: the comment reads with the new text, or is gone. */
  async function landed(input: CommentChange): Promise<boolean> {
    try {
      const c = await core.client.getComment(input.commentId);
      return input.kind === 'editComment' && c.Comment === input.text;
    } catch (e) {
      if (input.kind === 'deleteComment' && e instanceof ApiError && e.kind === 'http' && e.status === 404) return true;
      throw e;
    }
  }

  const cardTitle = (id: CardId): string => {
    const title = core.get().view.cards.get(id)?.title;
    return title === undefined ? 'a card' : `“${truncate(sanitize(title), 40)}”`;
  };

  return {
    // Through the history (a barrier: its kind cannot be undone); the engine's followUp reloads the detail.
    addComment: (cardId, text) => history.run({ kind: 'comment', cardId, text }).then(() => undefined),
    updateComment: (cardId, commentId, text) =>
      change({ kind: 'editComment', cardId, commentId, text }, 'comment edit', () =>
        core.client.updateComment(commentId, text, onCard(cardId)),
      ),
    deleteComment: (cardId, commentId) =>
      change({ kind: 'deleteComment', cardId, commentId }, 'comment deletion', () =>
        core.client.deleteComment(commentId, onCard(cardId)),
      ),
  };
}
