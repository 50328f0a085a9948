/**
 * `node --import tsx bench/notifications.ts`: a member with 10,000 unread
 * notifications (BENCH_UNREAD) on SQLite and on PostgreSQL — the first page
 * with the count (what the board's header and `I` ask), a page deep in the
 * list (keyset paging). Times
 * are medians over BENCH_ROUNDS requests, engines interleaved; the load
 * average is printed, as the machine is shared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createUserKey } from '../src/server/auth.js';
import { startService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import { startDurablePostgres } from './lib/engines-setup.js';
import { median, quantile } from './lib/stats.js';

const UNREAD = Number(process.env.BENCH_UNREAD ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const KEY = 'bench-notify-key-00000000001';

interface Setup {
  name: string;
  url: string;
  sam: string;
  deep: string;
  close(): Promise<void>;
}

async function setUp(name: string, dbPath: string): Promise<Setup> {
  const svc = await startService({ dbPath, apiKey: KEY, demo: true, notify: { tickMs: 0 } });
  const db = await openDatabase(dbPath);
  const sam = await createUserKey(db, { email: 'sam@bench.test', plan: 'pro' });
  const user = await db.get<{ id: number }>("SELECT id FROM users WHERE email = 'sam@bench.test'");
  const card = await db.get<{ id: number; board_id: number }>('SELECT id, board_id FROM cards ORDER BY id LIMIT 1');
  await db.tx(async (sql) => {
    for (let i = 0; i < UNREAD; i += 500) {
      const n = Math.min(500, UNREAD - i);
      const rows = Array.from({ length: n }, (_, j) => i + j);
      await sql.run(
        `INSERT INTO notifications (user_id, kind, source, board_id, card_id, by_email, words, created_ms) VALUES ${rows
          .map(() => "(?, 'mentioned', ?, ?, ?, 'owner@inboard.local', 'a comment of some length', ?)")
          .join(', ')}`,
        rows.flatMap((k) => [Number(user?.id), `bench:${k}`, Number(card?.board_id), Number(card?.id), 1_000 + k]),
      );
    }
  });
  const mid = await db.get<{ id: number }>(
    `SELECT id FROM notifications WHERE user_id = ? ORDER BY id LIMIT 1 OFFSET ${Math.floor(UNREAD / 2)}`,
    [Number(user?.id)],
  );
  await db.close();
  return { name, url: svc.url, sam, deep: String(mid?.id ?? 1), close: () => svc.close() };
}

async function timed(url: string, key: string): Promise<number> {
  const t = performance.now();
  const r = await request(url, { headers: { authorization: key } });
  await r.body.text();
  if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
  return performance.now() - t;
}

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-notify-'));
const cluster = await startDurablePostgres();
const setups = [await setUp('SQLite', join(dir, 'n.db')), await setUp('PostgreSQL', cluster.url)];
const cases = [
  ['first page, unread, with the count', (s: Setup) => `${s.url}/v2/notifications?unread=true&limit=50`],
  ['a page halfway down (before=)', (s: Setup) => `${s.url}/v2/notifications?unread=true&limit=50&before=${s.deep}`],
] as const;
const times = new Map<string, number[]>();
for (const s of setups) for (const [, url] of cases) await timed(url(s), s.sam);
for (let round = 0; round < ROUNDS; round++) {
  for (const s of setups) {
    for (const [what, url] of cases) {
      const k = `${s.name}: ${what}`;
      times.set(k, [...(times.get(k) ?? []), await timed(url(s), s.sam)]);
    }
  }
}
console.log(
  `${UNREAD} unread, ${ROUNDS} rounds, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
for (const [k, v] of times) {
  console.log(`${k}: median ${median(v).toFixed(1)} ms, p90 ${quantile(v, 0.9).toFixed(1)} ms`);
}
for (const s of setups) await s.close();
await cluster.stop();
rmSync(dir, { recursive: true, force: true });
