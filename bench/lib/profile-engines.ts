/**
 * Where an instance's CPU goes, per engine: CPU profiles (250 µs sampling)
 * of one instance serving, one request at a time, GET /v2/me, list-cards
 * page 1 and moves to positions 0–5 in a 10,000-card column — the same
 * requests as bench/engines.ts. Prints a summary per engine and route.
 *   node --import tsx bench/lib/profile-engines.ts [TOP]
 * Env: PROFILE_REQUESTS (per route, default 2000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatSummary, summarise, type Profile } from './cpuprofile.js';
import { HEADERS, seedColumn, startDurablePostgres, startInstance } from './engines-setup.js';
import { load, type LoadRequest } from './load.js';

const TOP = Number(process.argv[2] ?? 15);
const N = Number(process.env.PROFILE_REQUESTS ?? 2000);
const dir = mkdtempSync(join(tmpdir(), 'inboard-profile-engines-'));
const cluster = await startDurablePostgres();

for (const [engine, db] of [
  ['SQLite', join(dir, 'bench.db')],
  ['PostgreSQL', cluster.url],
] as const) {
  const inst = await startInstance(db);
  const { boardId, columnId, ids } = await seedColumn(db, inst.url, 10_000);
  const routes: [string, (n: number) => LoadRequest][] = [
    ['GET /v2/me', () => ({ path: '/v2/me' })],
    ['list-cards page 1', () => ({ path: `/v2/board/${boardId}/column/${columnId}/cards?page=1` })],
    [
      'move-card to positions 0–5',
      (n) => ({
        path: '/v2/card/move-card',
        method: 'POST',
        body: JSON.stringify({ Id: String(ids[(n * 7919) % ids.length]), NewColumnId: columnId, NewPosition: n % 6 }),
      }),
    ],
  ];
  for (const [name, request] of routes) {
    const run = (maxRequests: number) =>
      load({ origins: [inst.url], headers: HEADERS, connections: 1, seconds: 1e6, request, maxRequests });
    await run(200); // warm-up
    const stop = await inst.profile();
    const r = await run(N);
    const profile = (await stop()) as Profile;
    const s = summarise(profile, TOP);
    const busyPerReq = ((s.totalMs - s.idleMs) / r.requests) * 1000;
    process.stdout.write(
      formatSummary(`${engine}: ${name}, ${r.requests} requests, ${busyPerReq.toFixed(0)} µs busy per request`, s),
    );
  }
  await inst.stop();
}
await cluster.stop();
rmSync(dir, { recursive: true, force: true });
