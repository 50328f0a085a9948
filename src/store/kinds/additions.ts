/**
 * The kinds whose result the screen cannot predict: text added to a card (a
 * comment, a note, a sub-task: the server gives its id, author and time), a
 * column, a board. They change no card row; what they made is read back.
 */
import type { KindSpec, UndoSpec } from '../mutation-kinds.js';
import { onCard, onScreen, requireBoard } from './context.js';

/** Text added to a card: sent once however often it is resent (identity), then the detail is read again. */
const addedText = {
  effect: null,
  identity: (m, _boardId, resolve) => [resolve(m.cardId), m.text],
  newCardId: null,
  landed: null,
  readBack: 'detail',
  detail: null,
} satisfies Omit<KindSpec<'comment' | 'note' | 'subTask'>, 'request' | 'undo'>;

/** `u` does not take added text back: a barrier in the history that names it. */
const addedUndo = (what: string): UndoSpec<'comment' | 'note' | 'subTask'> => ({
  card: onScreen,
  describe: (_m, _card, say) => `${what} on ${say.title}`,
  inverse: () => `added text stays; change it from the card`,
  needs: null,
});

export const comment: KindSpec<'comment'> = {
  ...addedText,
  request: (ctx, m, o) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.createComment(id, m.text, onCard(ctx, id, o));
  },
  undo: addedUndo('comment'),
};

export const note: KindSpec<'note'> = {
  ...addedText,
  request: (ctx, m, o) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.addNote(id, m.text, onCard(ctx, id, o));
  },
  undo: addedUndo('note'),
};

export const subTask: KindSpec<'subTask'> = {
  ...addedText,
  request: (ctx, m, o) => {
    const id = ctx.realId(m.cardId);
    return ctx.client.addSubTask(id, m.text, onCard(ctx, id, o));
  },
  undo: addedUndo('sub-task'),
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
