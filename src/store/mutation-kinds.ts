/**
 * The kinds of optimistic mutation, each with its effect on the cards
 * (replayed on the view while pending, folded into confirmed once the
 * server agrees) and its request. Kinds whose effect the screen cannot
 * predict (a column, a board, a comment, a note, a sub-task) change no card
 * row and are made visible by a reload instead (the engine's followUp).
 * The protocol around them: mutation-engine.ts, and docs/architecture.md,
 * "The mutation protocol".
 */
import type { CardId } from '../api/tolerant.js';
import type { Client } from '../api/types.js';
import type { Card } from './card.js';
import { withTitle } from './card.js';
import type { Draft } from './draft.js';

/** What each kind carries. `comment` is adding one; its actions are in comments.ts. */
export type MutationInput =
  | { kind: 'move'; cardId: CardId; toColumn: string; toIndex: number; toBoardId?: number }
  | {
      kind: 'create';
      cardId: CardId;
      columnLabel: string;
      title: string;
      note?: string;
      /** When the user made it (ISO). */
      createdAt?: string;
    }
  | { kind: 'editTitle'; cardId: CardId; title: string }
  | { kind: 'archive'; cardId: CardId }
  | { kind: 'setTags'; cardId: CardId; tagIds: readonly number[] }
  | { kind: 'addTag'; cardId: CardId; tagId: number }
  | { kind: 'setAssignees'; cardId: CardId; emails: readonly string[] | null }
  /** Extension `setDueDate`: ISO 8601, or null to clear. */
  | { kind: 'setDue'; cardId: CardId; due: string | null }
  /** Extension `setReadStatus`. */
  | { kind: 'setRead'; cardId: CardId; read: boolean }
  /** Extension `tickSubTask`: shown on the detail while pending (see subTaskDone), not on the row. */
  | { kind: 'tickSubTask'; cardId: CardId; subTaskId: number; done: boolean }
  /** Extension `restoreCard`: an archived card back into `toColumn` at `toIndex`, as `card` shows it. */
  | { kind: 'restore'; cardId: CardId; card: Card; toColumn: string; toIndex: number }
  | { kind: 'comment' | 'note' | 'subTask'; cardId: CardId; text: string }
  | { kind: 'createColumn'; name: string }
  | { kind: 'createBoard'; name: string; users: readonly string[] };

export type Mutation = MutationInput & {
  /** Order of creation; also the mutation's identity. */
  readonly seq: number;
  /** The board it was made on (folds are ignored once another board is open). */
  readonly boardId: number | null;
};

/** What a request needs at send time; read then, not when it was queued. */
export interface RunContext {
  client: Client;
  boardId: number | null;
  /** Numeric column id for a column label (request bodies carry numbers). */
  columnId(label: string): number | undefined;
  /** The card as the server last confirmed it (earlier same-card mutations have folded). */
  confirmedCard(id: CardId): Card | undefined;
  /** A created card's real id for its pending one; throws when it never got one. */
  realId(id: CardId): CardId;
}

/** A new card as shown before (pending id) and after (real id) the server answers. */
function newCard(m: Extract<Mutation, { kind: 'create' }>, id: CardId, boardId: number): Card {
  return withTitle(
    {
      id,
      title: '',
      displayTitle: '',
      columnLabel: m.columnLabel,
      boardId,
      unread: false, // created cards are read unless ReadStatus says otherwise
      assignees: null,
      tagIds: [],
      owner: '',
      // Stamped once when the user made it: the view must not change with every recompute.
      createdAt: m.createdAt ?? new Date().toISOString(),
      dueDate: null,
      pending: false,
    },
    m.title,
  );
}

/**
 * The card-level effect of `m` on `d`, with `id` the card it applies to (the
 * pending id while replaying a create, the real one when folding). Effects on
 * a card that is no longer there (archived elsewhere, not loaded) are no-ops.
 * `result` is the server's answer when folding, undefined while replaying.
 */
export function applyEffect(d: Draft, m: Mutation, id: CardId, result?: unknown): void {
  if (m.kind === 'create') {
    if (d.get(id) !== undefined || m.boardId === null) return;
    d.put(newCard(m, id, m.boardId));
    d.attach(id, m.columnLabel, 0); // new cards go on top, like new mail
    return;
  }
  if (m.kind === 'restore') {
    if (d.get(id) !== undefined || m.boardId === null) return;
    d.put({ ...m.card, id, columnLabel: m.toColumn, boardId: m.boardId, pending: false });
    d.attach(id, m.toColumn, m.toIndex);
    return;
  }
  if (!('cardId' in m)) return;
  const card = d.get(id);
  if (card === undefined) return;
  switch (m.kind) {
    case 'move': {
      if (m.toBoardId !== undefined && m.toBoardId !== card.boardId) {
        d.remove(id); // gone to another board: not on this screen any more
        return;
      }
      d.detach(id);
      d.put(card.columnLabel === m.toColumn ? card : { ...card, columnLabel: m.toColumn });
      d.attach(id, m.toColumn, m.toIndex);
      return;
    }
    case 'editTitle':
      d.put(withTitle(card, m.title));
      return;
    case 'archive':
      d.remove(id);
      return;
    case 'setTags': {
      const fromServer = result as { TagIds?: readonly number[] | null } | undefined;
      const ids = fromServer?.TagIds ?? m.tagIds;
      d.put({ ...card, tagIds: [...ids] });
      return;
    }
    case 'addTag':
      if (!card.tagIds.includes(m.tagId)) d.put({ ...card, tagIds: [...card.tagIds, m.tagId] });
      return;
    case 'setAssignees':
      d.put({ ...card, assignees: m.emails === null ? null : [...m.emails] });
      return;
    case 'setDue': {
      // The server's normalised value once it answered (a plain date stays a date).
      const fromServer = result as { DueDate?: string | null } | undefined;
      d.put({ ...card, dueDate: fromServer?.DueDate !== undefined ? fromServer.DueDate : m.due });
      return;
    }
    case 'setRead':
      d.put({ ...card, unread: !m.read });
      return;
    default:
      return; // comment, note, sub-task: nothing on the card row
  }
}

function requireBoard(ctx: RunContext): number {
  if (ctx.boardId === null) throw new Error('No board is open');
  return ctx.boardId;
}

function requireColumn(ctx: RunContext, label: string): number {
  const id = ctx.columnId(label);
  if (id === undefined) throw new Error(`Unknown column ${label}`);
  return id;
}

/** The fields a PUT must repeat so it changes only what we mean to change. */
function putBase(ctx: RunContext, id: CardId): { BoardId: number; ColumnId: number; CardTitle: string } {
  const card = ctx.confirmedCard(id);
  if (card === undefined) throw new Error('The card is no longer on this board');
  return { BoardId: card.boardId, ColumnId: requireColumn(ctx, card.columnLabel), CardTitle: card.title };
}

/**
 * The request for `m`; resolves with the server's answer. `idempotencyKey`
 * goes with the POSTs that add something (card, comment, note, sub-task), so
 * resending the same text after a failure the server may have committed adds
 * it only once (idempotency.ts).
 */
export async function send(ctx: RunContext, m: Mutation, idempotencyKey?: string): Promise<unknown> {
  const { client } = ctx;
  const o = idempotencyKey === undefined ? undefined : { idempotencyKey };
  switch (m.kind) {
    case 'create': {
      const body = {
        BoardId: requireBoard(ctx),
        ColumnId: requireColumn(ctx, m.columnLabel),
        CardTitle: m.title,
        ...(m.note !== undefined && m.note.trim() !== '' ? { Note: m.note } : {}),
      };
      return client.createCard(body, o);
    }
    case 'move': {
      const id = ctx.realId(m.cardId);
      return client.moveCard({
        Id: id,
        NewColumnId: requireColumn(ctx, m.toColumn),
        NewPosition: Math.max(0, m.toIndex),
        ...(m.toBoardId !== undefined ? { NewBoardId: m.toBoardId } : {}),
      });
    }
    case 'editTitle': {
      const id = ctx.realId(m.cardId);
      // No Assignee field: absent leaves the assignees as they are.
      return client.updateCard(id, { ...putBase(ctx, id), CardTitle: m.title });
    }
    case 'setAssignees': {
      const id = ctx.realId(m.cardId);
      return client.updateCard(id, { ...putBase(ctx, id), Assignee: m.emails === null ? null : [...m.emails] });
    }
    case 'archive':
      return client.archiveCard(ctx.realId(m.cardId));
    case 'setTags':
      return client.setTags(ctx.realId(m.cardId), [...m.tagIds]);
    case 'addTag':
      return client.addTag(ctx.realId(m.cardId), m.tagId);
    case 'setDue':
      return client.setDueDate(ctx.realId(m.cardId), m.due);
    case 'setRead':
      return client.setReadStatus(ctx.realId(m.cardId), m.read);
    case 'tickSubTask':
      return client.tickSubTask(ctx.realId(m.cardId), m.subTaskId, m.done);
    case 'restore': {
      const ColumnId = ctx.columnId(m.toColumn);
      return client.restoreCard(
        ctx.realId(m.cardId),
        { ...(ColumnId !== undefined ? { ColumnId } : {}), Position: Math.max(0, m.toIndex) },
        o,
      );
    }
    case 'comment':
      return client.createComment(ctx.realId(m.cardId), m.text, o);
    case 'note':
      return client.addNote(ctx.realId(m.cardId), m.text, o);
    case 'subTask':
      return client.addSubTask(ctx.realId(m.cardId), m.text, o);
    case 'createColumn':
      return client.createColumn(requireBoard(ctx), m.name);
    case 'createBoard':
      return client.createBoard({ Name: m.name, ...(m.users.length > 0 ? { Users: [...m.users] } : {}) });
  }
}
