/**
 * A card's history and the customer's other conversations
 * (schema-history.ts), extensions `history` and `customers`: a server
 * without them (DragApp) is asked once, then refused at once, in words.
 */
import { z } from 'zod';
import type { Endpoints } from '../operations.js';
import { Customer, HistoryEntry } from '../schema-history.js';
import { seg } from '../wire.js';

export const historyEndpoints: Endpoints<'cardHistory' | 'customerOfCard' | 'customer'> = {
  cardHistory: (w, id, o) => {
    const path = `/v2/card/${seg(id)}/history`;
    return w.extension('history', 'GET', path, () => w.env(z.array(HistoryEntry), 'GET', path, { o }));
  },
  customerOfCard: (w, id, o) => {
    const path = `/v2/card/${seg(id)}/customer`;
    return w.extension('customers', 'GET', path, () => w.env(Customer, 'GET', path, { o }));
  },
  customer: (w, email, o) => {
    const path = '/v2/customer';
    return w.extension('customers', 'GET', path, () => w.env(Customer, 'GET', path, { query: { Email: email }, o }));
  },
};
