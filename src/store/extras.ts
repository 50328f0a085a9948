/**
 * Store actions beyond the card mutation model: comment edit/delete, tag
 * create/delete, columns of another board (for a cross-board move) and email
 * sequences. None has an effect the screen can predict, so none is replayed
 * as pending: each sends, then reloads what it changed. Failures land in
 * `lastError` (the server's words) and reject, so a prompt can reopen.
 */
import type { EmailSequenceDetail, EmailSequenceEntry } from '../api/schema.js';
import type { CardId } from '../api/tolerant.js';
import { sanitize } from '../text/sanitize.js';
import { toColumnInfo } from './column-info.js';
import type { Core } from './core.js';
import { errorText } from './core.js';
import { normaliseFilter } from './filter.js';
import type { BoardState, ColumnInfo } from './types.js';

export interface SequencesState {
  readonly items: readonly EmailSequenceEntry[];
  readonly loading: boolean;
  readonly error: string | null;
}

export interface SequenceState {
  readonly id: string;
  readonly data: EmailSequenceDetail | null;
  readonly loading: boolean;
  readonly error: string | null;
}

export interface ExtraData {
  sequences: SequencesState;
  sequence: SequenceState | null;
  /** Columns of other boards, by board id, as loaded for a cross-board move. */
  foreignColumns: Readonly<Record<number, readonly ColumnInfo[]>>;
}

export interface ExtraActions {
  updateComment(cardId: CardId, commentId: number, text: string): Promise<void>;
  deleteComment(cardId: CardId, commentId: number): Promise<void>;
  /** Creates a tag on the open board; resolves with its id. `color` is a palette index. */
  createTag(name: string, color: number): Promise<number>;
  deleteTag(tagId: number): Promise<void>;
  reloadTags(): Promise<void>;
  /** Columns of any board (the open one's come from state); remembered for moves. */
  loadColumnsOf(boardId: number): Promise<readonly ColumnInfo[]>;
  loadSequences(): Promise<void>;
  openSequence(id: string): Promise<void>;
  closeSequence(): void;
}

export const initialExtras = (): ExtraData => ({
  sequences: { items: [], loading: false, error: null },
  sequence: null,
  foreignColumns: {},
});

type Set = (patch: Partial<BoardState>) => void;

export function makeExtras(core: Core, set: Set, reloadDetail: (cardId: CardId) => Promise<void>): ExtraActions {
  /** The failure, recorded for the status bar; rethrown with the server's words. */
  const refuse = (e: unknown): never => {
    const text = errorText(e);
    set({ lastError: text, failedCount: core.get().failedCount + 1, backoff: null });
    throw new Error(text, { cause: e });
  };
  const openBoard = (): number => {
    const id = core.get().boardId;
    if (id === null) throw new Error('No board is open');
    return id;
  };

  /** Loading while it asks (a tag picker waits for it); a failure is kept for the picker too. */
  async function reloadTags(): Promise<void> {
    const boardId = core.get().boardId;
    if (boardId === null) return;
    const gen = core.generation;
    set({ tagsLoading: true, tagsError: null });
    try {
      const tags = await core.client.listTags(boardId);
      if (core.generation === gen) core.update({ tags, tagsLoading: false });
    } catch (e) {
      if (core.generation === gen) set({ tagsLoading: false, tagsError: core.fail(e) });
    }
  }

  return {
    async updateComment(cardId, commentId, text) {
      await core.client.updateComment(commentId, text).catch(refuse);
      await reloadDetail(cardId);
    },
    async deleteComment(cardId, commentId) {
      await core.client.deleteComment(commentId).catch(refuse);
      await reloadDetail(cardId);
    },
    async createTag(name, color) {
      const boardId = openBoard();
      const tag = await core.client.createTag({ BoardId: boardId, Name: name, Color: color }).catch(refuse);
      await reloadTags();
      return tag.Id;
    },
    async deleteTag(tagId) {
      const boardId = openBoard();
      await core.client.deleteTag(boardId, tagId).catch(refuse);
      // A filter on the tag gone would show no cards, for no visible reason.
      const f = core.get().filter;
      if (f !== null && f.tagId === tagId) set({ filter: normaliseFilter({ ...f, tagId: null }) });
      await reloadTags();
    },
    reloadTags,
    async loadColumnsOf(boardId) {
      const s = core.get();
      if (boardId === s.boardId) return s.columns;
      const list = await core.client.listColumns(boardId).catch(refuse);
      const columns = list.map(toColumnInfo);
      set({ foreignColumns: { ...core.get().foreignColumns, [boardId]: columns } });
      return columns;
    },
    async loadSequences() {
      set({ sequences: { ...core.get().sequences, loading: true, error: null } });
      try {
        const items = await core.client.listEmailSequences();
        set({ sequences: { items, loading: false, error: null } });
      } catch (e) {
        set({ sequences: { ...core.get().sequences, loading: false, error: core.fail(e) } });
      }
    },
    async openSequence(id) {
      set({ sequence: { id, data: null, loading: true, error: null } });
      try {
        const data = await core.client.getEmailSequence(id);
        if (core.get().sequence?.id === id) set({ sequence: { id, data, loading: false, error: null } });
      } catch (e) {
        if (core.get().sequence?.id === id) set({ sequence: { id, data: null, loading: false, error: core.fail(e) } });
      }
    },
    closeSequence: () => set({ sequence: null }),
  };
}

/** Numeric id of a column label on any board we have seen (for a cross-board move). */
export function foreignColumnId(s: ExtraData, label: string): number | undefined {
  for (const list of Object.values(s.foreignColumns)) {
    const hit = list.find((c) => c.label === label);
    if (hit !== undefined) return hit.id;
  }
  return undefined;
}
