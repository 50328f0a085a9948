/**
 * A board's saved replies (schema-replies.ts), extension `savedReplies`: a
 * server without them (DragApp) is asked once, then refused at once, in words.
 */
import { z } from 'zod';
import type { Endpoints } from '../operations.js';
import { FilledReply, SavedReply, type SavedReplyBody, type SavedReplyPatch } from '../schema-replies.js';
import { seg } from '../wire.js';

const boardPath = (boardId: number) => `/v2/board/${seg(String(boardId))}/saved-replies`;

export const replyEndpoints: Endpoints<
  'listSavedReplies' | 'addSavedReply' | 'changeSavedReply' | 'removeSavedReply' | 'filledReplies'
> = {
  listSavedReplies: (w, boardId, o) => {
    const path = boardPath(boardId);
    return w.extension('savedReplies', 'GET', path, () => w.env(z.array(SavedReply), 'GET', path, { o }));
  },
  addSavedReply: (w, boardId, body, o) => {
    const path = boardPath(boardId);
    return w.extension('savedReplies', 'POST', path, async () =>
      SavedReply.parse(await w.change('POST', path, { body: { ...body } satisfies SavedReplyBody, o })),
    );
  },
  changeSavedReply: (w, boardId, replyId, body, o) => {
    const path = `${boardPath(boardId)}/${seg(replyId)}`;
    return w.extension('savedReplies', 'PATCH', path, async () =>
      SavedReply.parse(await w.change('PATCH', path, { body: { ...body } satisfies SavedReplyPatch, o })),
    );
  },
  removeSavedReply: (w, boardId, replyId, o) => {
    const path = `${boardPath(boardId)}/${seg(replyId)}`;
    return w.extension('savedReplies', 'DELETE', path, async () =>
      SavedReply.parse(await w.change('DELETE', path, { o })),
    );
  },
  filledReplies: (w, cardId, o) => {
    const path = `/v2/card/${seg(cardId)}/saved-replies`;
    return w.extension('savedReplies', 'GET', path, () => w.env(z.array(FilledReply), 'GET', path, { o }));
  },
};
