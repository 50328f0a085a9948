/**
 * The detail's keys for what the service remembers around a card: its
 * history (`h`) and the customer's other conversations (`C`).
 */
import { pickConversation, showCardHistory } from '../flows/customer-flows.js';
import type { ScreenKeys } from './context.js';
import type { ScreenBinding } from './types.js';

type B = Omit<ScreenBinding<ScreenKeys>, 'scope'>;

const openCard = (k: ScreenKeys) => k.store.getState().detail?.cardId ?? null;

const noHistory = (k: ScreenKeys): string | null => {
  if (openCard(k) === null) return 'No card is open';
  return k.store.getState().offers('history') === false
    ? "Keeping a card's history is not offered by this server"
    : null;
};

const noOthers = (k: ScreenKeys): string | null => {
  const s = k.store.getState();
  const id = openCard(k);
  if (id === null) return 'No card is open';
  if (s.offers('customers') === false) return "Listing a customer's other conversations is not offered by this server";
  const c = s.customer;
  if (c.cardId !== id || (c.loading && c.data === null)) return 'Still reading the customer’s other conversations';
  if (c.error !== null && c.data === null) return c.error;
  if (c.data === null || c.data.Email === null) return 'This card has no email from a customer';
  return c.data.Total === 0 ? `No other conversation with ${c.data.Name ?? c.data.Email}` : null;
};

export const CUSTOMER_KEYS: readonly B[] = [
  {
    action: 'detail.history',
    keys: ['h'],
    group: 'Card',
    help: 'history: every change of the card, with who and when',
    unavailable: noHistory,
    run: (k) => {
      const id = openCard(k);
      if (id !== null) showCardHistory(k.flow, id);
    },
  },
  {
    action: 'customer.others',
    keys: ['C'],
    group: 'Card',
    help: 'the customer’s other conversations: pick one to open it',
    unavailable: noOthers,
    run: (k) => pickConversation(k.flow, k.closeDetail, k.openDetail),
  },
];
