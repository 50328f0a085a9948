/** Retries, backoff, timeouts, auth fallback: the foreign failures, through MockAgent. */
import { afterEach, describe, expect, it } from 'vitest';
import { board, boardRead, closeAgents, failure, KEY, ok, setup, sysError } from './helpers.js';

afterEach(closeAgents);

const boards = ok([board(1)]);
const newCard = { BoardId: 1, ColumnId: 3, CardTitle: 'New' };
const created = { Error: false, Success: 'Card created', taskId: 9 };
/** `created` as the client reads it: the new card's id as text. */
const createdRead = { Success: 'Card created', taskId: '9' };

describe('retries', () => {
  it('429 with Retry-After: waits what the server asked, announcing it first', async () => {
    const { pool, client, backoffs } = setup();
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(
      429,
      { message: 'Too many requests', error: true, code: 429 },
      {
        headers: { 'retry-after': '1' },
      },
    );
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards);
    expect(await client.listBoards()).toEqual([boardRead(1)]);
    expect(backoffs).toEqual([{ attempt: 2, waitMs: 1000, reason: 'rate limited (429)' }]);
  });

  it('a Retry-After beyond the cap is not slept through: the error surfaces with it', async () => {
    const { pool, client, backoffs } = setup();
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(
      429,
      { message: 'Slow down', error: true, code: 429 },
      {
        headers: { 'retry-after': '3600' },
      },
    );
    const e = await failure(client.listBoards());
    expect(e).toMatchObject({ status: 429, message: 'Slow down', retryable: true, retryAfterMs: 3_600_000 });
    expect(backoffs).toEqual([]);
  });

  it('503 then 200 on GET', async () => {
    const { pool, client, backoffs } = setup();
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(503, { message: 'Busy', error: true, code: 503 });
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards);
    expect(await client.listBoards()).toEqual([boardRead(1)]);
    expect(backoffs).toHaveLength(1);
    expect(backoffs[0]).toMatchObject({ attempt: 2, reason: 'server error 503' });
  });

  it('gives up after maxAttempts with the last answer', async () => {
    const { pool, client, backoffs } = setup({ maxAttempts: 3 });
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(500, { message: 'Boom', error: true, code: 500 })
      .times(3);
    expect(await failure(client.listBoards())).toMatchObject({ status: 500, message: 'Boom', retryable: true });
    expect(backoffs.map((b) => b.attempt)).toEqual([2, 3]);
  });

  it('connection reset on GET is retried', async () => {
    const { pool, client } = setup();
    pool.intercept({ path: '/v2/board', method: 'GET' }).replyWithError(sysError('ECONNRESET', 'read ECONNRESET'));
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards);
    expect(await client.listBoards()).toEqual([boardRead(1)]);
  });

  it('connection reset on POST is not retried: the server may have acted on it', async () => {
    const { agent, pool, client, backoffs } = setup();
    pool.intercept({ path: '/v2/card', method: 'POST' }).replyWithError(sysError('ECONNRESET', 'socket hang up'));
    pool.intercept({ path: '/v2/card', method: 'POST' }).reply(200, created);
    const e = await failure(client.createCard(newCard));
    expect(e).toMatchObject({
      status: 0,
      kind: 'network',
      code: 'ECONNRESET',
      notSent: false,
      retryable: true,
      method: 'POST',
    });
    expect(e.message).toMatch(/closed before the answer arrived/);
    expect(backoffs).toEqual([]);
    expect(agent.pendingInterceptors()).toHaveLength(1); // the 200 was never asked for
  });

  it('POST refused before sending (ECONNREFUSED) is retried with the same Idempotency-Key', async () => {
    const { pool, client, backoffs } = setup();
    const keys: string[] = [];
    pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .replyWithError(sysError('ECONNREFUSED', 'connect ECONNREFUSED'));
    pool.intercept({ path: '/v2/card', method: 'POST' }).reply(
      429,
      { message: 'Later', error: true, code: 429 },
      {
        headers: { 'retry-after': '0' },
      },
    );
    pool.intercept({ path: '/v2/card', method: 'POST' }).reply((opts) => {
      keys.push(String((opts.headers as Record<string, string>)['idempotency-key']));
      return { statusCode: 200, data: created };
    });
    expect(await client.createCard(newCard)).toEqual(createdRead);
    expect(backoffs.map((b) => b.reason)).toEqual(['connection failed (ECONNREFUSED)', 'rate limited (429)']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('every attempt of a POST carries the same Idempotency-Key', async () => {
    const { pool, client } = setup();
    const keys: string[] = [];
    const record = (status: number, data: object) => (opts: { headers?: unknown }) => {
      keys.push(String((opts.headers as Record<string, string>)['idempotency-key']));
      return { statusCode: status, data, responseOptions: { headers: { 'retry-after': '0' } } };
    };
    pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .reply(record(429, { message: 'Later', error: true, code: 429 }))
      .times(2);
    pool.intercept({ path: '/v2/card', method: 'POST' }).reply(record(200, created));
    await client.createCard(newCard, { idempotencyKey: 'mutation-17' });
    expect(keys).toEqual(['mutation-17', 'mutation-17', 'mutation-17']);
  });

  it('POST on a 5xx is not retried', async () => {
    const { pool, client, backoffs } = setup();
    pool.intercept({ path: '/v2/card', method: 'POST' }).reply(503, { message: 'Busy', error: true, code: 503 });
    expect(await failure(client.createCard(newCard))).toMatchObject({ status: 503, retryable: true });
    expect(backoffs).toEqual([]);
  });

  it('a cancelled signal stops a backoff wait', async () => {
    const { pool, client } = setup({ retry: { baseDelayMs: 60_000, maxDelayMs: 60_000, random: () => 1 } });
    const ac = new AbortController();
    client.onBackoff = () => ac.abort(); // attached after creation, as the store does
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(503, 'busy');
    expect(await failure(client.listBoards({ signal: ac.signal }))).toMatchObject({
      kind: 'cancelled',
      retryable: false,
    });
  });
});

describe('timeouts', () => {
  it('a slow answer is a retryable timeout naming the limit', async () => {
    const { pool, client } = setup({ timeoutMs: 50, maxAttempts: 1 });
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards).delay(5_000);
    const e = await failure(client.listBoards());
    expect(e).toMatchObject({ status: 0, kind: 'timeout', retryable: true, message: 'Request timed out after 0.05 s' });
  });

  it('a GET that timed out is tried again', async () => {
    const { pool, client, backoffs } = setup({ timeoutMs: 50 });
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards).delay(5_000);
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards);
    expect(await client.listBoards()).toEqual([boardRead(1)]);
    expect(backoffs[0]?.reason).toBe('timed out');
  });
});

describe('auth', () => {
  it('sends the bare key; on 401 retries once with Bearer and remembers it', async () => {
    const { agent, pool, client } = setup();
    pool
      .intercept({ path: '/v2/board', method: 'GET', headers: { authorization: KEY } })
      .reply(401, { message: 'Invalid or missing API key', error: true, code: 401 });
    pool
      .intercept({ path: '/v2/board', method: 'GET', headers: { authorization: `Bearer ${KEY}` } })
      .reply(200, boards)
      .times(2);
    expect(await client.listBoards()).toEqual([boardRead(1)]);
    expect(await client.listBoards()).toEqual([boardRead(1)]); // straight to Bearer: no bare interceptor is left
    expect(agent.pendingInterceptors()).toHaveLength(0);
  });

  it('a key refused in both forms is a 401 with the server message, never the key', async () => {
    const { pool, client } = setup();
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(401, { message: 'Invalid or missing API key', error: true, code: 401 })
      .times(2);
    const e = await failure(client.listBoards());
    expect(e).toMatchObject({ status: 401, message: 'Invalid or missing API key', retryable: false });
    expect(JSON.stringify({ ...e, message: e.message })).not.toContain(KEY);
  });

  it('the key is redacted from low-level error text', async () => {
    const { pool, client } = setup({ maxAttempts: 1 });
    pool.intercept({ path: '/v2/board', method: 'GET' }).replyWithError(sysError('EWEIRD', `bad header ${KEY}`));
    const e = await failure(client.listBoards());
    expect(e.message).not.toContain(KEY);
    expect(e.message).toContain('[redacted]');
  });
});

describe('the client-wide signal (the board aborts it on quit)', () => {
  it('cancels a call waiting for an answer, and it is not retried', async () => {
    const stop = new AbortController();
    const { pool, client } = setup({ signal: stop.signal, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    let seen = 0;
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(() => {
        seen++;
        return { statusCode: 200, data: boards };
      })
      .delay(60_000)
      .persist();
    const pending = failure(client.listBoards());
    setTimeout(() => stop.abort(), 20);
    expect(await pending).toMatchObject({ kind: 'cancelled' });
    expect(seen).toBeLessThanOrEqual(1);
  });

  it('cancels a call sleeping before a retry', async () => {
    const stop = new AbortController();
    const { pool, client, backoffs } = setup({
      signal: stop.signal,
      retry: { baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(503, { message: 'Busy', error: true, code: 503 });
    const pending = failure(client.listBoards());
    const e = await new Promise<Error & Record<string, unknown>>((resolve) => {
      // Abort once the client has announced its wait.
      const poll = setInterval(() => {
        if (backoffs.length === 1) {
          clearInterval(poll);
          stop.abort();
          resolve(pending);
        }
      }, 5);
    });
    expect(e).toMatchObject({ kind: 'cancelled' });
  });

  it('refuses calls made after it was aborted, and a call’s own signal still works alongside', async () => {
    const stop = new AbortController();
    const { pool, client } = setup({ signal: stop.signal });
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, boards).delay(60_000);
    const own = new AbortController();
    const pending = failure(client.listBoards({ signal: own.signal }));
    own.abort();
    expect(await pending).toMatchObject({ kind: 'cancelled' });
    stop.abort();
    expect(await failure(client.listBoards())).toMatchObject({ kind: 'cancelled' });
  });
});
