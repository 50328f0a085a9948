/**
 * `node --import tsx bench/customers.ts`: the customer's other conversations
 * (`GET /v2/card/:id/customer`) at 100,000 messages (bench/lib/search-data.ts,
 * FULL_SIZE; BENCH_CARDS, BENCH_MESSAGES, BENCH_BOARDS), through the index on
 * the sender's bare address and, in alternating rounds, with that index
 * dropped (what a scan costs). SQLite; `BENCH_POSTGRES=1` adds PostgreSQL.
 * p50 and p95 of each; the figures go to docs/performance.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import { startDurablePostgres } from './lib/engines-setup.js';
import { FULL_SIZE, seed, shapeFromEnv } from './lib/search-data.js';
import { median, quantile } from './lib/stats.js';

const shape = shapeFromEnv({ ...FULL_SIZE, comments: 0 });
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 50);
const KEY = 'bench-customers-key-000000001';

async function get(url: string, path: string): Promise<number> {
  const t = process.hrtime.bigint();
  const r = await request(url + path, { headers: { authorization: KEY } });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`GET ${path}: ${r.statusCode} ${text}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function run(name: string, where: string): Promise<void> {
  const svc = await startService({ dbPath: where, apiKey: KEY, demo: false });
  const db = await openDatabase(where);
  const owner = (await db.get<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))?.id ?? 1;
  const t0 = Date.now();
  await seed(db, owner, shape);
  console.error(`${name}: seeded ${shape.messages} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const cards = (await db.all<{ id: number }>('SELECT id FROM cards ORDER BY id LIMIT 500')).map((c) => Number(c.id));
  const withIndex: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const indexed = round % 2 === 0;
    if (indexed)
      await db.run(
        "CREATE INDEX IF NOT EXISTS messages_from_key ON messages(from_key, card_id) WHERE direction = 'in'",
      );
    else await db.run('DROP INDEX messages_from_key');
    if (db.engine === 'sqlite') await db.run('ANALYZE');
    for (let i = 0; i < PER_ROUND; i++) {
      const id = cards[(round * PER_ROUND + i) % cards.length];
      (indexed ? withIndex : without).push(await get(svc.url, `/v2/card/${id}/customer`));
    }
  }
  await db.run("CREATE INDEX IF NOT EXISTS messages_from_key ON messages(from_key, card_id) WHERE direction = 'in'");
  const f = (xs: number[]) => `p50 ${median(xs).toFixed(2)} ms, p95 ${quantile(xs, 0.95).toFixed(2)} ms`;
  console.log(
    `${name}, ${shape.messages} messages on ${shape.cards} cards, ~${Math.round(shape.messages / 2000)} per sender:`,
  );
  console.log(`  with the index:    ${f(withIndex)}`);
  console.log(`  without (a scan):  ${f(without)}`);
  await db.close();
  await svc.close();
}

console.log(`${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`);
const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-customers-'));
try {
  await run('SQLite', join(dir, 'bench.db'));
  if (process.env.BENCH_POSTGRES === '1') {
    const pg = await startDurablePostgres();
    try {
      await run('PostgreSQL', pg.url);
    } finally {
      await pg.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
