/**
 * One instance of the service for the engine benches, in a process of its
 * own (so the load generator and the other instances don't share its event
 * loop): `startService` on BENCH_DB (a SQLite file or a postgres:// URL)
 * with the owner key BENCH_KEY, rate limit off. A second, tiny server on
 * another port reports this process's CPU time and memory and runs a full
 * GC (node started with --expose-gc), so the parent can read them between
 * runs, and takes a CPU profile on request. Prints one JSON line { url, side }, then serves until killed.
 */
import Fastify from 'fastify';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { startService } from '../../src/server/index.js';

const db = process.env.BENCH_DB;
const key = process.env.BENCH_KEY;
if (db === undefined || key === undefined) throw new Error('BENCH_DB and BENCH_KEY must be set');

const svc = await startService({
  dbPath: db,
  apiKey: key,
  rateLimit: 0,
  durability: process.env.BENCH_DURABILITY === 'normal' ? 'normal' : 'full',
});

const side = Fastify({ logger: false });
side.get('/cpu', async () => process.cpuUsage());
side.get('/mem', async () => process.memoryUsage());
side.post('/gc', async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  return { gc: gc !== undefined };
});
// A CPU profile of this process between two calls (bench/lib/profile-engines.ts).
// Connected on first use only, so the timed runs have no inspector attached.
let inspector: Session | undefined;
side.post('/profile/start', async () => {
  if (inspector === undefined) {
    inspector = new Session();
    inspector.connect();
  }
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 250 });
  await inspector.post('Profiler.start');
  return {};
});
side.post('/profile/stop', async () => (await inspector?.post('Profiler.stop'))?.profile ?? null);
await side.listen({ host: '127.0.0.1', port: 0 });
const sideUrl = `http://127.0.0.1:${(side.server.address() as AddressInfo).port}`;

process.stdout.write(`${JSON.stringify({ url: svc.url, side: sideUrl })}\n`);
const stop = async () => {
  await side.close();
  await svc.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
// The bench holds our stdin open: when it dies, so do we, instead of lingering.
process.stdin.on('end', () => void stop());
process.stdin.resume();
