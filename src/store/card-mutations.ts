/**
 * The actions that change cards (and add a column or a board): each one is
 * an optimistic mutation, run by the engine (mutation-engine.ts) as its kind
 * says (mutation-kinds.ts). Adding a comment is one too, in comments.ts.
 */
import type { CreateBoardData } from '../api/schema.js';
import type { ArchivedCard, CardId, SnoozedCard } from '../api/read-model.js';
import type { CreatedCard } from '../api/types.js';
import { cardFromWire } from './card.js';
import type { MutationInput } from './mutation-kinds.js';
import { pendingId } from './pending-ids.js';

export interface CardMutationActions {
  moveCard(cardId: CardId, toColumnLabel: string, toIndex: number, toBoardId?: number): Promise<void>;
  /** Resolves with the real card id. */
  createCard(columnLabel: string, title: string, note?: string): Promise<CardId>;
  /**
   * `from`: the title the user began editing; a title someone changed on the
   * server since is not saved over: rejects with a MutationError whose cause
   * is a TitleConflict (theirs), so the user can keep theirs or save again.
   * `version`: the card's version the edit began from (servers with versions).
   */
  editTitle(cardId: CardId, title: string, from?: string, version?: number): Promise<void>;
  archiveCard(cardId: CardId): Promise<void>;
  addNote(cardId: CardId, text: string): Promise<void>;
  addSubTask(cardId: CardId, text: string): Promise<void>;
  setTags(cardId: CardId, tagIds: readonly number[]): Promise<void>;
  addTag(cardId: CardId, tagId: number): Promise<void>;
  setAssignees(cardId: CardId, emails: readonly string[] | null): Promise<void>;
  /**
   * Extension `setDueDate`: an ISO 8601 date-time (or plain date), null
   * clears. With `edit` (the date and version it began from), a date someone
   * changed since is not saved over: rejects with a DueConflict as cause.
   */
  setDueDate(cardId: CardId, due: string | null, edit?: { from: string | null; version?: number }): Promise<void>;
  /** Extension `setReadStatus`; `undoable: false` for the mark opening a card makes (not the user's change). */
  setRead(cardId: CardId, read: boolean, o?: { undoable?: boolean }): Promise<void>;
  /** Extension `tickSubTask`. */
  tickSubTask(cardId: CardId, subTaskId: number, done: boolean): Promise<void>;
  /**
   * Extension `restoreCard`: an archived card back on the open board, on top
   * of `columnLabel` (the column it was archived from when it is a column of this board).
   */
  restoreCard(card: ArchivedCard, columnLabel: string): Promise<void>;
  /**
   * Extension `snooze`: the card off the board until `until` (ISO), or until
   * the customer answers, or whichever comes first; `u` brings it back.
   */
  snoozeCard(cardId: CardId, until: string | null, untilReply: boolean): Promise<void>;
  /**
   * Extension `snooze`: a card of the board's snoozed list back now, at once
   * on top of `columnLabel` (the server puts it back at its place).
   */
  unsnoozeCard(card: SnoozedCard, columnLabel: string): Promise<void>;
  createColumn(name: string): Promise<void>;
  /** Resolves with the new board's id. */
  createBoard(name: string, users?: readonly string[]): Promise<number>;
}

const done = (): void => undefined;

/**
 * `run` sends a change through the engine and records it for undo
 * (undo.ts History.run); every action here goes through it.
 */
export function makeCardMutations(
  run: (input: MutationInput, focus?: CardId, undoable?: boolean) => Promise<unknown>,
  boardId: () => number | null,
): CardMutationActions {
  /** Numbers the pending ids of cards created here, until the server gives their real ones. */
  let nextTemp = 0;

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
        // As the server keeps it (the wire schema trims): what the board shows is what is saved.
        title: title.trim(),
        createdAt: new Date().toISOString(),
        ...(note !== undefined ? { note } : {}),
      };
      // '' when the server did not say the new card's id (the board is read again).
      return run(input, cardId).then((r) => (r as CreatedCard).taskId ?? '');
    },
    editTitle: (cardId, title, from, version) =>
      run({
        kind: 'editTitle',
        cardId,
        title: title.trim(),
        ...(from !== undefined ? { from } : {}),
        ...(version !== undefined ? { version } : {}),
      }).then(done),
    archiveCard: (cardId) => run({ kind: 'archive', cardId }).then(done),
    addNote: (cardId, text) => run({ kind: 'note', cardId, text }).then(done),
    addSubTask: (cardId, text) => run({ kind: 'subTask', cardId, text }).then(done),
    setTags: (cardId, tagIds) => run({ kind: 'setTags', cardId, tagIds: [...tagIds] }).then(done),
    addTag: (cardId, tagId) => run({ kind: 'addTag', cardId, tagId }).then(done),
    setAssignees: (cardId, emails) =>
      run({ kind: 'setAssignees', cardId, emails: emails === null ? null : [...emails] }).then(done),
    setDueDate: (cardId, due, edit) =>
      run({
        kind: 'setDue',
        cardId,
        due,
        ...(edit !== undefined ? { from: edit.from } : {}),
        ...(edit?.version !== undefined ? { version: edit.version } : {}),
      }).then(done),
    setRead: (cardId, read, o) => run({ kind: 'setRead', cardId, read }, undefined, o?.undoable ?? true).then(done),
    tickSubTask: (cardId, subTaskId, doneNow) =>
      run({ kind: 'tickSubTask', cardId, subTaskId, done: doneNow }).then(done),
    restoreCard(archived, columnLabel) {
      const card = cardFromWire(archived, columnLabel, archived.BoardId ?? boardId() ?? 0, '0');
      const input: MutationInput = { kind: 'restore', cardId: card.id, card, toColumn: columnLabel, toIndex: 0 };
      return run(input, card.id).then(done);
    },
    snoozeCard: (cardId, until, untilReply) => run({ kind: 'snooze', cardId, until, untilReply }).then(done),
    unsnoozeCard(snoozed, columnLabel) {
      const card = cardFromWire(snoozed, columnLabel, snoozed.BoardId ?? boardId() ?? 0, '0');
      const ends = { until: snoozed.Snoozed?.Until ?? null, untilReply: snoozed.Snoozed?.UntilReply ?? false };
      const input: MutationInput = { kind: 'unsnooze', cardId: card.id, card, toColumn: columnLabel, toIndex: 0, ends };
      return run(input, card.id).then(done);
    },
    createColumn: (name) => run({ kind: 'createColumn', name }).then(done),
    createBoard: (name, users = []) =>
      run({ kind: 'createBoard', name, users: [...users] }).then((r) => (r as CreateBoardData).Id),
  };
}
