/**
 * The history's shapes (undo.ts keeps it): a step with its inverse, an
 * entry of steps as `u` takes it back, what `u`/`U` did, and the actions
 * and hooks the rest of the store uses.
 */
import type { CardId } from '../api/read-model.js';
import type { Inverse, MutationInput } from './mutation-kinds.js';

/** A change on one card, with how to take it back (its kind's undo record). */
export interface Step extends Inverse {
  /** Null: a change to the board, not to one card (a tag put back): no card to compare. */
  readonly cardId: CardId | null;
  readonly forward: MutationInput;
}

export interface Entry {
  /** `move of “Refund” to Done`: what the status bar names. */
  readonly label: string;
  readonly boardId: number | null;
  readonly steps: readonly Step[];
  /** Why it cannot be undone, when it cannot. */
  readonly cannot: string | null;
  /** Why it cannot be redone once undone, when it cannot (a tag put back is not deleted again by U). */
  readonly noRedo?: string;
  /** The change it records, for `forgetSent` (a reply taken back before it went). */
  readonly forward?: MutationInput;
}

export interface HistoryData {
  /** What `u` and `U` would undo and redo next, for the help and the status bar. */
  history: { readonly undo: string | null; readonly redo: string | null };
}

/** What `undo`/`redo` did: sent, needs a yes first, or nothing to do (with why). */
export type HistoryOutcome =
  | { readonly done: string; readonly settled: Promise<void> }
  | { readonly confirm: string; readonly because: string }
  | { readonly nothing: string };

export interface HistoryActions {
  /** Undoes the latest change; `force` after the user said yes to "changed since". */
  undo(force?: boolean): HistoryOutcome;
  redo(force?: boolean): HistoryOutcome;
  /** Runs `fn` so the changes it makes are undone together (a bulk archive), named `label`. */
  together(label: string, fn: () => void): void;
  /**
   * Learns, once, whether this server can bring archived cards back (so the
   * archive y/n can say when it cannot be undone): one archived card of the
   * open board is asked for.
   */
  learnRestore(): Promise<void>;
}

export interface History {
  readonly actions: HistoryActions;
  /** Runs a change through the engine and records it for undo (when it can be and `undoable`). */
  readonly run: (input: MutationInput, focus?: CardId, undoable?: boolean) => Promise<unknown>;
  /**
   * Records a change made outside the engine that `u` cannot take back
   * (`label` names it, `why` says why), gone again if `sent` is refused.
   * `back`, given the answer, may say how to take it back after all (a tag
   * deleted where the server said which cards had it): the barrier then
   * becomes an undoable entry, in its place.
   */
  readonly barrier: (
    label: string,
    why: string,
    sent: Promise<unknown>,
    back?: (answer: unknown) => MutationInput | null,
  ) => void;
  /**
   * Drops the newest entry of a change that, after all, did not happen: a
   * reply taken back while it waited (store/outbox.ts). Its "can't undo"
   * barrier would otherwise stand before the older changes `u` can take back.
   */
  readonly forgetSent: (matches: (m: MutationInput) => boolean) => void;
}
