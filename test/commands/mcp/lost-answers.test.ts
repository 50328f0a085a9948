/**
 * A change whose answer is lost (the connection reset after the service
 * committed it) is sent once more with the same Idempotency-Key, as the
 * board sends it: the service answers with its first answer, and the change
 * is made once. Through the fault proxy in front of a real service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { isUnreadable } from '../../../src/api/read-model.js';
import type { Client } from '../../../src/api/types.js';
import { PASS, startFaultProxy, type FaultProxy } from '../../support/fault-proxy.js';
import { startMcp, type Mcp } from './helpers.js';

let proxy: FaultProxy;
let dir: string;
let api: Client;
let m: Mcp;
beforeAll(async () => {
  proxy = await startFaultProxy();
  dir = mkdtempSync(join(tmpdir(), 'inboard-mcp-lost-'));
  api = createClient({ baseUrl: proxy.serviceUrl, apiKey: proxy.apiKey });
  m = await startMcp({
    INBOARD_URL: proxy.url,
    INBOARD_API_KEY: proxy.apiKey,
    INBOARD_DATA_DIR: join(dir, 'd'),
    INBOARD_CONFIG_DIR: join(dir, 'c'),
  });
});
afterAll(async () => {
  await m?.close();
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first request matching `method path` has its answer lost after the service acted; the rest pass. */
function loseFirstAnswer(method: string, path: RegExp): void {
  let lost = false;
  proxy.setPlan((r) => {
    if (!lost && r.method === method && path.test(r.path)) {
      lost = true;
      return { kind: 'resetAfter' };
    }
    return PASS(r);
  });
}

it('create_card: the answer lost, the card made once, its id answered', async () => {
  loseFirstAnswer('POST', /^\/v2\/card$/);
  const from = proxy.log.length;
  const { cardId } = await m.ok<{ cardId: string }>('create_card', { boardId: 1, columnId: 'New', title: 'Only once' });
  const posts = proxy.log.slice(from).filter((e) => e.method === 'POST');
  expect(posts.map((e) => e.fault)).toEqual(['resetAfter', 'pass']);
  expect(posts[0]?.idempotencyKey).toBeDefined();
  expect(posts[1]?.idempotencyKey).toBe(posts[0]?.idempotencyKey);
  const same = (await api.listCards(1, 1, 1, 200)).filter((r) => !isUnreadable(r) && r.TaskName === 'Only once');
  expect(same.map((r) => (isUnreadable(r) ? '' : r.ServiceTaskId))).toEqual([cardId]);
  expect(m.stderr()).toContain('sending it once more with the same key');
});

it('add_comment: the answer lost, the comment made once', async () => {
  loseFirstAnswer('POST', /^\/v2\/comment$/);
  const from = proxy.log.length;
  await m.ok('add_comment', { cardId: '2', body: 'Said once' });
  expect(proxy.log.slice(from).map((e) => `${e.method} ${e.fault}`)).toContain('POST resetAfter');
  const comments = (await api.getCard('2')).Comments?.filter((c) => c.Comment === 'Said once');
  expect(comments).toHaveLength(1);
});
