/** The client's error answers (parse.ts through the endpoints), its construction and `raw`. */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { closeAgents, failure, KEY, ORIGIN, setup } from './helpers.js';

let ctx: ReturnType<typeof setup>;
afterEach(closeAgents);

describe('error answers', () => {
  it('an HTML error page becomes a clear sentence', async () => {
    ctx = setup({ maxAttempts: 1 });
    ctx.pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(502, '<!DOCTYPE html><html><body>Bad gateway</body></html>', { headers: { 'content-type': 'text/html' } });
    const e = await failure(ctx.client.listBoards());
    expect(e).toMatchObject({
      status: 502,
      retryable: true,
      message: 'The server answered 502 with an HTML page instead of JSON',
    });
  });

  it('truncated JSON is reported as cut off', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(200, '{"message":"OK","error":false,"code":200,"data":[{"Id":1,');
    expect((await failure(ctx.client.listBoards())).message).toBe(
      'Unexpected response from GET /v2/board: the JSON body is cut off (incomplete)',
    );
  });

  it('plain text and empty bodies', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board/1', method: 'GET' }).reply(400, 'Bad Request');
    ctx.pool.intercept({ path: '/v2/board/2', method: 'GET' }).reply(404, '');
    expect((await failure(ctx.client.getBoard(1))).message).toBe('The server answered 400 (Bad Request): Bad Request');
    expect((await failure(ctx.client.getBoard(2))).message).toBe('The server answered 404 (Not Found) with no details');
  });

  it('a redirect is not followed and is an error', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(301, '', { headers: { location: 'https://elsewhere.example/v2/board' } });
    const e = await failure(ctx.client.listBoards());
    expect(e).toMatchObject({ status: 301, retryable: false });
    expect(e.message).toMatch(/redirecting to https:\/\/elsewhere\.example.*does not follow redirects/);
  });

  it('403 shows the server message and is not retried', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/board/3', method: 'GET' })
      .reply(403, { message: 'Board not shared with you', error: true, code: 403 });
    expect(await failure(ctx.client.getBoard(3))).toMatchObject({
      status: 403,
      message: 'Board not shared with you',
      retryable: false,
    });
    expect(ctx.backoffs).toEqual([]);
  });
});

describe('construction and raw', () => {
  it('refuses plain http to a non-loopback host unless insecure', () => {
    expect(() => createClient({ baseUrl: 'http://boards.example.com', apiKey: KEY })).toThrow(
      /plain http:\/\/.*--insecure/,
    );
    expect(() => createClient({ baseUrl: 'http://boards.example.com', apiKey: KEY, insecure: true })).not.toThrow();
    expect(() => createClient({ baseUrl: 'https://boards.example.com', apiKey: KEY })).not.toThrow();
    expect(() => createClient({ baseUrl: 'http://localhost:3000', apiKey: KEY })).not.toThrow();
    expect(() => createClient({ baseUrl: ORIGIN, apiKey: '  ' })).toThrow(/API key is empty/);
  });

  it('raw returns status and body text with the same auth', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board?x=1', method: 'GET', headers: { authorization: KEY } }).reply(418, 'teapot');
    expect(await ctx.client.raw('get', '/v2/board?x=1')).toEqual({ status: 418, body: 'teapot' });
    await expect(ctx.client.raw('GET', '@evil.example/')).rejects.toThrow(/must start with \//);
  });
});
