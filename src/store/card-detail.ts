/**
 * The card detail: the card as listed at once — with the server's answer
 * already over it when one was read ahead (detail-cache.ts) — then the
 * server's fresh answer. Loads never reject: a failure lands in `detail.error`.
 */
import type { CardDetail, CardId } from '../api/read-model.js';
import type { Core, CoreData } from './core.js';
import { sameDetail, type DetailCache } from './detail-cache.js';
import { liveDetail } from './detail-live.js';
import type { Mutation } from './mutation-kinds.js';
import { isServerId } from './pending-ids.js';
import { errorText } from './status.js';
import type { TagsData } from './tags.js';

export interface DetailState {
  readonly cardId: CardId;
  readonly data: CardDetail | null;
  /** The server's answer is awaited and nothing was read ahead: absent sections say "loading…". */
  readonly loading: boolean;
  readonly error: string | null;
}

export interface DetailData {
  detail: DetailState | null;
}

export interface DetailActions {
  openCard(cardId: CardId): Promise<void>;
  closeCard(): void;
  /**
   * Reads the focused card's detail ahead whenever the cursor rests on it
   * (detail-prefetch.ts), so Enter draws it whole; returns the function that
   * stops it. The app starts it; a store alone never sends requests unasked.
   */
  prefetchWhileIdle(idleMs?: number): () => void;
}

export interface CardDetails {
  /** prefetchWhileIdle is wired in board-store.ts (detail-prefetch.ts watches the whole store). */
  readonly actions: Omit<DetailActions, 'prefetchWhileIdle'>;
  /** Reads the detail again if it is open on `cardId` (after a comment, a note…). */
  readonly reloadDetail: (cardId: CardId) => Promise<void>;
  /** The card as listed, with `got` (the server's answer) over it: what the detail shows. */
  readonly detailOf: (cardId: CardId, got?: CardDetail) => CardDetail;
  /**
   * A change to the card the detail shows, confirmed: drawn into its data as
   * the server now has it (a read mark, a due date, a tick…), so no second
   * read is needed for what the request already said.
   */
  readonly foldIntoDetail: (m: Mutation, cardId: CardId) => void;
}

export function makeCardDetail(core: Core<CoreData & DetailData & TagsData>, cache: DetailCache): CardDetails {
  /**
   * What the detail shows: the server's answer over the card as listed, in
   * the column the board lists it under. Fields and sections neither sent
   * stay absent (the screen says "not provided by this server").
   */
  function detailOf(cardId: CardId, got?: CardDetail): CardDetail {
    const s = core.get();
    const card = s.view.cards.get(cardId) ?? s.confirmed.cards.get(cardId);
    if (card === undefined) return got ?? { ServiceTaskId: cardId };
    const listed: CardDetail = {
      ServiceTaskId: card.id,
      TaskName: card.title,
      ReadUnreadStatus: card.unread ? 0 : 1,
      BoardId: card.boardId,
      DueDate: card.dueDate,
      Assignees: [...(card.assignees ?? [])],
      ThreadOwnerEmail: card.owner,
      CreatedAt: card.createdAt === '' ? null : card.createdAt,
    };
    if (s.tags.length > 0 || card.tagIds.length === 0) listed.Tags = s.tags.filter((t) => card.tagIds.includes(t.Id));
    return { ...listed, ...got, ColumnId: card.columnLabel };
  }

  async function openCard(cardId: CardId): Promise<void> {
    // The listed fields draw at once, with the answer read ahead if there is
    // one; a card still being created has nothing on the server to read yet.
    // (`set`, not `update`: the view and the cursor do not depend on the detail.)
    const known = isServerId(cardId) ? cache.get(cardId) : undefined;
    core.set({
      detail: {
        cardId,
        data: detailOf(cardId, known),
        loading: isServerId(cardId) && known === undefined,
        error: null,
      },
    });
    await reloadDetail(cardId);
  }

  async function reloadDetail(cardId: CardId): Promise<void> {
    if (core.get().detail?.cardId !== cardId || !isServerId(cardId)) return;
    // A read ahead of this card still in flight answers for both.
    const ahead = cache.inFlight(cardId);
    const version = ahead?.version ?? cache.version();
    try {
      const got = await (ahead?.answer ?? core.client.getCard(cardId));
      cache.put(cardId, got, version);
      const shown = core.get().detail;
      if (shown?.cardId !== cardId) return;
      const data = detailOf(cardId, got);
      // What the cache drew is still true: no update, so no second render.
      if (!shown.loading && shown.error === null && sameDetail(shown.data, data)) return;
      core.set({ detail: { cardId, data, loading: false, error: null } });
    } catch (e) {
      const shown = core.get().detail;
      if (shown?.cardId === cardId)
        core.set({ detail: { cardId, data: shown.data, loading: false, error: errorText(e) } });
    }
  }

  const actions: Omit<DetailActions, 'prefetchWhileIdle'> = { openCard, closeCard: () => core.set({ detail: null }) };
  function foldIntoDetail(m: Mutation, cardId: CardId): void {
    const shown = core.get().detail;
    if (shown?.cardId !== cardId || shown.data === null) return;
    const data = liveDetail(shown.data, [m]);
    if (data !== shown.data) core.set({ detail: { ...shown, data } });
  }

  return { actions, reloadDetail, detailOf, foldIntoDetail };
}
