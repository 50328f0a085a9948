/**
 * The real client against the real local service, through the fault proxy.
 * Each failure must reach the caller as an ApiError in words, and no write
 * may be lost or applied twice: the proxy's log says what reached the
 * service, and an independent client reads what the service has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { CardId } from '../../src/api/read-model.js';
import type { Client } from '../../src/api/types.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { forwardedByKey, PASS, startFaultProxy, type FaultProxy, type Plan } from '../support/fault-proxy.js';
import { failure } from './helpers.js';

let proxy: FaultProxy;
let direct: Client;
let boardId: number;
let inbox: { id: number; label: string | null };

beforeAll(async () => {
  proxy = await startFaultProxy();
  direct = createClient({ baseUrl: proxy.serviceUrl, apiKey: proxy.apiKey });
  boardId = readableBoards(await direct.listBoards())[0]!.Id;
  const col = (await direct.listColumns(boardId))[0]!;
  inbox = { id: col.Id, label: col.ColumnId };
});
afterAll(async () => {
  await proxy?.close();
});

const via = (extra: Partial<ClientOptions> = {}) =>
  createClient({ baseUrl: proxy.url, apiKey: proxy.apiKey, retry: { baseDelayMs: 1, maxDelayMs: 5 }, ...extra });

/** The first `k` requests matching `match` get `fault`, the rest pass. */
function firstK(k: number, match: (m: string, p: string) => boolean, fault: ReturnType<Plan>): Plan {
  let left = k;
  return (r) => (match(r.method, r.path) && left-- > 0 ? fault : { kind: 'pass' });
}

async function titlesOnServer(title: string): Promise<CardId[]> {
  const ids: CardId[] = [];
  for (let page = 1; ; page++) {
    const cards = readableCards(await direct.listCards(boardId, inbox.id, page, 50));
    ids.push(...cards.filter((c) => c.TaskName === title).map((c) => c.ServiceTaskId));
    if (cards.length < 50) return ids;
  }
}

const isCreate = (m: string, p: string) => m === 'POST' && p === '/v2/card';

describe('client through the fault proxy', () => {
  it('429 with Retry-After on a POST: retried with the same Idempotency-Key, applied once', async () => {
    const title = 'faults: 429 create';
    proxy.setPlan(firstK(3, isCreate, { kind: 'status', status: 429, retryAfter: '0' }));
    const start = proxy.log.length;
    const made = await via().createCard({ BoardId: boardId, ColumnId: inbox.id, CardTitle: title });
    const tried = proxy.log.slice(start).filter((e) => isCreate(e.method, e.path));
    expect(tried.map((e) => e.fault)).toEqual(['status', 'status', 'status', 'pass']);
    expect(new Set(tried.map((e) => e.idempotencyKey)).size).toBe(1);
    expect(await titlesOnServer(title)).toEqual([made.taskId]);
  });

  it('a 5xx burst on GET is retried through; one longer than the attempts surfaces the server words', async () => {
    proxy.setPlan(firstK(3, (m) => m === 'GET', { kind: 'status', status: 503 }));
    expect((await via().listBoards()).length).toBeGreaterThan(0);
    proxy.setPlan(() => ({ kind: 'status', status: 502 }));
    const e = await failure(via({ maxAttempts: 3 }).listBoards());
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 502, message: 'Injected 502', retryable: true });
  });

  it('a 5xx on POST is not resent (the service might have acted); the error is visible', async () => {
    const title = 'faults: 503 create';
    proxy.setPlan(firstK(1, isCreate, { kind: 'status', status: 503 }));
    const e = await failure(via().createCard({ BoardId: boardId, ColumnId: inbox.id, CardTitle: title }));
    expect(e).toMatchObject({ status: 503, message: 'Injected 503' });
    expect(await titlesOnServer(title)).toEqual([]);
  });

  it('reset before forwarding: GET retried; POST not resent, error visible, nothing created', async () => {
    proxy.setPlan(firstK(2, (m) => m === 'GET', { kind: 'resetBefore' }));
    expect((await via().listBoards()).length).toBeGreaterThan(0);

    const title = 'faults: reset-before create';
    proxy.setPlan(firstK(1, isCreate, { kind: 'resetBefore' }));
    const e = await failure(via().createCard({ BoardId: boardId, ColumnId: inbox.id, CardTitle: title }));
    expect(e).toMatchObject({ status: 0, kind: 'network' });
    expect(e.message).toMatch(/closed before the answer arrived/);
    expect(await titlesOnServer(title)).toEqual([]);
  });

  it('reset after commit: the user retries with the same Idempotency-Key and gets the same card, once', async () => {
    const title = 'faults: reset-after create';
    const key = 'user-retry-key-1';
    proxy.setPlan(firstK(1, isCreate, { kind: 'resetAfter' }));
    const client = via();
    const body = { BoardId: boardId, ColumnId: inbox.id, CardTitle: title };
    const e = await failure(client.createCard(body, { idempotencyKey: key }));
    expect(e).toMatchObject({ status: 0, kind: 'network', notSent: false });
    // The service did commit: the card is there although the client saw a failure.
    const committed = await titlesOnServer(title);
    expect(committed).toHaveLength(1);

    const again = await client.createCard(body, { idempotencyKey: key });
    expect(again.taskId).toBe(committed[0]);
    expect(await titlesOnServer(title)).toEqual(committed);
    // The service saw the key twice and acted once (the second was its replay).
    expect(forwardedByKey(proxy.log).get(key)).toHaveLength(2);
  });

  it('a 429 after commit: the client resends with the same key and the service replays its answer', async () => {
    const title = 'faults: 429-after-commit create';
    proxy.setPlan(firstK(1, isCreate, { kind: 'statusAfter', status: 429, retryAfter: '0' }));
    const start = proxy.log.length;
    const made = await via().createCard({ BoardId: boardId, ColumnId: inbox.id, CardTitle: title });
    const tried = proxy.log.slice(start).filter((e) => isCreate(e.method, e.path));
    expect(tried).toHaveLength(2);
    expect(tried[0]!.idempotencyKey).toBe(tried[1]!.idempotencyKey);
    expect(await titlesOnServer(title)).toEqual([made.taskId]);
  });

  it('a 2 s delay is waited out; silence ends in a timeout error', async () => {
    proxy.setPlan(firstK(1, (m) => m === 'GET', { kind: 'pass', delayMs: 2000 }));
    expect((await via().listBoards()).length).toBeGreaterThan(0);

    proxy.setPlan(() => ({ kind: 'hang' }));
    const e = await failure(via({ timeoutMs: 150, maxAttempts: 2 }).listBoards());
    expect(e).toMatchObject({ status: 0, kind: 'timeout', message: 'Request timed out after 0.15 s' });
    expect(proxy.log.filter((x) => x.fault === 'hang')).toHaveLength(2); // GET was retried once, then gave up
  });

  it('an HTML error page and a truncated JSON body are named as such', async () => {
    proxy.setPlan(() => ({ kind: 'html', status: 502 }));
    const html = await failure(via({ maxAttempts: 2 }).listBoards());
    expect(html).toMatchObject({ status: 502, message: 'The server answered 502 with an HTML page instead of JSON' });

    proxy.setPlan(() => ({ kind: 'truncate' }));
    const cut = await failure(via().listBoards());
    expect(cut).toMatchObject({
      kind: 'response',
      message: 'Unexpected response from GET /v2/board: the JSON body is cut off (incomplete)',
    });
  });

  it('a truncated answer to a create: visible failure, the card exists once (no silent resend)', async () => {
    const title = 'faults: truncated create';
    proxy.setPlan(firstK(1, isCreate, { kind: 'truncate' }));
    const e = await failure(via().createCard({ BoardId: boardId, ColumnId: inbox.id, CardTitle: title }));
    expect(e.message).toMatch(/cut off/);
    expect(await titlesOnServer(title)).toHaveLength(1);
    proxy.setPlan(PASS);
  });
});
