/**
 * Server benchmark: a 10,000-card column, then autocannon against a bare
 * Fastify route, list-cards (page 1) and move-card, in one run.
 * Targets: list-cards >= 50% of the bare route's req/s; move-card p99 < 10 ms.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../src/server/db.js';
import { startService } from '../src/server/index.js';
import { GAP } from '../src/server/positions.js';

const CARDS = 10_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const key = 'bench-owner-key-000000001';

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-'));
const dbPath = join(dir, 'bench.db');
const svc = await startService({ dbPath, apiKey: key, rateLimit: 0 });
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
    const id = insert.run(boardId, columnId, `Re: ticket #${i} — customer question ${'✉️'.repeat(i % 3)}`, 'owner@inboard.local', i * GAP, new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString());
    ids.push(Number(id.lastInsertRowid));
  }
})();
db.close();

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ hello: 'world', ok: true }));
await bare.listen({ host: '127.0.0.1', port: 0 });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
}

let n = 0;
const rows: Row[] = [];
// Warm-up so JIT and page cache are not measured.
await autocannon({ url: `${svc.url}/v2/board/${boardId}/column/${columnId}/cards?page=1`, headers, duration: 2, connections: CONNECTIONS });
rows.push(await run('bare GET /bare', { url: `${bareUrl}/bare` }));
rows.push(await run('list-cards page 1 (50 of 10k)', { url: `${svc.url}/v2/board/${boardId}/column/${columnId}/cards?page=1`, headers }));
const moveRequest = {
  setupRequest: (req: autocannon.Request) => {
    n++;
    // A card from anywhere, to a spread of positions: top, middle, end, and crowded slots near the top.
    const id = ids[(n * 7919) % ids.length];
    const to = n % 4 === 0 ? 1 + (n % 5) : (n * 104729) % CARDS;
    return { ...req, body: JSON.stringify({ Id: String(id), NewColumnId: columnId, NewPosition: to }) };
  },
};
const moveOpts = { url: `${svc.url}/v2/card/move-card`, method: 'POST' as const, headers, requests: [moveRequest] };
rows.push(await run('move-card (anywhere in 10k)', moveOpts));
// One client at a time: the operation's own latency, without queueing behind fsyncs.
rows.push(await run('move-card, 1 connection', { ...moveOpts, connections: 1 }));

const fmt = (x: number, d = 0) => x.toFixed(d).padStart(9);
console.log(`\n${CARDS} cards in one column · ${CONNECTIONS} connections · ${DURATION}s per run · Node ${process.version}\n`);
console.log(`${'route'.padEnd(32)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}`);
for (const r of rows) console.log(`${r.name.padEnd(32)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${fmt(r.non2xx)}`);
const [b, l, m, m1] = rows as [Row, Row, Row, Row];
const ratio = l.rps / b.rps;
console.log(`\nlist-cards / bare = ${(ratio * 100).toFixed(0)}% (target >= 50%)  ${ratio >= 0.5 ? 'OK' : 'MISSED'}`);
console.log(`move-card p99 = ${m.p99.toFixed(1)} ms with ${CONNECTIONS} connections, ${m1.p99.toFixed(1)} ms with 1 (target < 10 ms)  ${m.p99 < 10 ? 'OK' : 'MISSED'}`);

await bare.close();
await svc.close();
rmSync(dir, { recursive: true, force: true });
