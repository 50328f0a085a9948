/**
 * What counting a request costs /metrics: the onResponse work (a counter
 * and a histogram updated with route, method and status labels) timed over
 * many calls in-process, and one scrape's text. Run: node --import tsx bench/metrics.ts
 */
import { performance } from 'node:perf_hooks';
import { serviceContext } from '../src/server/app.js';
import { createMetrics } from '../src/server/ops/metrics.js';
import { openSqlite } from '../src/server/sql/sqlite.js';

const N = Number(process.env.BENCH_CALLS ?? 1_000_000);
const db = openSqlite(':memory:');
const metrics = await createMetrics({ ctx: serviceContext(db), mailboxes: null });
const routes = ['/v2/board', '/v2/board/:boardId/columns', '/v2/card/:id', '/v2/search'];

// Warm up, then time.
for (let i = 0; i < 100_000; i++) metrics.request(routes[i % 4]!, 'GET', 200, 0.001 * (i % 50));
const t0 = performance.now();
for (let i = 0; i < N; i++)
  metrics.request(routes[i % 4]!, i % 7 === 0 ? 'POST' : 'GET', i % 13 === 0 ? 404 : 200, 0.0001 * (i % 500));
const perCall = ((performance.now() - t0) * 1000) / N;
const s0 = performance.now();
const text = await metrics.text();
const scrape = performance.now() - s0;
console.log(`counting one request: ${perCall.toFixed(3)} µs (${N} calls)`);
console.log(`one scrape: ${scrape.toFixed(1)} ms, ${text.length} bytes`);
await db.close();
