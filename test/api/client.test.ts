import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { board, failure, KEY, ok, setup } from './helpers.js';

let ctx: ReturnType<typeof setup>;
afterEach(async () => {
  await ctx.agent.close();
});

describe('envelope endpoints', () => {
  it('parses a list of boards', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, ok([board(1), board(2)]));
    expect(await ctx.client.listBoards()).toEqual([board(1), board(2)]);
  });

  it('names the path of an unexpected shape', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, ok([{ ...board(1), Id: '1' }]));
    const e = await failure(ctx.client.listBoards());
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toContain('Unexpected response from GET /v2/board: data.0.Id expected number');
    expect(e.retryable).toBe(false);
  });
});
