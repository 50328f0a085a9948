/**
 * Mutation actions and the engine behind them: append to pending (the view
 * changes in the same call), run through the keyed queue, then fold the
 * answer into confirmed state or drop just that mutation on failure.
 */
import { randomUUID } from 'node:crypto';
import type { CreateBoardData } from '../api/schema.js';
import type { CardId } from '../api/tolerant.js';
import type { CreatedCard } from '../api/types.js';
import type { Core } from './core.js';
import { errorStatus, errorText } from './core.js';
import { Draft } from './draft.js';
import { foreignColumnId } from './extras.js';
import type { RunContext } from './mutations.js';
import { isPendingId, pendingId } from './pending-ids.js';
import { applyEffect, runMutation } from './mutations.js';
import type { BoardActions, Mutation, MutationInput } from './types.js';

/** A mutation the server refused (or that could not be sent). Keeps what the user typed. */
export class MutationError extends Error {
  override readonly name = 'MutationError';
  constructor(
    message: string,
    readonly kind: Mutation['kind'],
    /** The user's text (title, comment…), so a prompt can reopen with it. */
    readonly text: string | undefined,
    /** Everything the action was called with (a create's note, a move's target…). */
    readonly input: MutationInput,
    readonly status: number | undefined,
    options?: { cause: unknown },
  ) {
    super(message, options);
  }
}

/** Thrown for a mutation dropped because the card it needed was never created. */
class Cancelled extends Error {}

type MutationActions = Omit<
  BoardActions,
  'loadBoards' | 'openBoard' | 'loadMore' | 'refresh' | 'openCard' | 'closeCard' | 'focusColumn' | 'focusCard' |
  'focusFirst' | 'focusLast' | 'focusCardId' | 'clearError' | 'markSeen' | 'noteBackoff' | 'setFilter' |
  'toggleSelected' | 'clearSelected' | 'offers'
>;

export interface AfterFold {
  /** Reloads the open board's columns (after createColumn). */
  reloadColumns(): Promise<void>;
  loadBoards(): Promise<void>;
  /** Reloads the card detail if it is open on `cardId`. */
  reloadDetail(cardId: CardId): Promise<void>;
  /** Reloads the open board's cards (a card the server created without saying its id). */
  refresh(): Promise<void>;
}

export function makeMutationActions(core: Core, after: AfterFold): MutationActions {
  let seq = 0;
  let nextTemp = 0;
  const tempToReal = new Map<CardId, CardId>();
  /** Real id → the pending id it replaced: a card keeps one queue key for life. */
  const realToTemp = new Map<CardId, CardId>();

  const keyFor = (m: MutationInput): string =>
    'cardId' in m ? `card:${realToTemp.get(m.cardId) ?? m.cardId}` : `board:${m.kind}`;

  const resolve = (id: CardId): CardId => (isPendingId(id) ? (tempToReal.get(id) ?? id) : id);

  /**
   * Idempotency keys of adding mutations (card, comment, note, sub-task) that
   * failed, by what they add. A failure after the server committed (a reset,
   * a timeout, a cut-off answer) looks like any other, so when the user sends
   * the same text again it goes with the same key and the service replays
   * its first answer instead of adding a second card.
   */
  const retryKeys = new Map<string, string>();
  const identityOf = (m: MutationInput, boardId: number | null): string | undefined => {
    if (m.kind === 'create') return JSON.stringify([m.kind, boardId, m.columnLabel, m.title, m.note ?? '']);
    if (m.kind === 'comment' || m.kind === 'note' || m.kind === 'subTask') return JSON.stringify([m.kind, resolve(m.cardId), m.text]);
    return undefined;
  };

  const context = (): RunContext => {
    const s = core.get();
    return {
      client: core.client,
      boardId: s.boardId,
      columnId: (label) => s.columns.find((c) => c.label === label)?.id ?? foreignColumnId(s, label),
      confirmedCard: (id) => core.get().confirmed.cards.get(id),
      realId: (id) => {
        const real = resolve(id);
        if (isPendingId(real)) throw new Cancelled('The card was not created');
        return real;
      },
    };
  };

  function settle(m: Mutation, result: unknown): void {
    const s = core.get();
    const pending = s.pending.filter((p) => p.seq !== m.seq);
    if (m.boardId !== s.boardId || !('cardId' in m)) {
      core.update({ pending, backoff: null });
      return;
    }
    let id = resolve(m.cardId);
    let cursor = s.cursor;
    let rewritten = pending;
    if (m.kind === 'create') {
      const created = (result as CreatedCard).taskId;
      if (created === null) {
        // Created, but the answer did not say as what: the board is read again to find it.
        const rest = pending.filter((p) => !('cardId' in p && p.cardId === m.cardId));
        core.update({ pending: rest, backoff: null });
        void after.refresh();
        return;
      }
      id = created;
      tempToReal.set(m.cardId, id);
      realToTemp.set(id, m.cardId);
      // Later mutations on the new card now name it by its real id.
      rewritten = pending.map((p) => ('cardId' in p && p.cardId === m.cardId ? { ...p, cardId: id } : p));
      if (cursor.cardId === m.cardId) cursor = { ...cursor, cardId: id };
    }
    const d = new Draft(s.confirmed);
    applyEffect(d, m, id, result);
    core.folds.record(m, id, result);
    core.update({ confirmed: d.result(), pending: rewritten, cursor, backoff: null });
  }

  function drop(m: Mutation, e: unknown): void {
    const s = core.get();
    let pending = s.pending.filter((p) => p.seq !== m.seq);
    // Whatever waited on a card that will never exist goes with it.
    if (m.kind === 'create') pending = pending.filter((p) => !('cardId' in p && p.cardId === m.cardId));
    if (e instanceof Cancelled) {
      core.update({ pending });
      return;
    }
    core.update({ pending, lastError: errorText(e), failedCount: s.failedCount + 1, backoff: null });
  }

  function enqueue(input: MutationInput, focus?: CardId): Promise<unknown> {
    const m: Mutation = { ...input, seq: ++seq, boardId: core.get().boardId };
    const identity = identityOf(input, m.boardId);
    const idemKey = identity === undefined ? undefined : (retryKeys.get(identity) ?? randomUUID());
    const s = core.get();
    const cursor = focus === undefined ? s.cursor : { ...s.cursor, cardId: focus };
    core.update({ pending: [...s.pending, m], cursor });
    return core.queue
      .run(keyFor(m), () => {
        // The pending entry may have been rewritten (temp id → real) or dropped.
        const current = core.get().pending.find((p) => p.seq === m.seq);
        if (current === undefined) throw new Cancelled('The card was not created');
        return runMutation(context(), current, idemKey).then(async (result) => {
          await followUp(current);
          return result;
        });
      })
      .then(
        (result) => {
          if (identity !== undefined) retryKeys.delete(identity);
          settle(core.get().pending.find((p) => p.seq === m.seq) ?? m, result);
          return result;
        },
        (e: unknown) => {
          if (identity !== undefined && idemKey !== undefined && !(e instanceof Cancelled)) retryKeys.set(identity, idemKey);
          drop(m, e);
          const text = 'text' in input ? input.text : 'title' in input ? input.title : undefined;
          throw new MutationError(errorText(e), input.kind, text, input, errorStatus(e), { cause: e });
        },
      );
  }

  /** Reloads that make a confirmed change visible before the action resolves. */
  async function followUp(m: Mutation): Promise<void> {
    if (m.kind === 'createColumn') await after.reloadColumns();
    else if (m.kind === 'createBoard') await after.loadBoards();
    else if (m.kind === 'comment' || m.kind === 'note' || m.kind === 'subTask') await after.reloadDetail(resolve(m.cardId));
  }

  const done = (): void => undefined;

  return {
    moveCard(cardId, toColumnLabel, toIndex, toBoardId) {
      const input: MutationInput = {
        kind: 'move',
        cardId,
        toColumn: toColumnLabel,
        toIndex: Math.max(0, toIndex),
        ...(toBoardId !== undefined ? { toBoardId } : {}),
      };
      return enqueue(input, cardId).then(done);
    },
    createCard(columnLabel, title, note) {
      const cardId = pendingId(++nextTemp);
      const input: MutationInput = {
        kind: 'create', cardId, columnLabel, title, createdAt: new Date().toISOString(), ...(note !== undefined ? { note } : {}),
      };
      // '' when the server did not say the new card's id (the board is read again).
      return enqueue(input, cardId).then((r) => (r as CreatedCard).taskId ?? '');
    },
    editTitle: (cardId, title) => enqueue({ kind: 'editTitle', cardId, title }).then(done),
    archiveCard: (cardId) => enqueue({ kind: 'archive', cardId }).then(done),
    addComment: (cardId, text) => enqueue({ kind: 'comment', cardId, text }).then(done),
    addNote: (cardId, text) => enqueue({ kind: 'note', cardId, text }).then(done),
    addSubTask: (cardId, text) => enqueue({ kind: 'subTask', cardId, text }).then(done),
    setTags: (cardId, tagIds) => enqueue({ kind: 'setTags', cardId, tagIds: [...tagIds] }).then(done),
    addTag: (cardId, tagId) => enqueue({ kind: 'addTag', cardId, tagId }).then(done),
    setAssignees: (cardId, emails) =>
      enqueue({ kind: 'setAssignees', cardId, emails: emails === null ? null : [...emails] }).then(done),
    createColumn: (name) => enqueue({ kind: 'createColumn', name }).then(done),
    createBoard: (name, users = []) =>
      enqueue({ kind: 'createBoard', name, users: [...users] }).then((r) => (r as CreateBoardData).Id),
  };
}
