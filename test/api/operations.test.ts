/**
 * The client as a table of endpoints over the plumbing: an operation can be
 * given another implementation (other routes on another server) while the
 * rest of the table, the retries and the error reading stay as they are.
 */
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { V2_ENDPOINTS } from '../../src/api/client.js';
import { bindEndpoints, type Endpoints, type OperationName } from '../../src/api/operations.js';
import type { BackoffInfo } from '../../src/api/retry.js';
import { readBoard } from '../../src/api/tolerant.js';
import type { CallOptions } from '../../src/api/types.js';
import { createWire } from '../../src/api/wire.js';
import { board, boardRead, KEY, ok, ORIGIN } from './helpers.js';

const agents: MockAgent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

function wireOnMock() {
  const agent = new MockAgent();
  agents.push(agent);
  agent.disableNetConnect();
  const backoffs: BackoffInfo[] = [];
  const wire = createWire(
    { baseUrl: ORIGIN, apiKey: KEY, dispatcher: agent, retry: { baseDelayMs: 1, maxDelayMs: 5 } },
    (i) => backoffs.push(i),
  );
  return { pool: agent.get(ORIGIN), wire, backoffs };
}

describe('endpoints over the plumbing', () => {
  it('one operation takes other routes; the others keep theirs', async () => {
    const { pool, wire } = wireOnMock();
    const table: Endpoints<OperationName> = {
      ...V2_ENDPOINTS,
      listBoards: (w, o) => w.rows('/v1.18/teamBoard/list', readBoard, { o }),
    };
    const ops = bindEndpoints(wire, table);
    pool.intercept({ path: '/v1.18/teamBoard/list', method: 'GET' }).reply(200, ok([board(1)]));
    pool.intercept({ path: '/v2/board/2', method: 'GET' }).reply(200, ok(board(2)));
    expect(await ops.listBoards()).toEqual([boardRead(1)]);
    expect(await ops.getBoard(2)).toEqual(boardRead(2));
  });

  it('an endpoint gets every argument of the call, options included', async () => {
    const { wire } = wireOnMock();
    const seen: unknown[][] = [];
    const ops = bindEndpoints(wire, {
      ...V2_ENDPOINTS,
      listCards: (w, ...args) => {
        seen.push([w === wire, ...args]);
        return Promise.resolve([]);
      },
    });
    const o: CallOptions = { idempotencyKey: 'k' };
    await ops.listCards(1, 3, 2, 25, o);
    expect(seen).toEqual([[true, 1, 3, 2, 25, o]]);
  });

  it("another route goes through the same retries and the same reading of the server's errors", async () => {
    const { pool, wire, backoffs } = wireOnMock();
    const ops = bindEndpoints(wire, {
      ...V2_ENDPOINTS,
      listBoards: (w, o) => w.rows('/v1.18/teamBoard/list', readBoard, { o }),
    });
    pool.intercept({ path: '/v1.18/teamBoard/list', method: 'GET' }).reply(503, 'busy');
    pool.intercept({ path: '/v1.18/teamBoard/list', method: 'GET' }).reply(200, ok([board(1)]));
    expect(await ops.listBoards()).toEqual([boardRead(1)]);
    expect(backoffs).toHaveLength(1);
    expect(backoffs[0]).toMatchObject({ attempt: 2, reason: 'server error 503' });
  });
});
