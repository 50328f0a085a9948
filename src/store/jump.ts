/**
 * `#`: to a card by its id. The server says which board the card is on
 * (GET /v2/card/:id); that board opens if it is not the open one, pages of
 * its column load until the card is among them, and the cursor goes to it.
 * Ids are the user's text as the server has them: never read as numbers.
 *
 * Text the server does not know as an id (an invoice number from a title)
 * is looked for in the titles of the open board's loaded cards: the server
 * has no search, and a title is only seen on a board anyway.
 *
 * Every jump that moves the cursor (by id, by title, a search's result)
 * remembers where it was, board and card; `jumpBack` returns there, the
 * latest first.
 */
import type { CardDetail, CardId } from '../api/read-model.js';
import { foldText } from '../text/fold.js';
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

/** What `#` did with the text typed: the card by its id, or the titles that hold the text. */
export type FindOutcome =
  | ({ by: 'id' } & JumpOutcome)
  /** One title holds it: the cursor is on that card. */
  | { by: 'title'; found: true; cardId: CardId; unfiltered: boolean }
  /** Several do: the cards, in board order (columns left to right, each top down), for the user to pick. */
  | { by: 'title'; found: 'several'; cardIds: CardId[] };

/** Where the cursor was before a jump: the board, and the card focused on it (null: none). */
export interface Place {
  boardId: number;
  cardId: CardId | null;
}

/** What `jumpBack` did: the place returned to, and whether its card was found again (it may have moved on). */
export type BackOutcome = { place: Place; cardFound: boolean } | null;

/** How many places back a jump remembers. */
export const JUMP_BACK_DEPTH = 50;

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
  /**
   * `#`'s text: an id of the server (a leading # dropped) goes as jumpToCard;
   * any other text is looked for in the titles of the open board's loaded
   * cards. Rejects, in words, when neither finds a card.
   */
  findCard(text: string, o?: JumpOptions): Promise<FindOutcome>;
  /** Cards of the open board, as loaded, whose title holds `text` (case and accents aside), in board order. */
  cardsTitled(text: string): CardId[];
  /** Puts the cursor on a loaded card, clearing the filter when it hides it; null when the card is not loaded. */
  focusLoaded(cardId: CardId, o?: JumpOptions): { unfiltered: boolean } | null;
  /** Where the latest jump came from (null: no jump to go back from). */
  jumpedFrom(): Place | null;
  /**
   * Back to where the cursor was before the latest jump: its board opened,
   * the card focused if it is still there. Null when there was no jump;
   * rejects, in words, when the board can't be opened (the place is kept).
   */
  jumpBack(o?: JumpOptions): Promise<BackOutcome>;
}

/** Statuses by which a server says the text is not one of its card ids. */
const NOT_AN_ID = new Set([400, 404]);

interface Deps {
  openBoard(boardId: number): Promise<void>;
  loadMore(columnLabel: string): Promise<void>;
}

type S = CoreData & OpenBoardData & PagingData & FilterData;

export function makeJump(core: Core<S>, deps: Deps): JumpActions {
  const back: Place[] = [];
  const here = (): Place | null => {
    const s = core.get();
    return s.boardId === null ? null : { boardId: s.boardId, cardId: s.cursor.cardId };
  };
  /** Remembers `from` when the cursor is now somewhere else. */
  function remember(from: Place | null): void {
    const now = here();
    if (from === null || (now !== null && now.boardId === from.boardId && now.cardId === from.cardId)) return;
    back.push(from);
    if (back.length > JUMP_BACK_DEPTH) back.shift();
  }

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

  function focusLoaded(cardId: CardId, o: JumpOptions = {}, from = here()): { unfiltered: boolean } | null {
    if (core.get().view.cards.get(cardId) === undefined) return null;
    const unfiltered = core.get().filter !== null && o.hidden?.(cardId) === true;
    // One update: a render between the two would see the filter hide the focused card and move off it.
    core.update({ cursor: { ...core.get().cursor, cardId }, ...(unfiltered ? { filter: null } : {}) });
    remember(from);
    return { unfiltered };
  }

  function cardsTitled(text: string): CardId[] {
    const want = foldText(text.trim());
    if (want === '') return [];
    const s = core.get();
    const out: CardId[] = [];
    for (const c of s.columns)
      for (const card of s.view.columns[c.label] ?? []) if (foldText(card.title).includes(want)) out.push(card.id);
    return out;
  }

  const actions: JumpActions = {
    cardsTitled,
    focusLoaded: (cardId, o) => focusLoaded(cardId, o),
    jumpedFrom: () => back.at(-1) ?? null,
    async jumpBack(o = {}) {
      const place = back.at(-1);
      if (place === undefined) return null;
      if (core.get().boardId !== place.boardId) {
        await deps.openBoard(place.boardId);
        const error = core.get().boardError;
        if (error !== null) throw new Error(error);
      }
      back.pop();
      if (place.cardId === null) return { place, cardFound: true };
      const seen = await loadUntilSeen(place.cardId, null);
      // Not a jump of its own: going back twice goes further back, not forth again.
      if (seen) focusLoaded(place.cardId, o, null);
      return { place, cardFound: seen };
    },
    async findCard(text, o = {}) {
      const typed = text.trim();
      const id = typed.replace(/^#/, '');
      try {
        return { by: 'id', ...(await actions.jumpToCard(id, o)) };
      } catch (e) {
        if (!(e instanceof Error) || !NOT_AN_ID.has(errorStatus(e.cause) ?? 0)) throw e;
        // "#10482" is how a title writes it as often as how an id is written: the text as typed first.
        const ids = cardsTitled(typed);
        const matches = ids.length > 0 || id === typed ? ids : cardsTitled(id);
        if (matches.length === 0) {
          const loaded = core.get().view.cards.size;
          throw new Error(
            `No card ${sanitize(id)} on this server, and no title has “${sanitize(typed)}” among the ${loaded} cards loaded of this board`,
            { cause: e },
          );
        }
        if (matches.length > 1) return { by: 'title', found: 'several', cardIds: matches };
        const cardId = matches[0]!;
        return { by: 'title', found: true, cardId, unfiltered: focusLoaded(cardId, o)?.unfiltered === true };
      }
    },
    async jumpToCard(cardId, o = {}) {
      const shown = sanitize(cardId);
      const from = here();
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
        remember(from);
        return { found: false, message: `Card ${shown} is on ${name} but not in ${where}` };
      }
      return { found: true, cardId, boardId, switched, unfiltered: focusLoaded(cardId, o, from)?.unfiltered === true };
    },
  };
  return actions;
}
