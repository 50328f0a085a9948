/**
 * `npm run bench:engines`: the service on SQLite and on PostgreSQL, side by
 * side in one run. Three set-ups — SQLite (one process), PostgreSQL with one
 * instance, PostgreSQL with two instances taking requests round-robin — each
 * against a 10,000-card column; the set-ups take turns round by round.
 * Per set-up: GET /v2/me (a bare authenticated route), list-cards page 1
 * (50 cards) and move-card (a random card to a random position), with a
 * load generator in this process (bench/lib/load.ts) and the instances in
 * processes of their own. Then, per engine, one client making moves one at
 * a time: server CPU per move, the database's CPU per move, and the rows
 * each move writes, by table.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cpuSince,
  postgresCpu,
  seedColumn,
  startDurablePostgres,
  startInstance,
  HEADERS,
  type Instance,
} from './lib/engines-setup.js';
import { load, type LoadRequest, type LoadResult } from './lib/load.js';
import { countWrites, type Writes } from './lib/row-writes.js';
import { median } from './lib/stats.js';

const CARDS = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const MOVES = Number(process.env.BENCH_MOVES ?? 500);

interface Setup {
  name: string;
  db: string;
  instances: Instance[];
  /** The cluster's port, for its CPU time (PostgreSQL only). */
  pgPort?: number;
}

interface Sample extends LoadResult {
  /** µs of the instances' CPU per request, and of PostgreSQL's processes. */
  cpu: number;
  dbCpu: number;
}

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-engines-'));
const sqliteFile = join(dir, 'bench.db');
const cluster = await startDurablePostgres();
const load0 = loadavg()[0] ?? 0;

const sqliteA = await startInstance(sqliteFile);
const pgA = await startInstance(cluster.url);
const pgB = await startInstance(cluster.url);
const cols = {
  sqlite: await seedColumn(sqliteFile, sqliteA.url, CARDS),
  postgres: await seedColumn(cluster.url, pgA.url, CARDS),
};
const setups: Setup[] = [
  { name: 'SQLite, 1 process', db: sqliteFile, instances: [sqliteA] },
  { name: 'PostgreSQL, 1 instance', db: cluster.url, instances: [pgA], pgPort: cluster.port },
  { name: 'PostgreSQL, 2 instances', db: cluster.url, instances: [pgA, pgB], pgPort: cluster.port },
];
const colOf = (s: Setup) => (s.db === sqliteFile ? cols.sqlite : cols.postgres);

type Route = 'me' | 'list' | 'move' | 'moveTop';
const ROUTES: Route[] = ['me', 'list', 'move'];
const LABEL: Record<Route, string> = {
  me: 'GET /v2/me',
  list: 'list-cards, page 1 (50 of 10k)',
  move: 'move-card, random card → random position of 10k',
  moveTop: 'move-card, random card → positions 0–5',
};

function requestFor(s: Setup, route: Route): (n: number) => LoadRequest {
  const { boardId, columnId, ids } = colOf(s);
  if (route === 'me') return () => ({ path: '/v2/me' });
  if (route === 'list') return () => ({ path: `/v2/board/${boardId}/column/${columnId}/cards?page=1` });
  let k = Math.floor(Math.random() * 1e6);
  return () => {
    k++;
    const id = ids[(k * 7919) % ids.length] as number;
    // moveTop: what the board's keys do (to the top of a column, a step up or down near it).
    const to = route === 'moveTop' ? k % 6 : (k * 104729) % CARDS;
    return {
      path: '/v2/card/move-card',
      method: 'POST',
      body: JSON.stringify({ Id: String(id), NewColumnId: columnId, NewPosition: to }),
    };
  };
}

const cpuOf = async (s: Setup) => (await Promise.all(s.instances.map((i) => i.cpu()))).reduce((a, b) => a + b, 0);
const dbCpuOf = (s: Setup) => (s.pgPort === undefined ? new Map<string, number>() : postgresCpu(s.pgPort));

async function measure(s: Setup, route: Route, seconds = SECONDS): Promise<Sample> {
  const [cpu0, db0] = [await cpuOf(s), dbCpuOf(s)];
  const r = await load({
    origins: s.instances.map((i) => i.url),
    headers: HEADERS,
    connections: CONNECTIONS,
    seconds,
    request: requestFor(s, route),
  });
  const [cpu1, db1] = [await cpuOf(s), dbCpuOf(s)];
  return { ...r, cpu: (cpu1 - cpu0) / r.requests, dbCpu: cpuSince(db0, db1) / r.requests };
}

// Warm-up: JIT, prepared statements, page caches.
for (const s of setups) for (const route of ROUTES) await measure(s, route, 1);

const samples = new Map<string, Sample[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const s of setups) {
    for (const route of ROUTES) {
      const key = `${s.name}|${route}`;
      samples.set(key, [...(samples.get(key) ?? []), await measure(s, route)]);
      process.stderr.write('.');
    }
  }
}
process.stderr.write('\n');

const med = (key: string, f: (x: Sample) => number) => median((samples.get(key) ?? []).map(f));
const n0 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(0));
const lines: string[] = [];
const out = (l = '') => lines.push(l);

out(`## Throughput: ${CONNECTIONS} connections, ${SECONDS} s per run, median of ${ROUNDS} rounds`);
out();
out('| set-up | route | req/s | p50 ms | p99 ms | errors | server CPU µs/req | PostgreSQL CPU µs/req |');
out('|---|---|---:|---:|---:|---:|---:|---:|');
for (const s of setups) {
  for (const route of ROUTES) {
    const k = `${s.name}|${route}`;
    out(
      `| ${s.name} | ${LABEL[route]} | ${n0(med(k, (x) => x.rps))} | ${med(k, (x) => x.p50).toFixed(1)} | ${med(k, (x) => x.p99).toFixed(1)} | ${n0(med(k, (x) => x.errors))} | ${n0(med(k, (x) => x.cpu))} | ${s.pgPort === undefined ? '—' : n0(med(k, (x) => x.dbCpu))} |`,
    );
  }
}
out();
out('| set-up | list-cards / GET /v2/me, req/s | by server CPU per request (target ≥ 60 %) |');
out('|---|---:|---:|');
for (const s of setups) {
  const rps = med(`${s.name}|list`, (x) => x.rps) / med(`${s.name}|me`, (x) => x.rps);
  const cpu = med(`${s.name}|me`, (x) => x.cpu) / med(`${s.name}|list`, (x) => x.cpu);
  out(`| ${s.name} | ${(rps * 100).toFixed(0)} % | ${(cpu * 100).toFixed(0)} % |`);
}

// One client, one move at a time: what a move costs, and what it writes.
out();
out(`## One move at a time (1 connection, ${MOVES} moves per line)`);
out();
out(
  `| engine | move | p50 ms | p99 ms | server CPU µs/move | PostgreSQL CPU µs/move | rows written per move (${MOVES} more moves) |`,
);
out('|---|---|---:|---:|---:|---:|---|');
const oneAtATime = (s: Setup, route: Route) =>
  load({
    origins: [s.instances[0]?.url as string],
    headers: HEADERS,
    connections: 1,
    seconds: 1e6,
    request: requestFor(s, route),
    maxRequests: MOVES,
  });
for (const s of [setups[0], setups[1]] as Setup[]) {
  for (const route of ['move', 'moveTop'] as const) {
    const [cpu0, db0] = [await cpuOf(s), dbCpuOf(s)];
    const timed = await oneAtATime(s, route);
    const [cpu1, db1] = [await cpuOf(s), dbCpuOf(s)];
    let counted = 0;
    const writes: Writes = await countWrites(s.db, async () => {
      counted = (await oneAtATime(s, route)).requests;
    });
    const perTable = [...writes]
      .filter(([t]) => !t.startsWith('bench_writes'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([t, n]) => `${t} ${(n / counted).toFixed(2)}`)
      .join(', ');
    out(
      `| ${s.pgPort === undefined ? 'SQLite' : 'PostgreSQL'} | ${route === 'move' ? 'random position of 10k' : 'positions 0–5'} | ${timed.p50.toFixed(1)} | ${timed.p99.toFixed(1)} | ${n0((cpu1 - cpu0) / timed.requests)} | ${s.pgPort === undefined ? '—' : n0(cpuSince(db0, db1) / timed.requests)} | ${perTable} |`,
    );
  }
}
out();
out(
  `${CARDS} cards in one column · Node ${process.version} · load average ${load0.toFixed(1)} at start, ${(loadavg()[0] ?? 0).toFixed(1)} at end · PostgreSQL with fsync on, SQLite synchronous=FULL`,
);

const report = lines.join('\n');
console.log(report);
writeFileSync(new URL('./results-engines.md', import.meta.url), `# bench:engines\n\n${report}\n`);

await Promise.all([sqliteA.stop(), pgA.stop(), pgB.stop()]);
await cluster.stop();
rmSync(dir, { recursive: true, force: true });
