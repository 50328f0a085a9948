/**
 * Every kind of mutation and its record (mutation-kinds.ts says what a
 * record declares). The engine, undo, the live detail and the idempotency
 * keys read a change's record here instead of asking what kind it is.
 */
import type { CardId } from '../../api/read-model.js';
import type { Draft } from '../draft.js';
import type { InputOf, Kind, KindSpec, Mutation, RunContext } from '../mutation-kinds.js';
import { comment, createBoard, createColumn, note, subTask } from './additions.js';
import { addTag, editTitle, setAssignees, setDue, setRead, setTags, tickSubTask } from './fields.js';
import { archive, create, move, restore } from './place.js';
import { reply } from './reply.js';
import { snooze, unsnooze } from './snooze.js';
import { tagBack } from './tag-back.js';

/** One record for every kind of `Inputs`: a kind without one, or a record missing a part, does not compile. */
const KINDS: { readonly [K in Kind]: KindSpec<K> } = {
  move,
  create,
  editTitle,
  archive,
  setTags,
  addTag,
  setAssignees,
  setDue,
  setRead,
  tickSubTask,
  restore,
  snooze,
  unsnooze,
  comment,
  note,
  subTask,
  reply,
  createColumn,
  createBoard,
  tagBack,
};

/** The record of `m`'s kind, typed for `m`. */
export function kindOf<K extends Kind>(m: InputOf<K>): KindSpec<K> {
  return KINDS[m.kind];
}

/**
 * The card-level effect of `m` on `d`, with `id` the card it applies to (see
 * KindSpec.effect). Effects on a card that is no longer there (archived
 * elsewhere, not loaded) are no-ops.
 */
export function applyEffect(d: Draft, m: Mutation, id: CardId, result?: unknown): void {
  kindOf(m).effect?.(d, m, id, result);
}

/** The request for `m`; resolves with the server's answer. `idempotencyKey` goes with the kinds that have an identity. */
export function send(ctx: RunContext, m: Mutation, idempotencyKey?: string): Promise<unknown> {
  return kindOf(m).request(ctx, m, idempotencyKey === undefined ? undefined : { idempotencyKey });
}

/** The read that tells whether `m` is on the server after its answer was lost; null when its kind has none. */
export function landedCheck(ctx: () => RunContext, m: Mutation): (() => Promise<boolean>) | null {
  const landed = kindOf(m).landed;
  return landed === null ? null : () => landed(ctx(), m);
}
