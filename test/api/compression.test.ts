/**
 * Over a network the client asks for gzip and reads a gzipped answer (a
 * remote service's shapes, through undici's MockAgent); on this machine it
 * does not ask. A body that says gzip and isn't is an answer that did not
 * arrive whole, not a page of nothing.
 */
import { gzipSync } from 'node:zlib';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { board, boardRead, KEY, ok } from './helpers.js';

const REMOTE = 'https://boards.example.com';
const agents: MockAgent[] = [];
afterEach(async () => {
  for (const a of agents.splice(0)) await a.close();
});

function remote(origin: string) {
  const agent = new MockAgent();
  agents.push(agent);
  agent.disableNetConnect();
  const client = createClient({ baseUrl: origin, apiKey: KEY, dispatcher: agent, maxAttempts: 1 });
  return { pool: agent.get(origin), client };
}

describe('compressed answers', () => {
  it('asks a remote server for gzip and reads the gzipped answer', async () => {
    const { pool, client } = remote(REMOTE);
    pool
      .intercept({ path: '/v2/board', method: 'GET', headers: { 'accept-encoding': 'gzip' } })
      .reply(200, gzipSync(JSON.stringify(ok([board(1), board(2)]))), {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      });
    expect(await client.listBoards()).toEqual([boardRead(1), boardRead(2)]);
  });

  it('does not ask a server on this machine', async () => {
    const { pool, client } = remote('http://127.0.0.1:7431');
    pool
      .intercept({
        path: '/v2/board',
        method: 'GET',
        headers: (h) => !Object.keys(h).some((k) => k.toLowerCase() === 'accept-encoding'),
      })
      .reply(200, ok([board(3)]));
    expect(await client.listBoards()).toEqual([boardRead(3)]);
  });

  it('a body that says gzip and is not is refused in words, not read as empty', async () => {
    const { pool, client } = remote(REMOTE);
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(200, '{"not":"zipped"}', { headers: { 'content-encoding': 'gzip' } });
    await expect(client.listBoards()).rejects.toMatchObject({ kind: 'network', message: /boards\.example\.com/ });
  });
});
