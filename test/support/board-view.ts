/**
 * Comparing what the store shows with what the server has: both reduced to
 * "per column label, card ids and titles in order".
 */
import {
  isUnreadable,
  type Board,
  type BoardRow,
  type Card,
  type CardId,
  type CardRow,
} from '../../src/api/read-model.js';
import type { Client } from '../../src/api/types.js';
import { toColumnInfo } from '../../src/store/column-info.js';
import type { BoardStore } from '../../src/store/index.js';

export type Columns = Record<string, { id: CardId; title: string }[]>;

/**
 * Rows as read cards; the local service's rows are always readable, so an
 * unreadable one fails the test that met it (saying why), never is skipped.
 */
export function readableCards(rows: readonly CardRow[]): Card[] {
  return rows.map((r) => {
    if (isUnreadable(r)) throw new Error(`an unreadable card row (id ${r.rawId ?? 'none'}): ${r.unreadable}`);
    return r;
  });
}

/** As readableCards, for the board list. */
export function readableBoards(rows: readonly BoardRow[]): Board[] {
  return rows.map((r) => {
    if (isUnreadable(r)) throw new Error(`an unreadable board row (id ${r.rawId ?? 'none'}): ${r.unreadable}`);
    return r;
  });
}

/** Every card of every column of `boardId`, all pages, straight from the service. */
export async function serverColumns(client: Client, boardId: number, pageSize = 50): Promise<Columns> {
  const out: Columns = {};
  for (const col of await client.listColumns(boardId)) {
    const list: { id: CardId; title: string }[] = [];
    for (let page = 1; ; page++) {
      const cards = readableCards(await client.listCards(boardId, col.Id, page, pageSize));
      list.push(...cards.map((c) => ({ id: c.ServiceTaskId, title: c.TaskName })));
      if (cards.length < pageSize) break;
    }
    // Keyed as the store keys columns (`#<Id>` where the server gives no ColumnId).
    out[toColumnInfo(col).label] = list;
  }
  return out;
}

/** The store's view in the same shape. */
export function storeColumns(store: BoardStore): Columns {
  const s = store.getState();
  const out: Columns = {};
  for (const col of s.columns)
    out[col.label] = (s.view.columns[col.label] ?? []).map((c) => ({ id: c.id, title: c.title }));
  return out;
}

/** Settles every promise (rejections included) and reports how many were rejected. */
export async function settleAll(ps: readonly Promise<unknown>[]): Promise<{ fulfilled: number; rejected: unknown[] }> {
  const r = await Promise.allSettled(ps);
  return {
    fulfilled: r.filter((x) => x.status === 'fulfilled').length,
    rejected: r.flatMap((x) => (x.status === 'rejected' ? [x.reason as unknown] : [])),
  };
}
