/**
 * The kinds whose result the screen cannot predict: text added to a card (a
 * comment, a note, a sub-task: the server gives its id, author and time), a
 * column, a board. They change no card row; what they made is read back.
 */
import type { KindSpec } from '../mutation-kinds.js';
import { requireBoard } from './context.js';

/** Text added to a card: sent once however often it is resent (identity), then the detail is read again. */
const addedText = {
  effect: null,
  identity: (m, _boardId, resolve) => [resolve(m.cardId), m.text],
  newCardId: null,
  landed: null,
  readBack: 'detail',
  detail: null,
  undo: null,
} satisfies Omit<KindSpec<'comment' | 'note' | 'subTask'>, 'request'>;

export const comment: KindSpec<'comment'> = {
  ...addedText,
  request: (ctx, m, o) => ctx.client.createComment(ctx.realId(m.cardId), m.text, o),
};

export const note: KindSpec<'note'> = {
  ...addedText,
  request: (ctx, m, o) => ctx.client.addNote(ctx.realId(m.cardId), m.text, o),
};

export const subTask: KindSpec<'subTask'> = {
  ...addedText,
  request: (ctx, m, o) => ctx.client.addSubTask(ctx.realId(m.cardId), m.text, o),
};

export const createColumn: KindSpec<'createColumn'> = {
  effect: null,
  request: (ctx, m, o) => ctx.client.createColumn(requireBoard(ctx), m.name, o),
  identity: null,
  newCardId: null,
  landed: null,
  readBack: 'columns',
  detail: null,
  undo: null,
};

export const createBoard: KindSpec<'createBoard'> = {
  effect: null,
  request: (ctx, m, o) =>
    ctx.client.createBoard({ Name: m.name, ...(m.users.length > 0 ? { Users: [...m.users] } : {}) }, o),
  identity: null,
  newCardId: null,
  landed: null,
  readBack: 'boards',
  detail: null,
  undo: null,
};
