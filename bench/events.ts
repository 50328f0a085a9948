/**
 * `npm run bench:events`: GET /v2/events on both engines, in one run.
 *
 * 1. Latency across instances: a move sent to instance A → its event on a
 *    stream held on instance B (two instances on one PostgreSQL database;
 *    two processes on one SQLite file), and on a stream held on A itself for
 *    scale. Writes one at a time, each after a random pause (0–250 ms) so
 *    they fall anywhere in the instances' polling cycle.
 * 2. 1,000 open streams on one instance: the instance's RSS (after a full
 *    GC) with and without them, per stream; then changes made through that
 *    instance, each timed from the request sent to its event on the last of
 *    the 1,000 streams (and the first, and the median).
 * Every stream is read by this process; the instances run in their own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  HEADERS,
  KEY,
  seedColumn,
  startDurablePostgres,
  startInstance,
  type Column,
  type Instance,
} from './lib/engines-setup.js';
import { openStream, type Stream } from './lib/sse.js';
import { median, quantile } from './lib/stats.js';

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);
const TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f1 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(1));

/** Streams keyed by the card id of each event, so a write can wait for its own. */
class Arrivals {
  private readonly waiting = new Map<string, { left: number; times: number[]; done: () => void }>();
  on = (_id: number, data: string, at: number) => {
    const card = (JSON.parse(data) as { CardId: string | null }).CardId;
    const w = card === null ? undefined : this.waiting.get(card);
    if (w === undefined) return;
    w.times.push(at);
    if (--w.left === 0) w.done();
  };
  /** Resolves with the arrival times once `count` streams have had an event of `card`. */
  expect(card: string, count: number): Promise<number[]> {
    return new Promise((resolve, reject) => {
      const times: number[] = [];
      const timer = setTimeout(() => {
        this.waiting.delete(card);
        reject(new Error(`only ${times.length} of ${count} streams had the event of card ${card} in ${TIMEOUT_MS} ms`));
      }, TIMEOUT_MS);
      this.waiting.set(card, {
        left: count,
        times,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(card);
          resolve(times);
        },
      });
    });
  }
}

async function move(url: string, col: Column, card: number, to: number): Promise<void> {
  const r = await fetch(`${url}/v2/card/move-card`, {
    method: 'POST',
    headers: HEADERS,
    body: JSON.stringify({ Id: String(card), NewColumnId: col.columnId, NewPosition: to }),
  });
  await r.arrayBuffer();
  if (!r.ok) throw new Error(`move-card: ${r.status}`);
}

interface Latency {
  other: number[];
  same: number[];
  ack: number[];
}

/** Moves through `a`, one at a time; the time to each event on a stream on `b` and on one on `a`. */
async function acrossInstances(a: Instance, b: Instance, col: Column): Promise<Latency> {
  const onB = new Arrivals();
  const onA = new Arrivals();
  const streams = [openStream(b.url, KEY, onB.on), openStream(a.url, KEY, onA.on)];
  await Promise.all(streams.map((s) => s.ready));
  const out: Latency = { other: [], same: [], ack: [] };
  for (let i = 0; i < WRITES; i++) {
    await sleep(Math.random() * 250);
    const card = col.ids[i % col.ids.length] as number;
    const gotB = onB.expect(String(card), 1);
    const gotA = onA.expect(String(card), 1);
    const t0 = performance.now();
    await move(a.url, col, card, i % 2 === 0 ? 0 : 3);
    out.ack.push(performance.now() - t0);
    out.other.push(((await gotB)[0] as number) - t0);
    out.same.push(((await gotA)[0] as number) - t0);
  }
  for (const s of streams) s.close();
  return out;
}

interface Fanout {
  rssPerStream: number;
  heapPerStream: number;
  opened: number;
  first: number[];
  mid: number[];
  last: number[];
}

/** `STREAMS` streams on one instance; changes through it, timed to the last stream. */
async function fanout(inst: Instance, col: Column): Promise<Fanout> {
  const before = await inst.memory();
  const arrivals = new Arrivals();
  const streams: Stream[] = [];
  const t0 = performance.now();
  for (let i = 0; i < STREAMS; i += 50) {
    const batch = Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(inst.url, KEY, arrivals.on));
    streams.push(...batch);
    await Promise.all(batch.map((s) => s.ready));
  }
  const opened = performance.now() - t0;
  await sleep(1000);
  const after = await inst.memory();
  const out: Fanout = {
    rssPerStream: (after.rss - before.rss) / STREAMS,
    heapPerStream: (after.heapUsed - before.heapUsed) / STREAMS,
    opened,
    first: [],
    mid: [],
    last: [],
  };
  for (let i = 0; i < CHANGES; i++) {
    await sleep(100 + Math.random() * 200);
    const card = col.ids[(i * 13) % col.ids.length] as number;
    const got = arrivals.expect(String(card), STREAMS);
    const start = performance.now();
    await move(inst.url, col, card, i % 2 === 0 ? 0 : 3);
    const times = (await got).map((t) => t - start);
    out.first.push(Math.min(...times));
    out.mid.push(median(times));
    out.last.push(Math.max(...times));
  }
  for (const s of streams) s.close();
  return out;
}

const load0 = loadavg()[0] ?? 0;
const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-events-'));
const sqliteFile = join(dir, 'bench.db');
const cluster = await startDurablePostgres();
const engines = [
  { name: 'SQLite', db: sqliteFile },
  { name: 'PostgreSQL', db: cluster.url },
];
const lines: string[] = [];
const out = (l = '') => lines.push(l);
const lat: { name: string; l: Latency }[] = [];
const fan: { name: string; f: Fanout }[] = [];
for (const e of engines) {
  const a = await startInstance(e.db);
  const b = await startInstance(e.db);
  const col = await seedColumn(e.db, a.url, 1000);
  // Warm-up: a few moves and events on both instances.
  for (let i = 0; i < 5; i++) await move(a.url, col, col.ids[i] as number, 0);
  lat.push({ name: e.name, l: await acrossInstances(a, b, col) });
  process.stderr.write(`${e.name}: latency done\n`);
  await b.stop();
  fan.push({ name: e.name, f: await fanout(a, col) });
  process.stderr.write(`${e.name}: fan-out done\n`);
  await a.stop();
}

out(`## Event latency: a move sent to instance A → its event (${WRITES} moves, ms)`);
out();
out(
  '| engine | on a stream on instance B: median | p99 | on a stream on A itself: median | p99 | the move acknowledged: median |',
);
out('|---|---:|---:|---:|---:|---:|');
for (const { name, l } of lat) {
  out(
    `| ${name} (${name === 'SQLite' ? 'two processes, one file' : 'two instances, one database'}) | ${f1(median(l.other))} | ${f1(quantile(l.other, 0.99))} | ${f1(median(l.same))} | ${f1(quantile(l.same, 0.99))} | ${f1(median(l.ack))} |`,
  );
}
out();
out(`## ${STREAMS} open streams on one instance (${CHANGES} changes through it)`);
out();
out(
  '| engine | RSS per stream | JS heap per stream | opening them all | change → first stream: median | → median stream | → last stream: median | p99 |',
);
out('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const { name, f } of fan) {
  out(
    `| ${name} | ${(f.rssPerStream / 1024).toFixed(1)} KB | ${(f.heapPerStream / 1024).toFixed(1)} KB | ${f.opened.toFixed(0)} ms | ${f1(median(f.first))} ms | ${f1(median(f.mid))} ms | **${f1(median(f.last))} ms** | ${f1(quantile(f.last, 0.99))} ms |`,
  );
}
out();
out(
  `Node ${process.version} · load average ${load0.toFixed(1)} at start, ${(loadavg()[0] ?? 0).toFixed(1)} at end · PostgreSQL with fsync on, SQLite synchronous=FULL`,
);
const report = lines.join('\n');
console.log(report);
writeFileSync(new URL('./results-events.md', import.meta.url), `# bench:events\n\n${report}\n`);
await cluster.stop();
rmSync(dir, { recursive: true, force: true });
