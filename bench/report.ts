/**
 * `node --import tsx bench/report.ts`: GET /v2/board/:id/report on one board
 * of 20,000 cards and 100,000 messages (bench/lib/report-data.ts;
 * BENCH_CARDS, BENCH_MESSAGES), on SQLite and on PostgreSQL side by side,
 * over loopback, one request at a time (BENCH_RUNS per case): the last 30
 * days by assignee and by tag, in business time (Mon–Fri 09:00–17:00,
 * Europe/Berlin) and in clock time (the hours cleared), and the last 7 days.
 * The budget is 1 s per report. The service's clock is the data's `NOW`.
 * Beside the time, the CPU each report took — this process (the service)
 * and, on PostgreSQL, its backends — which a machine loaded by others
 * stretches less than the wall clock. BENCH_ENGINES=sqlite runs one engine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import { cpuSince, postgresCpu, startDurablePostgres } from './lib/engines-setup.js';
import { NOW, reportShapeFromEnv, seedReportBoard } from './lib/report-data.js';
import { markdownTable, row, type Row } from './lib/stats.js';

const KEY = 'bench-report-key-00000000001';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const shape = reportShapeFromEnv();

async function get(url: string, path: string): Promise<number> {
  const t = process.hrtime.bigint();
  const r = await request(url + path, { headers: { authorization: KEY } });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${text}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function bench(name: string, where: string, pgPort: number | null): Promise<Row[]> {
  const svc = await startService({ dbPath: where, apiKey: KEY, demo: false, now: () => NOW });
  const db = await openDatabase(where);
  const owner = (await db.get<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))?.id ?? 1;
  const t0 = Date.now();
  const board = await seedReportBoard(db, owner, shape);
  const counted = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM messages');
  console.error(
    `${name}: seeded ${shape.cards} cards, ${counted?.n} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  const rows: Row[] = [];
  const cases: [string, string][] = [
    ['30 days by assignee, business time', 'since=30d&by=assignee'],
    ['30 days by tag, business time', 'since=30d&by=tag'],
    ['7 days by assignee, business time', 'since=7d'],
  ];
  const run = async (label: string, q: string) => {
    await get(svc.url, `/v2/board/${board}/report?${q}`); // warm
    const xs: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const pg0 = pgPort === null ? null : postgresCpu(pgPort);
      const c0 = process.cpuUsage();
      xs.push(await get(svc.url, `/v2/board/${board}/report?${q}`));
      const c = process.cpuUsage(c0);
      const db = pg0 === null || pgPort === null ? 0 : cpuSince(pg0, postgresCpu(pgPort));
      cpu.push((c.user + c.system + db) / 1000);
    }
    rows.push(row(`${name}: ${label}`, xs, 1000, 1000));
    rows.push(row(`${name}: ${label} — CPU`, cpu, 1000));
  };
  for (const [label, q] of cases) await run(label, q);
  await db.run('UPDATE board_targets SET hours = NULL WHERE board_id = ?', [board]);
  await run('30 days by assignee, clock time', 'since=30d&by=assignee');
  await db.close();
  await svc.close();
  return rows;
}

const load0 = loadavg()[0] ?? 0;
const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-report-'));
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const cluster = engines.includes('postgres') ? await startDurablePostgres() : null;
try {
  const rows = [
    ...(engines.includes('sqlite') ? await bench('SQLite', join(dir, 'report.db'), null) : []),
    ...(cluster === null ? [] : await bench('PostgreSQL', cluster.url, cluster.port)),
  ];
  console.log(markdownTable(rows));
  console.log(
    `\nNode ${process.version}; load average ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs; ${RUNS} runs per case after one to warm up.`,
  );
} finally {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
