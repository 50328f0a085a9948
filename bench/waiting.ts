/**
 * `node --import tsx bench/waiting.ts`: what waiting time, snooze and
 * response targets cost, on SQLite and PostgreSQL side by side in one run,
 * over the same generated data (bench/lib/search-data.ts; BENCH_CARDS,
 * BENCH_MESSAGES, BENCH_BOARDS), a quarter of the threads answered by the team.
 *
 * - a column's page of cards (100), the board without response targets and
 *   with them (business hours in a zone: every card's due time worked out),
 *   in alternating rounds: p50 each and the ratio;
 * - search by the waiting terms (`is:waiting`, `waiting:>2h`, `is:late`);
 * - mail-in with the waiting triggers on and off, in alternating rounds;
 * - one look of the snooze waker with nothing due (what every instance
 *   pays each second), and with 200 cards due.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startService, type RunningService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import type { Database } from '../src/server/sql/sql.js';
import { SQLITE_WAITING_MIGRATION } from '../src/server/waiting/schema.js';
import { startDurablePostgres } from './lib/engines-setup.js';
import { seed, type Shape } from './lib/search-data.js';
import { median, quantile } from './lib/stats.js';

const shape: Shape = {
  boards: Number(process.env.BENCH_BOARDS ?? 5),
  cards: Number(process.env.BENCH_CARDS ?? 5_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 20_000),
  comments: 0,
};
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 30);
const KEY = 'bench-waiting-key-00000000001';

const ms = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(2)} ms`);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function call(url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const r = await request(url + path, {
    method,
    headers: { authorization: KEY, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`${method} ${path}: ${r.statusCode} ${text}`);
}

interface Setup {
  name: string;
  svc: RunningService;
  db: Database;
  stop: () => Promise<void>;
  triggers: (on: boolean) => Promise<void>;
}

async function setUp(name: string, where: string, stopDb?: () => Promise<void>): Promise<Setup> {
  const svc = await startService({ dbPath: where, apiKey: KEY, demo: false, snoozeTickMs: 0 });
  const db = await openDatabase(where);
  const owner = (await db.get<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))?.id ?? 1;
  const t0 = Date.now();
  await seed(db, owner, shape);
  // A quarter of the threads answered by the team: they wait for no one.
  await db.run(
    `INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at)
     SELECT id, '<out' || id || '@bench>', 'out', 'support@acme.example', '2026-11-02T00:00:00.000Z', 'Re', 'Done.',
            '2026-11-02T00:00:00.000Z'
     FROM cards WHERE id % 4 = 0`,
  );
  console.error(`${name}: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const sqlite = db.engine === 'sqlite';
  return {
    name,
    svc,
    db,
    async stop() {
      await svc.close();
      await db.close();
      await stopDb?.();
    },
    async triggers(on) {
      if (sqlite) {
        const raw = (db as unknown as { raw: { exec(s: string): void } }).raw;
        for (const op of ['insert', 'delete', 'update']) raw.exec(`DROP TRIGGER IF EXISTS messages_waiting_${op}`);
        if (on) for (const stmt of SQLITE_WAITING_MIGRATION.match(/CREATE TRIGGER[\s\S]*?END;/gu) ?? []) raw.exec(stmt);
      } else await db.run(`ALTER TABLE messages ${on ? 'ENABLE' : 'DISABLE'} TRIGGER messages_waiting`);
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-waiting-'));
const cluster = await startDurablePostgres();
const setups = [
  await setUp('SQLite', join(dir, 'waiting.db')),
  await setUp('PostgreSQL', cluster.url, () => cluster.stop()),
];

const times = new Map<string, number[]>();
const add = (k: string, v: number) => times.set(k, [...(times.get(k) ?? []), v]);
const TARGETS = {
  FirstResponseSeconds: 4 * 3600,
  NextResponseSeconds: 8 * 3600,
  Hours: 'Mon-Fri 09:00-17:00',
  Zone: 'Europe/Berlin',
};
const SEARCHES = ['is:waiting', 'waiting:>2h', 'is:late'];

for (const s of setups) {
  const board = await s.db.get<{ id: number }>('SELECT id FROM boards ORDER BY id LIMIT 1');
  const col = await s.db.get<{ id: number }>('SELECT id FROM columns WHERE board_id = ? ORDER BY id LIMIT 1', [
    board?.id ?? 0,
  ]);
  const page = `/v2/board/${board?.id}/column/${col?.id}/cards?page=1&limit=100`;
  const url = s.svc.url;
  await call(url, 'GET', page);
  for (let round = 0; round < ROUNDS; round++) {
    const on = round % 2 === 0;
    if (on) await call(url, 'PUT', `/v2/board/${board?.id}/targets`, TARGETS);
    else await call(url, 'DELETE', `/v2/board/${board?.id}/targets`);
    for (let i = 0; i < PER_ROUND; i++) add(`${s.name}|page|${on}`, await timed(() => call(url, 'GET', page)));
  }
  await call(url, 'PUT', `/v2/board/${board?.id}/targets`, TARGETS);
  for (let round = 0; round < ROUNDS; round++)
    for (const q of SEARCHES)
      add(
        `${s.name}|search|${q}`,
        await timed(() => call(url, 'GET', `/v2/search?q=${encodeURIComponent(q)}&limit=20`)),
      );
  // Mail-in with the triggers on and off.
  let n = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const on = round % 2 === 0;
    await s.triggers(on);
    for (let i = 0; i < PER_ROUND; i++) {
      n++;
      const raw = Buffer.from(
        `From: Bench <b${n}@customer.example>\r\nTo: support@acme.example\r\nSubject: Waiting ${n}\r\n` +
          `Message-ID: <wait${s.name}${n}@bench>\r\nDate: Mon, 02 Nov 2026 09:00:00 +0000\r\n\r\nHello ${n}\r\n`,
      ).toString('base64');
      add(
        `${s.name}|mail|${on}`,
        await timed(() => call(url, 'POST', '/v2/mail/inbound', { BoardId: board?.id, Message: raw })),
      );
    }
  }
  await s.triggers(true);
  // The waker: a look with nothing due, then with 200 due.
  for (let i = 0; i < ROUNDS * PER_ROUND; i++) add(`${s.name}|tick|0`, await timed(() => s.svc.snoozes.tick()));
  const later = Date.now() + 3_600_000;
  await s.db.run(
    `UPDATE cards SET snoozed = 1, snooze_until_ms = ? WHERE id IN (SELECT id FROM cards WHERE archived = 0 ORDER BY id LIMIT 200)`,
    [Date.now() - 1000],
  );
  let woken = 0;
  add(`${s.name}|tick|200`, await timed(async () => (woken = await s.svc.snoozes.tick())));
  if (woken !== 200) throw new Error(`${s.name}: woke ${woken} of 200`);
  void later;
}

const out: string[] = [];
out.push(
  `Data: ${shape.boards} boards, ${shape.cards} cards, ${shape.messages} customer messages, a quarter of the cards answered.`,
);
out.push(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)} at the end; Node ${process.version}.`,
);
out.push(
  '',
  '| Engine | a column page of 100 cards | no targets p50 | with targets (business hours) p50 | ratio |',
  '|---|---|---|---|---|',
);
for (const s of setups) {
  const off = median(times.get(`${s.name}|page|false`) ?? []);
  const on = median(times.get(`${s.name}|page|true`) ?? []);
  out.push(`| ${s.name} | GET …/cards?limit=100 | ${ms(off)} | ${ms(on)} | ${(on / off).toFixed(2)}× |`);
}
out.push('', '| Engine | search | p50 | p99 |', '|---|---|---|---|');
for (const s of setups)
  for (const q of SEARCHES) {
    const t = times.get(`${s.name}|search|${q}`) ?? [];
    out.push(`| ${s.name} | \`${q}\` | ${ms(median(t))} | ${ms(quantile(t, 0.99))} |`);
  }
out.push('', '| Engine | mail-in with the waiting triggers p50 | without p50 | ratio |', '|---|---|---|---|');
for (const s of setups) {
  const on = median(times.get(`${s.name}|mail|true`) ?? []);
  const off = median(times.get(`${s.name}|mail|false`) ?? []);
  out.push(`| ${s.name} | ${ms(on)} | ${ms(off)} | ${(on / off).toFixed(2)}× |`);
}
out.push('', '| Engine | waker look, nothing due p50 | waker look, 200 cards due |', '|---|---|---|');
for (const s of setups)
  out.push(
    `| ${s.name} | ${ms(median(times.get(`${s.name}|tick|0`) ?? []))} | ${ms(median(times.get(`${s.name}|tick|200`) ?? []))} |`,
  );
console.log(out.join('\n'));
for (const s of setups) await s.stop();
rmSync(dir, { recursive: true, force: true });
