/**
 * The open card's customer and their other conversations (the `customers`
 * extension), and a card's history read for the screen that shows it (the
 * `history` extension). A load never rejects: a failure lands in `error`,
 * a server without the extension in `unsupported`.
 */
import type { CardId } from '../api/read-model.js';
import type { Customer, HistoryEntry } from '../api/schema-history.js';
import type { Core, CoreData } from './core.js';
import { errorText } from './status.js';

export interface CustomerState {
  /** The card whose customer this is; null before the first load. */
  readonly cardId: CardId | null;
  readonly data: Customer | null;
  readonly loading: boolean;
  readonly error: string | null;
  readonly unsupported: boolean;
}

export interface CustomerData {
  customer: CustomerState;
}

export interface CustomerActions {
  /** The card's customer and their other cards, read afresh (the detail, when a card opens). */
  loadCustomer(cardId: CardId): Promise<void>;
  /** A card's every change, oldest first; rejects in the server's words. */
  readCardHistory(cardId: CardId): Promise<HistoryEntry[]>;
}

export const NO_CUSTOMER: CustomerState = { cardId: null, data: null, loading: false, error: null, unsupported: false };

export function makeCustomer(core: Core<CoreData & CustomerData>): CustomerActions {
  let run = 0;
  const patch = (p: Partial<CustomerState>): void => core.set({ customer: { ...core.get().customer, ...p } });
  return {
    async loadCustomer(cardId) {
      if (core.client.offers('customers') === false) {
        return core.set({ customer: { ...NO_CUSTOMER, cardId, unsupported: true } });
      }
      const mine = ++run;
      // The same card read again keeps what it showed until the answer.
      const same = core.get().customer.cardId === cardId;
      core.set({
        customer: same ? { ...core.get().customer, loading: true } : { ...NO_CUSTOMER, cardId, loading: true },
      });
      try {
        const data = await core.client.customerOfCard(cardId);
        if (mine === run) patch({ data, loading: false, error: null });
      } catch (e) {
        if (mine !== run) return;
        if (core.client.offers('customers') === false) return patch({ unsupported: true, loading: false });
        patch({ loading: false, error: errorText(e) });
      }
    },
    readCardHistory: (cardId) => core.client.cardHistory(cardId),
  };
}
