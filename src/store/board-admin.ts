/**
 * Running the open board (the owner's, on the local service): renaming it,
 * replacing its members, archiving it, renaming and deleting its columns.
 * Each is sent at once (nothing optimistic: the screen changes when the
 * server has), then what it touched is read again. A refusal is reported as
 * every failed change is (status.ts, refuse) and rejects with the text typed.
 *
 * `ownerOnly` says, before anything is sent, when the key isn't the board's
 * owner's — only when both are known: a server that names no owner, or no
 * `me`, is asked and answers for itself.
 */
import type { Board } from '../api/read-model.js';
import type { Extension } from '../api/types.js';
import { sanitize } from '../text/sanitize.js';
import type { OpenBoardData } from './board.js';
import type { Core, CoreData } from './core.js';
import type { MeData } from './me.js';
import { START_CURSOR } from './cursor.js';
import { EMPTY_CARDS } from './draft.js';
import { refuse, type StatusData } from './status.js';

/** Closes the open board (archived: by this user, or a teammate's event): nothing to go back to or reopen. */
export function closeOpenBoard(core: Core<CoreData>): void {
  core.generation++;
  core.update({ boardId: null, columns: [], confirmed: EMPTY_CARDS, cursor: START_CURSOR });
}

export interface BoardAdminActions {
  /** Renames a board (the open one unless said). */
  renameBoard(name: string, boardId?: number): Promise<void>;
  /** Replaces a board's members (every one but the owner). */
  setMembers(users: readonly string[], boardId?: number): Promise<void>;
  /** Archives a board: it leaves the list; the open one is closed. */
  archiveBoard(boardId: number): Promise<void>;
  /** Renames a column of the open board. */
  renameColumn(label: string, name: string): Promise<void>;
  /** Deletes a column of the open board; its cards (if any) go to `moveTo` first. Resolves with how many moved. */
  deleteColumn(label: string, moveTo?: string): Promise<number>;
}

/** A board change as a MutationError reports it (the name or emails as typed). */
export type BoardAdminChange =
  | { kind: 'renameBoard'; boardId: number; text: string }
  | { kind: 'setMembers'; boardId: number; text: string }
  | { kind: 'archiveBoard'; boardId: number }
  | { kind: 'renameColumn'; label: string; text: string }
  | { kind: 'deleteColumn'; label: string; moveTo: string | null };

type S = CoreData & OpenBoardData & MeData & StatusData;

/** What the owner alone may do, in words for "only the board's owner, … , can …". */
export type OwnerAction =
  | 'rename it'
  | 'change its members'
  | 'archive it'
  | 'add columns'
  | 'rename columns'
  | 'delete columns'
  | 'create tags'
  | 'delete tags'
  | 'set its response targets'
  | 'turn rules off'
  | 'turn rules on';

/**
 * Why this key can't `action` on board `boardId`, or null: only on a server
 * that says whose key it is (`GET /v2/me`, the local service, which keeps
 * the owner's rule), when the board names its owner and they differ. A
 * server that says neither (DragApp) is asked, and answers for itself.
 */
export function ownerOnly(
  s: MeData & OpenBoardData & { offers(ext: Extension): boolean | undefined },
  boardId: number | null,
  action: OwnerAction,
): string | null {
  if (s.offers('me') !== true) return null;
  const board: Board | undefined = s.boards.items.find((b) => b.Id === boardId);
  const me = s.me?.email ?? null;
  if (board === undefined || me === null || board.Owner.trim() === '') return null;
  if (board.Owner.trim().toLowerCase() === me.trim().toLowerCase()) return null;
  return `Only the board’s owner, ${sanitize(board.Owner)}, can ${action}`;
}

export function makeBoardAdmin(
  core: Core<S>,
  after: { loadBoards: () => Promise<void>; reloadColumns: () => Promise<void>; refresh: () => Promise<void> },
): BoardAdminActions {
  const boardOf = (given: number | undefined): number => {
    const id = given ?? core.get().boardId;
    if (id === null) throw new Error('No board is open');
    return id;
  };
  const columnOf = (label: string) => {
    const c = core.get().columns.find((x) => x.label === label);
    if (c === undefined) throw new Error('That column is no longer on the board');
    return c;
  };
  /** Sends; a refusal is reported and rejects with what was typed. */
  const send = async <T>(input: BoardAdminChange, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      throw refuse(core, input, e);
    }
  };

  return {
    async renameBoard(name, given) {
      const boardId = boardOf(given);
      await send({ kind: 'renameBoard', boardId, text: name }, () => core.client.updateBoard(boardId, { name }));
      await after.loadBoards();
    },
    async setMembers(users, given) {
      const boardId = boardOf(given);
      const input: BoardAdminChange = { kind: 'setMembers', boardId, text: users.join(', ') };
      await send(input, () => core.client.updateBoard(boardId, { users }));
      // The assignee picker offers the members from the boards list.
      await after.loadBoards();
    },
    async archiveBoard(boardId) {
      await send({ kind: 'archiveBoard', boardId }, () => core.client.archiveBoard(boardId));
      if (core.get().boardId === boardId) closeOpenBoard(core);
      await after.loadBoards();
    },
    async renameColumn(label, name) {
      const c = columnOf(label);
      const boardId = boardOf(undefined);
      await send({ kind: 'renameColumn', label, text: name }, () => core.client.updateColumn(boardId, c.id, name));
      await after.reloadColumns();
    },
    async deleteColumn(label, moveTo) {
      const c = columnOf(label);
      const to = moveTo === undefined ? undefined : columnOf(moveTo);
      const boardId = boardOf(undefined);
      const input: BoardAdminChange = { kind: 'deleteColumn', label, moveTo: moveTo ?? null };
      const res = await send(input, () => core.client.deleteColumn(boardId, c.id, to?.id));
      // Its cards moved and the column went: the board is read again whole.
      await after.refresh();
      return res.MovedCards;
    },
  };
}
