/**
 * The open board's snoozed cards (`O`), soonest back first — the `snooze`
 * extension's list. Bringing one back is a card mutation (card-mutations.ts
 * `unsnoozeCard`); this slice only lists them. A load never rejects: a
 * failure lands in `error`, and a server without the extension in
 * `unsupported`.
 */
import type { CardId, SnoozedCardRow } from '../api/read-model.js';
import { isUnreadable } from '../api/read-model.js';
import type { Core, CoreData } from './core.js';
import { errorText } from './status.js';

export interface SnoozedList {
  /** The board the rows are of; null before the first load. */
  readonly boardId: number | null;
  readonly items: readonly SnoozedCardRow[];
  readonly loading: boolean;
  readonly error: string | null;
  /** The server has no such list (it said so once; the client remembers). */
  readonly unsupported: boolean;
}

export interface SnoozedData {
  snoozedCards: SnoozedList;
}

export interface SnoozedActions {
  /** The open board's list, read afresh. */
  loadSnoozed(): Promise<void>;
  /** Takes a card out of the list (it is being brought back). */
  dropSnoozed(cardId: CardId): void;
}

export const NO_SNOOZED: SnoozedList = { boardId: null, items: [], loading: false, error: null, unsupported: false };

const idOf = (row: SnoozedCardRow): string | null => (isUnreadable(row) ? row.rawId : row.ServiceTaskId);

export function makeSnoozed(core: Core<CoreData & SnoozedData>): SnoozedActions {
  /** Bumped by every load: an older list's answer is dropped. */
  let run = 0;
  const patch = (p: Partial<SnoozedList>): void => core.set({ snoozedCards: { ...core.get().snoozedCards, ...p } });
  return {
    async loadSnoozed() {
      const boardId = core.get().boardId;
      if (boardId === null) return;
      if (core.client.offers('snooze') === false) return patch({ unsupported: true, loading: false });
      const mine = ++run;
      core.set({ snoozedCards: { ...NO_SNOOZED, boardId, loading: true } });
      try {
        const items = await core.client.listSnoozedCards(boardId);
        if (mine === run) patch({ items, loading: false });
      } catch (e) {
        if (mine !== run) return;
        if (core.client.offers('snooze') === false) return patch({ unsupported: true, loading: false });
        patch({ loading: false, error: errorText(e) });
      }
    },
    dropSnoozed(cardId) {
      const list = core.get().snoozedCards;
      const items = list.items.filter((r) => idOf(r) !== cardId);
      if (items.length !== list.items.length) patch({ items });
    },
  };
}
