/**
 * Server benchmark: a 10,000-card column, then autocannon against a bare
 * Fastify route, list-cards (page 1) and move-card, in one run. The servers
 * run in a child process (bench/server-target.ts) so autocannon gets its own
 * core, as a real client would.
 * Targets: list-cards >= 50% of the bare route's req/s; move-card p99 < 10 ms.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const CARDS = 10_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

const child = spawn(process.execPath, ['--import', 'tsx', new URL('./server-target.ts', import.meta.url).pathname], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, NODE_ENV: 'production' },
});
const first = await new Promise<string>((resolve, reject) => {
  createInterface({ input: child.stdout }).once('line', resolve);
  child.once('exit', (code) => reject(new Error(`bench target exited (${code})`)));
});
const { svcUrl, bareUrl, boardId, columnId, ids, key } = JSON.parse(first) as {
  svcUrl: string;
  bareUrl: string;
  boardId: number;
  columnId: number;
  ids: number[];
  key: string;
};
const svc = { url: svcUrl };
const headers = { authorization: key, 'content-type': 'application/json' };

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Server CPU (user + system) per request, in µs. */
  cpuPerReq: number;
}

const cpuMicros = async (): Promise<number> => {
  const u = (await (await fetch(`${bareUrl}/cpu`)).json()) as { user: number; system: number };
  return u.user + u.system;
};

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const before = await cpuMicros();
  const r = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const cpu = (await cpuMicros()) - before;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors,
    cpuPerReq: cpu / Math.max(1, r.requests.total),
  };
}

let n = 0;
const rows: Row[] = [];
// Warm-up so JIT and page cache are not measured.
await autocannon({
  url: `${svc.url}/v2/board/${boardId}/column/${columnId}/cards?page=1`,
  headers,
  duration: 2,
  connections: CONNECTIONS,
});
rows.push(await run('bare GET /bare', { url: `${bareUrl}/bare` }));
rows.push(
  await run('list-cards page 1 (50 of 10k)', {
    url: `${svc.url}/v2/board/${boardId}/column/${columnId}/cards?page=1`,
    headers,
  }),
);
// As a client over a network asks (the TUI does for any non-loopback server).
rows.push(
  await run('list-cards page 1, gzip', {
    url: `${svc.url}/v2/board/${boardId}/column/${columnId}/cards?page=1`,
    headers: { ...headers, 'accept-encoding': 'gzip' },
  }),
);
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
// What the board does: Shift+arrows move a card to the top of the next
// column or one step up/down, so positions near where the user is looking.
const nearTop = {
  setupRequest: (req: autocannon.Request) => {
    n++;
    const id = ids[(n * 7919) % ids.length];
    return { ...req, body: JSON.stringify({ Id: String(id), NewColumnId: columnId, NewPosition: n % 6 }) };
  },
};
rows.push(await run('move-card (to positions 0–5)', { ...moveOpts, requests: [nearTop] }));
// One client at a time: the operation's own latency, without queueing behind fsyncs.
rows.push(await run('move-card, 1 connection', { ...moveOpts, connections: 1 }));

const fmt = (x: number, d = 0) => x.toFixed(d).padStart(9);
console.log(
  `\n${CARDS} cards in one column · ${CONNECTIONS} connections · ${DURATION}s per run · Node ${process.version}\n`,
);
console.log(
  `${'route'.padEnd(32)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}${'cpu µs/req'.padStart(12)}`,
);
for (const r of rows)
  console.log(
    `${r.name.padEnd(32)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${fmt(r.non2xx)}${fmt(r.cpuPerReq, 0).padStart(12)}`,
  );
const [b, l, lz, m, mTop, m1] = rows as [Row, Row, Row, Row, Row, Row];
const ratio = l.rps / b.rps;
console.log(`\nlist-cards / bare = ${(ratio * 100).toFixed(0)}% (target >= 50%)  ${ratio >= 0.5 ? 'OK' : 'MISSED'}`);
// When the load generator, not the server, is the bottleneck (it must parse
// ~17 KB per list answer), server CPU per request says what the server costs.
console.log(
  `server CPU per request: bare ${b.cpuPerReq.toFixed(0)} µs, list-cards ${l.cpuPerReq.toFixed(0)} µs → list-cards could serve ${((b.cpuPerReq / l.cpuPerReq) * 100).toFixed(0)}% of the bare route's rate on the same CPU`,
);
console.log(
  `gzip (asked over a network): list-cards ${lz.cpuPerReq.toFixed(0)} µs → ${((b.cpuPerReq / lz.cpuPerReq) * 100).toFixed(0)}% of the bare route's rate on the same CPU; ${((lz.rps / b.rps) * 100).toFixed(0)}% by req/s`,
);
console.log(
  `move-card p99 = ${m.p99.toFixed(1)} ms with ${CONNECTIONS} connections (${mTop.p99.toFixed(1)} ms to positions 0–5), ${m1.p99.toFixed(1)} ms with 1 (target < 10 ms)  ${m.p99 < 10 ? 'OK' : 'MISSED'}`,
);

child.kill('SIGTERM');
