/**
 * `#`: to a card by its id. The server says which board the card is on
 * (GET /v2/card/:id); that board opens if it is not the open one, pages of
 * its column load until the card is among them, and the cursor goes to it.
 * Ids are the user's text as the server has them: never read as numbers.
 */
import type { CardDetail, CardId } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';
import type { Core, CoreData } from './core.js';
import type { OpenBoardData } from './board.js';
import type { FilterData } from './filter.js';
import { pagingOf, type PagingData } from './paging.js';
import { errorStatus, errorText } from './status.js';

/** How far down a column a jump looks before it says the card is further than that. */
export const JUMP_PAGES = 20;

export type JumpOutcome =
  /** The cursor is on the card; `switched` when its board was opened for it, `unfiltered` when the filter was cleared. */
  | { found: true; cardId: CardId; boardId: number; switched: boolean; unfiltered: boolean }
  /** The card is on a board, but not among the cards a jump loads: what to tell the user. */
  | { found: false; message: string };

export interface JumpOptions {
  /** Whether the board's filter hides the card (the screen knows what it hides): the filter is then cleared. */
  hidden?: (cardId: CardId) => boolean;
}

export interface JumpActions {
  /**
   * Finds the card, opens its board and focuses it. Rejects, in words, when
   * the server has no such card or could not be asked; nothing changes then.
   */
  jumpToCard(cardId: CardId, o?: JumpOptions): Promise<JumpOutcome>;
}

interface Deps {
  openBoard(boardId: number): Promise<void>;
  loadMore(columnLabel: string): Promise<void>;
}

type S = CoreData & OpenBoardData & PagingData & FilterData;

export function makeJump(core: Core<S>, deps: Deps): JumpActions {
  /** Loads further pages (of the card's column when known, else of every column) until the card is in view. */
  async function loadUntilSeen(cardId: CardId, column: string | null): Promise<boolean> {
    for (let round = 0; round < JUMP_PAGES; round++) {
      const s = core.get();
      if (s.view.cards.get(cardId) !== undefined) return true;
      const labels = (column !== null ? [column] : s.columns.map((c) => c.label)).filter((l) => {
        const p = pagingOf(s, l);
        return p.hasMore && p.pages > 0 && p.pages < JUMP_PAGES && p.error === null;
      });
      if (labels.length === 0) break;
      await Promise.all(labels.map((l) => deps.loadMore(l)));
      const failed = labels.map((l) => pagingOf(core.get(), l).error).find((e) => e !== null);
      if (failed != null) throw new Error(failed);
    }
    return core.get().view.cards.get(cardId) !== undefined;
  }

  return {
    async jumpToCard(cardId, o = {}) {
      const shown = sanitize(cardId);
      let detail: CardDetail;
      try {
        detail = await core.client.getCard(cardId);
      } catch (e) {
        if (errorStatus(e) === 404) throw new Error(`No card ${shown} on this server`, { cause: e });
        throw new Error(errorText(e), { cause: e });
      }
      if (detail.Archived === true) throw new Error(`Card ${shown} is archived (A lists a board’s archived cards)`);
      const before = core.get().boardId;
      const boardId = detail.BoardId ?? before;
      if (boardId === null) throw new Error(`The server did not say which board card ${shown} is on`);
      const switched = boardId !== before;
      if (switched) {
        await deps.openBoard(boardId);
        const error = core.get().boardError;
        if (error !== null) throw new Error(error);
      }
      const s = core.get();
      const board = s.boards.items.find((b) => b.Id === boardId);
      const name = board === undefined ? `board ${boardId}` : `board “${sanitize(board.Name)}”`;
      const label = detail.ColumnId;
      const column = label != null && s.columns.some((c) => c.label === label) ? label : null;
      if (!(await loadUntilSeen(cardId, column))) {
        const after = core.get();
        const where =
          column !== null
            ? `its first ${after.view.columns[column]?.length ?? 0} cards`
            : `the ${after.view.cards.size} cards loaded of it`;
        return { found: false, message: `Card ${shown} is on ${name} but not in ${where}` };
      }
      const unfiltered = core.get().filter !== null && o.hidden?.(cardId) === true;
      // One update: a render between the two would see the filter hide the focused card and move off it.
      core.update({ cursor: { ...core.get().cursor, cardId }, ...(unfiltered ? { filter: null } : {}) });
      return { found: true, cardId, boardId, switched, unfiltered };
    },
  };
}
