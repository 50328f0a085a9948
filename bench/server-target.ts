/**
 * The server side of `npm run bench:server`, in its own process so the load
 * generator doesn't share its event loop: a 10,000-card column in the real
 * service, and a bare Fastify route for comparison. Prints one JSON line
 * with the URLs and ids, then serves until killed.
 */
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/server/db.js';
import { startService } from '../src/server/index.js';
import { GAP } from '../src/server/positions.js';

const CARDS = 10_000;
const key = 'bench-owner-key-000000001';

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-'));
const dbPath = join(dir, 'bench.db');
// BENCH_DURABILITY=normal measures the service as `serve --durability normal` runs it.
const svc = await startService({
  dbPath,
  apiKey: key,
  rateLimit: 0,
  durability: process.env.BENCH_DURABILITY === 'normal' ? 'normal' : 'full',
});
const headers = { authorization: key, 'content-type': 'application/json' };

const post = async (path: string, body: unknown) => {
  const r = await fetch(svc.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await r.json()) as { data: { Id: number } };
};
const boardId = (await post('/v2/board', { Name: 'Bench' })).data.Id;
await post(`/v2/board/${boardId}/column`, { Name: 'Big' });

// Bulk fill through a second connection: the API path is what we measure, not the setup.
const db = openDb(dbPath);
const columnId = db.prepare('SELECT id FROM columns WHERE board_id = ?').pluck().get(boardId) as number;
const insert = db.prepare(
  `INSERT INTO cards (board_id, column_id, title, thread_owner_email, position, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
);
const ids: number[] = [];
db.transaction(() => {
  for (let i = 0; i < CARDS; i++) {
    const id = insert.run(
      boardId,
      columnId,
      `Re: ticket #${i} — customer question ${'✉️'.repeat(i % 3)}`,
      'owner@inboard.local',
      i * GAP,
      new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    );
    ids.push(Number(id.lastInsertRowid));
  }
})();
db.close();

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ hello: 'world', ok: true }));
// The servers' own CPU time, so the parent can report cost per request
// independently of how fast autocannon can read the answers.
bare.get('/cpu', async () => process.cpuUsage());
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

process.stdout.write(`${JSON.stringify({ svcUrl: svc.url, bareUrl, boardId, columnId, ids, key })}\n`);
const stop = async () => {
  await bare.close();
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
