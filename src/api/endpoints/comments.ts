/** Comments on a card: /v2/comment… */
import type { Endpoints } from '../operations.js';
import { DeletedCommentData, type CreateCommentInput, type UpdateCommentInput } from '../schema.js';
import { Fields, isRecord, readComment } from '../tolerant.js';
import type { CommentResult } from '../types.js';
import { kindOf, seg } from '../wire.js';
import { successOf } from './answers.js';

const commentResult = (answer: unknown): CommentResult => {
  const f = isRecord(answer) ? new Fields(answer) : undefined;
  return {
    Success: successOf(f, answer),
    CommentDetails: readComment(f?.get('CommentDetails', 'Comment', 'data')) ?? null,
  };
};

export const commentEndpoints: Endpoints<'createComment' | 'getComment' | 'updateComment' | 'deleteComment'> = {
  createComment: async (w, cardId, text, o) =>
    commentResult(
      await w.change('POST', '/v2/comment', { body: { CardId: cardId, Body: text } satisfies CreateCommentInput, o }),
    ),
  getComment: (w, id, o) =>
    w.one(`/v2/comment/${seg(id)}`, (v) => readComment(v) ?? `data expected a comment, got ${kindOf(v)}`, { o }),
  updateComment: async (w, id, text, o) =>
    commentResult(
      await w.change('PUT', `/v2/comment/${seg(id)}`, { body: { Body: text } satisfies UpdateCommentInput, o }),
    ),
  deleteComment: (w, id, o) => w.env(DeletedCommentData, 'DELETE', `/v2/comment/${seg(id)}`, { o }),
};
