/** GET /v2/me (extension): whose key this is, in the envelope; validated like every endpoint. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

describe('GET /v2/me', () => {
  it('answers the key owner’s id, email and name', async () => {
    const r = await s.call('GET', '/v2/me');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      error: false,
      code: 200,
      data: { UserId: expect.any(Number), Email: expect.stringContaining('@'), Name: expect.any(String) },
    });
    const client = createClient({ baseUrl: s.url, apiKey: s.key, maxAttempts: 1 });
    expect((await client.whoAmI()).Email).toBe(r.json.data.Email);
    expect(client.offers('me')).toBe(true);
  });

  it('refuses parameters and a missing key in the envelope', async () => {
    const extra = await s.call('GET', '/v2/me?x=1');
    expect(extra.status).toBe(400);
    expect(extra.json).toMatchObject({ error: true, code: 400 });
    const anon = await s.call('GET', '/v2/me', { key: null });
    expect(anon.status).toBe(401);
  });
});
