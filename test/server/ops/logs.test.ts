/**
 * serve's log: --log-format json is one JSON object a line (pino's fields),
 * each request's id echoed in X-Request-Id and found in its line; no key,
 * password or body ever reaches it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAt } from '../helpers.js';
import { exited, spawnServe, type Child } from '../process.js';

const KEY = 'logs-test-owner-key-0123456789';
const WRONG = 'logs-test-wrong-key-9876543210';
const BODY = 'the-secret-words-of-a-customer';
const dir = mkdtempSync(join(tmpdir(), 'inboard-logs-'));
let s: Child;

beforeAll(async () => {
  s = await spawnServe(['--db', join(dir, 'logs.db'), '--log-format', 'json'], { INBOARD_API_KEY: KEY });
});
afterAll(async () => {
  if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Line {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  status?: number;
  path?: string;
}
const lines = (): Line[] =>
  s
    .stderr()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Line);

const logged = async (reqId: string): Promise<Line> => {
  const end = Date.now() + 10_000;
  for (;;) {
    const found = lines().find((l) => l.reqId === reqId);
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`no log line for ${reqId}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the log', () => {
  it('is one JSON object a line, a request’s id echoed in X-Request-Id and in its line', async () => {
    const r = await callAt(s.url, KEY, 'GET', '/v2/board');
    expect(r.status).toBe(200);
    const id = r.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{8}-\w+$/);
    const line = await logged(id);
    expect(line).toMatchObject({
      level: 30,
      path: '/v2/board',
      status: 200,
      msg: expect.stringMatching(/^GET \/v2\/board 200 /),
    });
    expect(typeof line.time).toBe('number');
    // serve's own notices are lines of the same log.
    expect(lines().some((l) => l.msg.startsWith('database '))).toBe(true);
  });

  it('keeps a plain X-Request-Id given by the caller, and replaces one that is not', async () => {
    const given = await callAt(s.url, KEY, 'GET', '/healthz', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.42');
    await logged('lb-7f3a.42');
    const odd = await callAt(s.url, KEY, 'GET', '/healthz', { headers: { 'x-request-id': 'a b"c' } });
    expect(odd.headers['x-request-id']).not.toBe('a b"c');
  });

  it('never holds a key or a body, whether the key is right or wrong', async () => {
    const boards = await callAt(s.url, KEY, 'GET', '/v2/board');
    const made = await callAt(s.url, KEY, 'POST', '/v2/board', { body: { Name: BODY } });
    expect(made.status).toBe(200);
    const wrong = await callAt(s.url, WRONG, 'GET', `/v2/board?Key=${KEY}`);
    expect(wrong.status).toBe(401);
    const bad = await callAt(s.url, KEY, 'POST', '/v2/board', { rawBody: `{"Name": "${BODY}"` });
    expect(bad.status).toBe(400);
    await logged(bad.headers['x-request-id'] as string);
    await logged(boards.headers['x-request-id'] as string);
    const all = s.stderr();
    expect(all).not.toContain(KEY);
    expect(all).not.toContain(WRONG);
    expect(all).not.toContain(BODY);
    s.proc.kill('SIGTERM');
    expect(await exited(s.proc)).toBe(0);
    expect(lines().at(-1)?.msg).toBe('stopped');
  });
});
