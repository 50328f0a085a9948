/** Error paths: 400/401/403/404/413/429/500-shape, Bearer, membership, plans, query-vs-body. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Board, envelope, ErrorEnvelope } from '../../src/api/schema.js';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { callAt, keysOf, startTestService, type Reply, type TestService } from './helpers.js';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

function expectError(r: Reply, code: number, message?: RegExp) {
  expect(r.status).toBe(code);
  const e = ErrorEnvelope.parse(r.json);
  expect(e.code).toBe(code);
  expect(keysOf(r.json)).toEqual(['code', 'error', 'message']);
  if (message) expect(e.message).toMatch(message);
}

describe('400', () => {
  it('names the field for bad, missing and unknown fields', async () => {
    expectError(
      await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: '   ' } }),
      400,
      /^CardTitle: must not be empty$/,
    );
    expectError(
      await s.call('POST', '/v2/card', { body: { BoardId: 1, CardTitle: 'x' } }),
      400,
      /^ColumnId: is required$/,
    );
    expectError(
      await s.call('POST', '/v2/card', { body: { BoardId: '1', ColumnId: 1, CardTitle: 'x' } }),
      400,
      /^BoardId: /,
    );
    expectError(
      await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'x', Extra: 1 } }),
      400,
      /^Extra: unknown field$/,
    );
    expectError(
      await s.call('POST', '/v2/board', { body: { Name: 'x', Users: ['not-an-email'] } }),
      400,
      /^the 1st email, 'not-an-email', is not an email address$/,
    );
    expectError(await s.call('POST', '/v2/card', { body: [1, 2] }), 400, /^body: /);
    expectError(
      await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'x'.repeat(501) } }),
      400,
      /^CardTitle: /,
    );
  });

  it('malformed JSON, non-numeric ids, unknown query parameters', async () => {
    expectError(await s.call('POST', '/v2/board', { rawBody: '{"Name": ' }), 400, /malformed JSON/);
    expectError(await s.call('GET', '/v2/card/abc'), 400, /^id: /);
    expectError(await s.call('GET', '/v2/board/0'), 400, /^id: /);
    expectError(await s.call('GET', '/v2/board/1/column/Label_x'), 400, /^id: /);
    expectError(await s.call('DELETE', '/v2/card/12abc'), 400, /^cardId: /);
    expectError(await s.call('GET', '/v2/board?secret=1'), 400, /^secret: unknown field$/);
    expectError(await s.call('GET', '/v2/tag', { body: { BoardId: 1, Nope: true } }), 400, /^Nope: unknown field$/);
  });
});

describe('401', () => {
  it('missing, unknown and revoked keys', async () => {
    expectError(await s.call('GET', '/v2/board', { key: null }), 401);
    expectError(await s.call('GET', '/v2/board', { key: 'ib_not-a-real-key-at-all-000000000' }), 401);
    expectError(await s.call('GET', '/v2/board', { key: s.key.slice(0, -1) + (s.key.endsWith('A') ? 'B' : 'A') }), 401);
    const k = await s.addUser('leaver@example.com');
    expect((await s.call('GET', '/v2/board', { key: k })).status).toBe(200);
    await s.withSql((db) =>
      db.run('UPDATE api_keys SET revoked_at = ? WHERE prefix = ?', [new Date().toISOString(), k.slice(0, 12)]),
    );
    expectError(await s.call('GET', '/v2/board', { key: k }), 401, /revoked/);
  });

  it('accepts the bare key and the Bearer form', async () => {
    expect((await s.call('GET', '/v2/board', { key: s.key })).status).toBe(200);
    expect((await s.call('GET', '/v2/board', { key: `Bearer ${s.key}` })).status).toBe(200);
    expect((await s.call('GET', '/v2/board', { key: `bearer  ${s.key}` })).status).toBe(200);
  });
});

describe('403: plans and board membership', () => {
  it('free is refused on every endpoint, a fresh trial passes, an 8-day-old trial is refused', async () => {
    const free = await s.addUser('free@example.com', 'free');
    expectError(await s.call('GET', '/v2/board', { key: free }), 403, /Pro plan/);
    expectError(await s.call('POST', '/v2/board', { key: free, body: { Name: 'x' } }), 403, /free plan/);
    const fresh = await s.addUser('fresh@example.com', 'trial', new Date(Date.now() - 86_400_000).toISOString());
    expect((await s.call('GET', '/v2/board', { key: fresh })).status).toBe(200);
    const old = await s.addUser('old@example.com', 'trial', new Date(Date.now() - 8 * 86_400_000).toISOString());
    expectError(await s.call('GET', '/v2/board', { key: old }), 403, /trial ended/);
    expectError(await s.call('GET', '/v2/email-sequence', { key: old }), 403);
  });

  it('a teammate listed in Users sees the shared board; a stranger gets 403 and does not see it', async () => {
    const sam = await s.addUser(DEMO_TEAMMATE);
    const samBoards = envelope(z.array(Board)).parse((await s.call('GET', '/v2/board', { key: sam })).json).data;
    expect(samBoards.map((b) => b.Id)).toEqual([1, 2]);
    expect((await s.call('GET', '/v2/board/1/column/1/cards?page=1', { key: sam })).status).toBe(200);

    const stranger = await s.addUser('stranger@example.org');
    const theirs = envelope(z.array(Board)).parse((await s.call('GET', '/v2/board', { key: stranger })).json).data;
    expect(theirs).toEqual([]);
    expectError(await s.call('GET', '/v2/board/1', { key: stranger }), 403);
    expectError(await s.call('GET', '/v2/board/1/columns', { key: stranger }), 403);
    expectError(await s.call('GET', '/v2/board/1/column/1/cards?page=1', { key: stranger }), 403);
    expectError(await s.call('GET', '/v2/card/1', { key: stranger }), 403);
    expectError(await s.call('GET', '/v2/tag?BoardId=1', { key: stranger }), 403);
    expectError(
      await s.call('POST', '/v2/card', { key: stranger, body: { BoardId: 1, ColumnId: 1, CardTitle: 'x' } }),
      403,
    );
    expectError(
      await s.call('POST', '/v2/card/move-card', { key: stranger, body: { Id: '1', NewColumnId: 2, NewPosition: 0 } }),
      403,
    );
    expectError(await s.call('DELETE', '/v2/card/1', { key: stranger }), 403);
    expectError(await s.call('GET', '/v2/email-sequence/1', { key: stranger }), 403);
    expect((await s.call('GET', '/v2/email-sequence', { key: stranger })).json).toEqual([]);
  });
});

describe('404 and 413', () => {
  it('unknown routes and missing resources answer the envelope', async () => {
    expectError(await s.call('GET', '/v2/nothing-here'), 404);
    expectError(await s.call('GET', '/v3/board'), 404);
    expectError(await s.call('GET', '/v2/board/999'), 404, /Board 999/);
    expectError(await s.call('GET', '/v2/card/99999'), 404);
    expectError(await s.call('GET', '/v2/comment/99999'), 404);
    expectError(await s.call('GET', '/v2/board/1/column/999'), 404);
    expectError(await s.call('GET', '/v2/email-sequence/999'), 404);
  });

  it('a body over 1 MiB is 413', async () => {
    const big = JSON.stringify({ Body: 'x'.repeat(1024 * 1024 + 10) });
    expectError(await s.call('POST', '/v2/card/1/note', { rawBody: big }), 413);
  });
});

describe('429', () => {
  it('over the per-key limit answers 429 with Retry-After; other keys are unaffected', async () => {
    const limited = await startTestService({ rateLimit: 5, demo: false });
    try {
      const other = await limited.addUser('second@example.com');
      for (let i = 0; i < 5; i++) expect((await limited.call('GET', '/v2/board')).status).toBe(200);
      const r = await limited.call('GET', '/v2/board');
      expectError(r, 429, /per minute/);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await limited.call('GET', '/v2/board', { key: other })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET/DELETE parameters', () => {
  it('DELETE with an empty JSON body and a content type still works', async () => {
    const id = (await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'gone' } })).json.taskId;
    const r = await callAt(s.url, s.key, 'DELETE', `/v2/card/${id}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
  });
});

describe('startService', () => {
  it('a given key becomes the owner key and is reused on restart; without one, a key is created once', async () => {
    const a = await startTestService({ demo: false, apiKey: 'owner-key-0123456789' });
    try {
      expect(a.key).toBe('owner-key-0123456789');
      expect((await a.call('GET', '/v2/board')).status).toBe(200);
    } finally {
      await a.close();
    }
    const b = await startTestService({ demo: false });
    try {
      expect(b.key).toMatch(/^ib_[A-Za-z0-9_-]{32}$/);
      expect((await b.call('GET', '/v2/board')).json.data).toEqual([]);
      const stored = await b.withSql((db) => db.all<{ hash: Buffer }>('SELECT hash FROM api_keys'));
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.every(({ hash }) => !hash.toString('latin1').includes(b.key))).toBe(true);
    } finally {
      await b.close();
    }
  });
});
