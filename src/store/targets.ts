/**
 * The open board's response targets (extension `targets`): read beside its
 * tags when the board opens and at every refresh, so the header can say
 * them; set or cleared by the owner (`P`), sent at once (nothing
 * optimistic: the header changes when the server has). A server without
 * the extension (DragApp) is asked once and then never again.
 */
import type { BoardTargets } from '../api/schema-waiting.js';
import type { BoardTargetsInput } from '../api/types-waiting.js';
import type { Core, CoreData } from './core.js';
import { refuse, type StatusData } from './status.js';

export interface TargetsData {
  /** The open board's targets as the server last said them; null before they are read, or where not offered. */
  boardTargets: BoardTargets | null;
}

/** A change of the targets as a MutationError reports it, with what was typed. */
export interface TargetsChange {
  kind: 'setTargets';
  boardId: number;
  text: string;
}

export interface TargetsActions {
  /** Sets the open board's targets (null: none); rejects with a MutationError carrying `typed`. */
  setTargets(body: BoardTargetsInput | null, typed: string): Promise<void>;
}

export interface Targets {
  readonly actions: TargetsActions;
  readonly loadTargets: (boardId: number, gen: number) => Promise<void>;
}

/** `refresh`: the board read again once targets change, for each card's new due time. */
export function makeTargets(core: Core<CoreData & TargetsData & StatusData>, refresh: () => Promise<void>): Targets {
  async function loadTargets(boardId: number, gen: number): Promise<void> {
    if (core.client.offers('targets') === false) return;
    try {
      const targets = await core.client.getBoardTargets(boardId);
      if (gen === core.generation) core.set({ boardTargets: targets });
    } catch {
      // Not offered, or not answered now: the board's own reads say what is wrong with the server.
    }
  }

  async function setTargets(body: BoardTargetsInput | null, typed: string): Promise<void> {
    const boardId = core.get().boardId;
    if (boardId === null) throw new Error('No board is open');
    try {
      const targets =
        body === null ? await core.client.clearBoardTargets(boardId) : await core.client.setBoardTargets(boardId, body);
      if (core.get().boardId === boardId) core.set({ boardTargets: targets });
    } catch (e) {
      throw refuse(core, { kind: 'setTargets', boardId, text: typed } satisfies TargetsChange, e);
    }
    await refresh();
  }

  return { actions: { setTargets }, loadTargets };
}
