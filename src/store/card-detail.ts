/**
 * The card detail: the card as listed at once, then the server's full
 * answer over it. Loads never reject: a failure lands in `detail.error`.
 */
import type { CardDetail, CardId } from '../api/tolerant.js';
import type { Core, CoreData } from './core.js';
import { isServerId } from './pending-ids.js';
import { errorText } from './status.js';
import type { TagsData } from './tags.js';

export interface DetailState {
  readonly cardId: CardId;
  readonly data: CardDetail | null;
  readonly loading: boolean;
  readonly error: string | null;
}

export interface DetailData {
  detail: DetailState | null;
}

export interface DetailActions {
  openCard(cardId: CardId): Promise<void>;
  closeCard(): void;
}

export interface CardDetails {
  readonly actions: DetailActions;
  /** Reads the detail again if it is open on `cardId` (after a comment, a note…). */
  readonly reloadDetail: (cardId: CardId) => Promise<void>;
}

export function makeCardDetail(core: Core<CoreData & DetailData & TagsData>): CardDetails {
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
    // The listed fields draw at once; a card still being created has nothing on the server to read yet.
    core.update({ detail: { cardId, data: detailOf(cardId), loading: isServerId(cardId), error: null } });
    await reloadDetail(cardId);
  }

  async function reloadDetail(cardId: CardId): Promise<void> {
    if (core.get().detail?.cardId !== cardId || !isServerId(cardId)) return;
    try {
      const got = await core.client.getCard(cardId);
      if (core.get().detail?.cardId === cardId) {
        core.update({ detail: { cardId, data: detailOf(cardId, got), loading: false, error: null } });
      }
    } catch (e) {
      if (core.get().detail?.cardId === cardId) {
        core.update({ detail: { cardId, data: core.get().detail?.data ?? null, loading: false, error: errorText(e) } });
      }
    }
  }

  return { actions: { openCard, closeCard: () => core.set({ detail: null }) }, reloadDetail };
}
