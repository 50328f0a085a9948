/**
 * `node --import tsx bench/search-versions.ts`: search as this tree answers it
 * and as another commit did (BENCH_BEFORE, default HEAD~1), side by side in
 * one run, on the same generated data (bench/lib/search-data.ts; BENCH_CARDS,
 * BENCH_MESSAGES, BENCH_COMMENTS, BENCH_BOARDS): SQLite unless
 * BENCH_SQLITE=0, and PostgreSQL unless BENCH_PG=0. The other commit is checked out in a temporary git
 * worktree; each tree's service runs in a process of its own on the same
 * database (bench/lib/engine-target.ts), and every query kind asks the two
 * in turn, BENCH_SEARCHES times, over loopback.
 *
 * The data is written once by this tree: the other commit must read the same
 * schema (a commit before a search migration can't be compared this way).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { startService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import { startDurablePostgres, startInstance, KEY, type Instance } from './lib/engines-setup.js';
import { FULL_SIZE, QUERIES, seed, shapeFromEnv, type Shape } from './lib/search-data.js';
import { median, quantile } from './lib/stats.js';

const shape: Shape = shapeFromEnv(FULL_SIZE);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 40);
const BEFORE = process.env.BENCH_BEFORE ?? 'HEAD~1';
const root = resolve(new URL('..', import.meta.url).pathname);

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const before = git('rev-parse', '--short', BEFORE);
const after =
  git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') === '' ? '' : '+');

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-versions-'));
const tree = join(dir, 'before');
git('worktree', 'add', '--detach', tree, before);
symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));

/** Writes the data through this tree's service (its migrations), then closes it. */
async function seeded(where: string): Promise<void> {
  const svc = await startService({ dbPath: where, apiKey: KEY, demo: false });
  const db = await openDatabase(where);
  const owner = (await db.get<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))?.id ?? 1;
  const t0 = Date.now();
  await seed(db, owner, shape);
  console.error(
    `${where.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  await db.close();
  await svc.close();
}

async function search(url: string, q: string): Promise<number> {
  const t = process.hrtime.bigint();
  const r = await request(`${url}/v2/search?q=${encodeURIComponent(q)}&limit=50`, { headers: { authorization: KEY } });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`${q}: ${r.statusCode} ${text}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const ms = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);
const load0 = loadavg()[0] ?? 0;
const rows: string[] = [];
const engines: [string, string][] = process.env.BENCH_SQLITE === '0' ? [] : [['SQLite', join(dir, 'search.db')]];
const cluster = process.env.BENCH_PG === '0' ? null : await startDurablePostgres();
if (cluster !== null) engines.push(['PostgreSQL', cluster.url]);
try {
  for (const [name, where] of engines) {
    await seeded(where);
    const old: Instance = await startInstance(where, tree);
    const now: Instance = await startInstance(where);
    const times = new Map<string, number[]>();
    const add = (k: string, v: number) => times.set(k, [...(times.get(k) ?? []), v]);
    for (const [, q] of QUERIES) for (const i of [old, now]) await search(i.url, q);
    for (let round = 0; round < SEARCHES; round++) {
      for (const [label, q] of QUERIES) {
        // Who goes first alternates, so neither always meets a warmer cache.
        const pair = round % 2 === 0 ? ([old, now] as const) : ([now, old] as const);
        for (const i of pair) {
          const t = await search(i.url, q);
          add(`${i === old ? 'before' : 'after'}|${label}`, t);
          add(`${i === old ? 'before' : 'after'}|all`, t);
        }
      }
    }
    for (const label of [...QUERIES.map((q) => q[0]), 'all']) {
      const b = times.get(`before|${label}`) ?? [];
      const a = times.get(`after|${label}`) ?? [];
      rows.push(
        `| ${name} | ${label} | ${ms(median(b))} | ${ms(median(a))} | ${(median(a) / median(b)).toFixed(2)}× | ${ms(quantile(b, 0.99))} | ${ms(quantile(a, 0.99))} |`,
      );
    }
    await old.stop();
    await now.stop();
  }
} finally {
  await cluster?.stop();
  git('worktree', 'remove', '--force', tree);
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\n${shape.boards} boards, ${shape.cards} cards, ${shape.messages} messages, ${shape.comments} comments; ${SEARCHES} rounds; ` +
    `before ${before}, after ${after}; ${cpus().length} cores, load ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}\n`,
);
console.log('| Engine | Query | p50 before | p50 after | after / before | p99 before | p99 after |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
