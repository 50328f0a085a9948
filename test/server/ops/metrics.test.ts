/**
 * GET /metrics: only with the operator token (401 in words without it, the
 * route saying it is off when no token was set), Prometheus text that
 * parses, and figures that move with the work: requests by route and
 * status, search latency, open event streams, the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../../src/server/index.js';
import { callAt, startTestService, testEngine, type TestService } from '../helpers.js';
import { openSse } from '../sse.js';
import { parsePrometheus, sampleOf } from './prometheus-text.js';

const TOKEN = 'metrics-operator-token-0123456789';
let s: TestService;

beforeAll(async () => {
  s = await startTestService({ metricsToken: TOKEN });
});
afterAll(async () => s.close());

const scrape = async () => {
  const r = await s.call('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(r.status).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(r.text);
};

const until = async <T>(what: () => Promise<T | undefined>, label: string): Promise<T> => {
  const end = Date.now() + 10_000;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`waited in vain for ${label}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('metrics', () => {
  it('refuses a request without the token, or with another, in words', async () => {
    const none = await s.call('GET', '/metrics', { key: null });
    expect(none.status).toBe(401);
    expect(none.json.message).toMatch(/operator token: send Authorization: Bearer TOKEN/);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await s.call('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    // An API key is not the operator token.
    expect((await s.call('GET', '/metrics')).status).toBe(401);
  });

  it('counts requests by route pattern and status, with a latency histogram', async () => {
    const before = await scrape();
    const board = { route: '/v2/board/:boardId/columns', method: 'GET', status: '200' };
    const count = (x: typeof before, labels: Record<string, string>) =>
      sampleOf(x, 'inboard_http_requests_total', labels) ?? 0;
    const boards = await s.call('GET', '/v2/board');
    const id = boards.json.data[0].Id as string;
    await s.call('GET', `/v2/board/${id}/columns`);
    await s.call('GET', `/v2/board/${id}/columns`);
    await s.call('GET', '/v2/board/999999/columns');
    const after = await scrape();
    expect(count(after, board) - count(before, board)).toBe(2);
    const missing = { ...board, status: '404' };
    expect(count(after, missing) - count(before, missing)).toBe(1);
    // The pattern, never an id: no label carries one.
    expect(after.some((x) => x.labels.route?.includes(id))).toBe(false);
    const hist = { route: '/v2/board/:boardId/columns', method: 'GET' };
    const n = (x: typeof before) => sampleOf(x, 'inboard_http_request_duration_seconds_count', hist) ?? 0;
    expect(n(after) - n(before)).toBe(3);
    expect(sampleOf(after, 'inboard_http_request_duration_seconds_bucket', { ...hist, le: '+Inf' })).toBe(n(after));
  });

  it('observes search latency', async () => {
    const n = async () => sampleOf(await scrape(), 'inboard_search_duration_seconds_count') ?? 0;
    const before = await n();
    expect((await s.call('GET', '/v2/search?q=welcome')).status).toBe(200);
    expect((await n()) - before).toBe(1);
  });

  it('counts the event streams open on this instance', async () => {
    const open = async () => sampleOf(await scrape(), 'inboard_event_streams_open');
    expect(await open()).toBe(0);
    const stream = await openSse(`${s.url}/v2/events`, s.key);
    expect(await until(async () => ((await open()) === 1 ? 1 : undefined), 'one stream')).toBe(1);
    stream.close();
    await until(async () => ((await open()) === 0 ? 0 : undefined), 'no stream');
  });

  it('says the outbox’s length and its oldest wait', async () => {
    const before = await scrape();
    expect(sampleOf(before, 'inboard_outbox_messages', { state: 'waiting' })).toBe(0);
    expect(sampleOf(before, 'inboard_outbox_oldest_wait_seconds')).toBe(0);
    // A reply queued a minute ago and due in an hour (as `--send-delay` would hold one).
    const now = Date.now();
    await s.withSql(async (db) => {
      const card = await db.get<{ id: number; board_id: number }>('SELECT id, board_id FROM cards ORDER BY id LIMIT 1');
      await db.run(
        `INSERT INTO outbox (card_id, board_id, user_id, by_email, body, cc, message_id, created_ms, send_at_ms)
         VALUES (?, ?, 1, 'owner@inboard.local', 'Thanks', '[]', '<metrics-test@inboard>', ?, ?)`,
        [Number(card?.id), Number(card?.board_id), now - 60_000, now + 3_600_000],
      );
    });
    const after = await scrape();
    expect(sampleOf(after, 'inboard_outbox_messages', { state: 'waiting' })).toBe(1);
    expect(sampleOf(after, 'inboard_outbox_oldest_wait_seconds')).toBeGreaterThanOrEqual(60);
    expect(sampleOf(after, 'inboard_database_up')).toBe(1);
    if (testEngine() === 'postgres')
      expect(sampleOf(after, 'inboard_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  });

  it('is off, and says so, without a token', async () => {
    let off: RunningService | undefined;
    try {
      off = await startService({ dbPath: s.dbPath, apiKey: s.key });
      const r = await callAt(off.url, null, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.status).toBe(404);
      expect(r.json.message).toMatch(/Metrics are off: start inboard serve with --metrics-token/);
    } finally {
      await off?.close();
    }
  });
});
