/**
 * The actions that change cards (and add a column or a board): each one is
 * an optimistic mutation, run by the engine (mutation-engine.ts) as its kind
 * says (mutation-kinds.ts). Adding a comment is one too, in comments.ts.
 */
import type { CreateBoardData } from '../api/schema.js';
import type { CardId } from '../api/tolerant.js';
import type { CreatedCard } from '../api/types.js';
import type { Engine } from './mutation-engine.js';
import type { MutationInput } from './mutation-kinds.js';
import { pendingId } from './pending-ids.js';

export interface CardMutationActions {
  moveCard(cardId: CardId, toColumnLabel: string, toIndex: number, toBoardId?: number): Promise<void>;
  /** Resolves with the real card id. */
  createCard(columnLabel: string, title: string, note?: string): Promise<CardId>;
  editTitle(cardId: CardId, title: string): Promise<void>;
  archiveCard(cardId: CardId): Promise<void>;
  addNote(cardId: CardId, text: string): Promise<void>;
  addSubTask(cardId: CardId, text: string): Promise<void>;
  setTags(cardId: CardId, tagIds: readonly number[]): Promise<void>;
  addTag(cardId: CardId, tagId: number): Promise<void>;
  setAssignees(cardId: CardId, emails: readonly string[] | null): Promise<void>;
  createColumn(name: string): Promise<void>;
  /** Resolves with the new board's id. */
  createBoard(name: string, users?: readonly string[]): Promise<number>;
}

const done = (): void => undefined;

export function makeCardMutations(engine: Engine): CardMutationActions {
  /** Numbers the pending ids of cards created here, until the server gives their real ones. */
  let nextTemp = 0;
  const run = (input: MutationInput, focus?: CardId): Promise<unknown> => engine.enqueue(input, focus);

  return {
    moveCard(cardId, toColumnLabel, toIndex, toBoardId) {
      const input: MutationInput = {
        kind: 'move',
        cardId,
        toColumn: toColumnLabel,
        toIndex: Math.max(0, toIndex),
        ...(toBoardId !== undefined ? { toBoardId } : {}),
      };
      return run(input, cardId).then(done);
    },
    createCard(columnLabel, title, note) {
      const cardId = pendingId(++nextTemp);
      const input: MutationInput = {
        kind: 'create',
        cardId,
        columnLabel,
        title,
        createdAt: new Date().toISOString(),
        ...(note !== undefined ? { note } : {}),
      };
      // '' when the server did not say the new card's id (the board is read again).
      return run(input, cardId).then((r) => (r as CreatedCard).taskId ?? '');
    },
    editTitle: (cardId, title) => run({ kind: 'editTitle', cardId, title }).then(done),
    archiveCard: (cardId) => run({ kind: 'archive', cardId }).then(done),
    addNote: (cardId, text) => run({ kind: 'note', cardId, text }).then(done),
    addSubTask: (cardId, text) => run({ kind: 'subTask', cardId, text }).then(done),
    setTags: (cardId, tagIds) => run({ kind: 'setTags', cardId, tagIds: [...tagIds] }).then(done),
    addTag: (cardId, tagId) => run({ kind: 'addTag', cardId, tagId }).then(done),
    setAssignees: (cardId, emails) =>
      run({ kind: 'setAssignees', cardId, emails: emails === null ? null : [...emails] }).then(done),
    createColumn: (name) => run({ kind: 'createColumn', name }).then(done),
    createBoard: (name, users = []) =>
      run({ kind: 'createBoard', name, users: [...users] }).then((r) => (r as CreateBoardData).Id),
  };
}
