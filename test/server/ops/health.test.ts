/**
 * GET /healthz and GET /readyz on either engine: no key, nothing of any
 * board, the database's schema and this instance's mailboxes and outbox in
 * a line each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, testEngine, type TestService } from '../helpers.js';
import { latestSchema } from '../../../src/server/ops/schema-version.js';

let s: TestService;

beforeAll(async () => {
  s = await startTestService({ watchMailboxes: { tickMs: 60_000 } });
});
afterAll(async () => s.close());

describe('health', () => {
  it('healthz answers ok without a key', async () => {
    const r = await s.call('GET', '/healthz', { key: null });
    expect(r.status).toBe(200);
    expect(r.text).toBe('ok\n');
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('readyz says the database answers at this build’s schema, and the mailboxes and outbox, without a key', async () => {
    const r = await s.call('GET', '/readyz', { key: null });
    expect(r.status).toBe(200);
    const v = latestSchema(testEngine());
    expect(r.text.split('\n')).toEqual([
      'ready',
      `database: answers (${testEngine()}, schema version ${v} of this build's ${v})`,
      'mailboxes: this instance watches 0 of 0',
      'outbox: 0 waiting, 0 sending, 0 failed',
      '',
    ]);
  });

  it('readyz names no board, card or user of the demo workspace', async () => {
    const boards = await s.call('GET', '/v2/board');
    const names = (boards.json.data as { Name: string }[]).map((b) => b.Name);
    expect(names.length).toBeGreaterThan(0);
    const r = await s.call('GET', '/readyz', { key: null });
    for (const n of names) expect(r.text).not.toContain(n);
    expect(r.text).not.toContain('@');
  });

  it('a wrong key does not stop healthz or readyz, and /v2 still wants one', async () => {
    expect((await s.call('GET', '/healthz', { key: 'not-a-key-at-all-000' })).status).toBe(200);
    expect((await s.call('GET', '/readyz', { key: 'not-a-key-at-all-000' })).status).toBe(200);
    expect((await s.call('GET', '/v2/board', { key: null })).status).toBe(401);
  });
});
