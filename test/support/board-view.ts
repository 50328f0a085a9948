/**
 * Comparing what the store shows with what the server has: both reduced to
 * "per column label, card ids and titles in order".
 */
import type { Client } from '../../src/api/types.js';
import type { BoardStore } from '../../src/store/index.js';

export type Columns = Record<string, { id: number; title: string }[]>;

/** Every card of every column of `boardId`, all pages, straight from the service. */
export async function serverColumns(client: Client, boardId: number, pageSize = 50): Promise<Columns> {
  const out: Columns = {};
  for (const col of await client.listColumns(boardId)) {
    const list: { id: number; title: string }[] = [];
    for (let page = 1; ; page++) {
      const cards = await client.listCards(boardId, col.Id, page, pageSize);
      list.push(...cards.map((c) => ({ id: c.ServiceTaskId, title: c.TaskName })));
      if (cards.length < pageSize) break;
    }
    out[col.ColumnId] = list;
  }
  return out;
}

/** The store's view in the same shape. */
export function storeColumns(store: BoardStore): Columns {
  const s = store.getState();
  const out: Columns = {};
  for (const col of s.columns) out[col.label] = (s.view.columns[col.label] ?? []).map((c) => ({ id: c.id, title: c.title }));
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
