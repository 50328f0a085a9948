/**
 * The open card's customer and their other conversations, read when a card
 * opens (and again when another does), as the detail's lines.
 */
import { useEffect, useMemo } from 'react';
import type { CardId } from '../../api/read-model.js';
import { customerLines } from '../customer-lines.js';
import type { DetailLine } from '../detail-line.js';
import { keyOf } from '../keys/active.js';
import { useBoard, useBoardStore } from '../store-context.js';

export function useCustomerLines(id: CardId | null, width: number): readonly DetailLine[] {
  const store = useBoardStore();
  const customer = useBoard((s) => s.customer);
  useEffect(() => {
    if (id !== null) void store.getState().loadCustomer(id);
  }, [id, store]);
  return useMemo(
    () => customerLines(customer, id, width, keyOf('detail', 'customer.others') ?? 'o'),
    [customer, id, width],
  );
}
