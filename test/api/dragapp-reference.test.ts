/**
 * The dialect stays out of the way of a server that follows the reference:
 * the local service, watched through a passing proxy, never sees a v1.18
 * request while the client lists, opens, moves, creates, renames and dates.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { isUnreadable, type Card } from '../../src/api/read-model.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';

let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy({ demo: true });
});
afterAll(() => proxy.close());

it('a reference server is spoken to in /v2 only', async () => {
  const client = createClient({ baseUrl: proxy.url, apiKey: proxy.apiKey });
  const [board] = await client.listBoards();
  if (board === undefined || isUnreadable(board)) throw new Error('the demo has no readable board');
  const [first, second] = await client.listColumns(board.Id);
  if (first === undefined || second === undefined) throw new Error('the demo board has fewer than two columns');
  const rows = await client.listCards(board.Id, first.Id, 1, 10);
  const card = rows.find((r): r is Card => !isUnreadable(r));
  if (card === undefined) throw new Error('the demo column has no card');
  await client.getCard(card.ServiceTaskId);
  await client.moveCard({ Id: card.ServiceTaskId, NewColumnId: second.Id, NewPosition: 0 });
  await client.createCard({ BoardId: board.Id, ColumnId: first.Id, CardTitle: 'Made here' });
  await client.updateCard(card.ServiceTaskId, { BoardId: board.Id, ColumnId: second.Id, CardTitle: 'Renamed' });
  await client.setDueDate(card.ServiceTaskId, '2026-05-04T13:30:00.000Z');
  expect(proxy.log.length).toBe(8);
  expect(proxy.log.filter((e) => !e.path.startsWith('/v2/'))).toEqual([]);
  expect(client.offers('setReadStatus')).toBeUndefined();
});
