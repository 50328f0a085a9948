/**
 * Soak: `inboard serve` (a child process, loopback, rate limit on) under
 * mixed traffic from concurrent clients for N minutes, then every
 * acknowledged write is checked. Reports requests, statuses, p50/p99 and
 * the server's RSS per minute.
 *
 *   node --import tsx bench/soak.ts [--minutes 10] [--clients 20] [--rate-limit 1200] [--think-ms 60]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createUserKey } from '../src/server/auth.js';
import { openSqlite } from '../src/server/sql/sqlite.js';
import { DEFAULT_OWNER_EMAIL, startService } from '../src/server/index.js';
import { exited, snapshotCli, spawnServe } from '../test/server/process.js';
import { runSoak, soakBoard, verifySoak, type Sample } from '../test/server/soak-traffic.js';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '20' },
    'rate-limit': { type: 'string', default: '1200' },
    'think-ms': { type: 'string', default: '60' },
  },
});
const minutes = Number(values.minutes);
const clients = Number(values.clients);
const rateLimit = Number(values['rate-limit']);
const thinkMs = Number(values['think-ms']);
if (!(minutes > 0 && minutes <= 120 && clients > 0 && clients <= 200))
  throw new Error('--minutes 0–120, --clients 1–200');

/** Nearest-rank quantile. */
const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length, Math.max(1, Math.ceil(q * s.length))) - 1] as number;
};

const dir = mkdtempSync(join(tmpdir(), 'inboard-soak-'));
// Others rebuild the shared dist/ while this runs: serve a private copy.
const cli = snapshotCli(dir);

const dbPath = join(dir, 'soak.db');
const ownerKey = 'soak-owner-key-000000000001';
const child = await spawnServe(['--db', dbPath, '--rate-limit', String(rateLimit)], { INBOARD_API_KEY: ownerKey }, cli);
const pid = child.proc.pid as number;
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

try {
  // One key per client, all the owner's: the limit applies per key.
  const db = openSqlite(dbPath);
  const keys: string[] = [];
  for (let i = 0; i < clients; i++) keys.push(await createUserKey(db, { email: DEFAULT_OWNER_EMAIL }));
  await db.close();
  const board = await soakBoard(child.url, ownerKey);
  const setup = { url: child.url, keys, ...board };

  const rss: number[] = [rssMb()];
  const timer = setInterval(() => rss.push(rssMb()), 60_000);
  console.log(
    `soak: ${minutes} min × ${clients} clients, rate limit ${rateLimit}/min per key, think ≤ ${thinkMs} ms, Node ${process.version}`,
  );
  const res = await runSoak(setup, { clients, durationMs: minutes * 60_000, thinkMs });
  clearInterval(timer);
  rss.push(rssMb());

  // Checked through a second service on the same file with no rate limit:
  // the check's thousands of reads must not meet the limiter.
  const checker = await startService({ dbPath, apiKey: ownerKey, rateLimit: 0 });
  const problems = await verifySoak(checker.url, ownerKey, setup, res.cards);
  await checker.close();
  const perMinute: Sample[][] = [];
  for (const s of res.samples) (perMinute[Math.floor(s.at / 60_000)] ??= []).push(s);

  console.log(`\n| minute | requests | 200 | 429 | other | p50 ms | p99 ms | RSS MB (end) |`);
  console.log('|---|---|---|---|---|---|---|---|');
  perMinute.forEach((xs, i) => {
    const ok = xs.filter((s) => s.status === 200);
    const lat = ok.map((s) => s.ms);
    const other = xs.length - ok.length - xs.filter((s) => s.status === 429).length;
    console.log(
      `| ${i + 1} | ${xs.length} | ${ok.length} | ${xs.length - ok.length - other} | ${other} | ${quantile(lat, 0.5).toFixed(1)} | ${quantile(lat, 0.99).toFixed(1)} | ${(rss[i + 1] ?? rss[rss.length - 1] ?? 0).toFixed(1)} |`,
    );
  });
  const all = res.samples.filter((s) => s.status === 200).map((s) => s.ms);
  const statuses = [...res.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([k, v]) => `${k}×${v}`)
    .join(', ');
  console.log(
    `\nrequests ${res.requests} in ${(res.elapsedMs / 1000).toFixed(0)} s (${(res.requests / (res.elapsedMs / 1000)).toFixed(0)}/s); statuses ${statuses}`,
  );
  console.log(
    `acknowledged writes ${res.acknowledgedWrites} (cards ${res.cards.length}); lost/wrong after the soak: ${problems.length}`,
  );
  console.log(
    `unexpected errors: ${res.unexpected.length}${res.unexpected.length ? `, e.g. ${res.unexpected.slice(0, 3).join(' | ')}` : ''}`,
  );
  console.log(
    `latency of 200s overall: p50 ${quantile(all, 0.5).toFixed(1)} ms, p99 ${quantile(all, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `server RSS: start ${(rss[0] ?? 0).toFixed(1)} MB → end ${(rss[rss.length - 1] ?? 0).toFixed(1)} MB (max ${Math.max(...rss).toFixed(1)})`,
  );
  if (problems.length) console.log(problems.slice(0, 20).join('\n'));
  process.exitCode = problems.length === 0 && res.unexpected.length === 0 ? 0 : 1;
} finally {
  child.proc.kill('SIGTERM');
  await exited(child.proc);
  rmSync(dir, { recursive: true, force: true });
}
