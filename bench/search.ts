/**
 * `node --import tsx bench/search.ts`: search on SQLite (FTS5) and on
 * PostgreSQL (tsvector + GIN), side by side in one run, over the same
 * generated data (bench/lib/search-data.ts; BENCH_CARDS, BENCH_MESSAGES,
 * BENCH_COMMENTS, BENCH_BOARDS).
 *
 * - GET /v2/search over loopback, one request at a time, the query kinds
 *   taking turns (BENCH_SEARCHES per kind): p50 and p99 per engine;
 * - the baseline: the same words as a LIKE scan of the messages (subject and
 *   text), straight SQL without HTTP — the cheapest form a scan can take
 *   (no ranking, no snippet, stopping at 20 cards);
 * - the index's size on disk beside the messages table's (SQLite: every
 *   table and index whose name begins with `search`, by dbstat; PostgreSQL:
 *   search_docs and search_texts with their indexes and TOAST);
 * - the cost the index adds to a write: card create and mail-in
 *   (POST /v2/mail/inbound) with the index's triggers on and then off, in
 *   alternating rounds, as a ratio of medians.
 * PostgreSQL runs durable (fsync on); SQLite at its default (synchronous=FULL).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import type { Database } from '../src/server/sql/sql.js';
import { startDurablePostgres } from './lib/engines-setup.js';
import { FULL_SIZE, QUERIES, seed, shapeFromEnv, type Shape } from './lib/search-data.js';
import { median, quantile } from './lib/stats.js';

const shape: Shape = shapeFromEnv(FULL_SIZE);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 40);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const KEY = 'bench-search-key-00000000001';

interface Setup {
  name: string;
  url: string;
  db: Database;
  stop: () => Promise<void>;
  size: () => Promise<{ index: number; messages: number; total: number }>;
  triggers: (on: boolean) => Promise<void>;
}

const ms = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function get(url: string, path: string): Promise<void> {
  const r = await request(url + path, { headers: { authorization: KEY } });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${text}`);
}

async function post(url: string, path: string, body: unknown): Promise<void> {
  const r = await request(url + path, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${text}`);
}

async function setUp(name: string, where: string, dir: string, stopDb?: () => Promise<void>): Promise<Setup> {
  const svc = await startService({ dbPath: where, apiKey: KEY, demo: false });
  const db = await openDatabase(where);
  const owner = (await db.get<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))?.id ?? 1;
  const t0 = Date.now();
  await seed(db, owner, shape);
  console.error(`${name}: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const sqlite = db.engine === 'sqlite';
  return {
    name,
    url: svc.url,
    db,
    async stop() {
      await svc.close();
      await db.close();
      await stopDb?.();
    },
    async size() {
      if (sqlite) {
        const of = async (like: string) =>
          (await db.get<{ n: number }>(`SELECT SUM(pgsize) AS n FROM dbstat WHERE name LIKE ?`, [like]))?.n ?? 0;
        return { index: await of('search%'), messages: await of('messages%'), total: statSync(where).size };
      }
      const rel = async (r: string) =>
        (await db.get<{ n: number }>(`SELECT pg_total_relation_size(?) AS n`, [r]))?.n ?? 0;
      const total = (await db.get<{ n: number }>('SELECT pg_database_size(current_database()) AS n'))?.n ?? 0;
      return {
        index: (await rel('search_docs')) + (await rel('search_texts')),
        messages: await rel('messages'),
        total,
      };
    },
    async triggers(on) {
      if (sqlite) {
        const raw = (db as unknown as { raw: { exec(s: string): void } }).raw;
        const { SQLITE_SEARCH_MIGRATION } = await import('../src/server/search/schema-sqlite.js');
        for (const t of ['cards', 'notes', 'subtasks', 'comments', 'messages'])
          for (const op of ['insert', 'update', 'delete']) raw.exec(`DROP TRIGGER IF EXISTS search_${t}_${op}`);
        // The triggers as the migration makes them (its CREATE TRIGGER statements only).
        if (on)
          for (const stmt of SQLITE_SEARCH_MIGRATION.split(/(?=CREATE TRIGGER)/u).slice(1))
            raw.exec(stmt.replace(/INSERT INTO search(?:_rows)? \([^;]*FROM \w+;\s*/gu, ''));
      } else
        for (const t of ['cards', 'messages'])
          await db.run(`ALTER TABLE ${t} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER search_${t}`);
    },
  };
}

function likeSql(setup: Setup, words: string[]): { text: string; params: string[] } {
  const cond = words.map(() => '(LOWER(m.subject) LIKE ? OR LOWER(m.body_text) LIKE ?)').join(' AND ');
  return {
    text: `SELECT DISTINCT m.card_id FROM messages m JOIN cards c ON c.id = m.card_id
           WHERE c.board_id IN (SELECT id FROM boards) AND ${cond} LIMIT 20`,
    params: words.flatMap((w) => [`%${w}%`, `%${w}%`]),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-search-'));
const cluster = await startDurablePostgres();
const setups = [
  await setUp('SQLite', join(dir, 'search.db'), dir),
  await setUp('PostgreSQL', cluster.url, dir, () => cluster.stop()),
];

const fts = new Map<string, number[]>();
const like = new Map<string, number[]>();
const add = (m: Map<string, number[]>, k: string, v: number) => m.set(k, [...(m.get(k) ?? []), v]);
// Warm each once, then rounds in which every engine runs every kind.
for (const s of setups) for (const [, q] of QUERIES) await get(s.url, `/v2/search?q=${encodeURIComponent(q)}`);
for (let round = 0; round < SEARCHES; round++) {
  for (const s of setups) {
    for (const [label, q, words] of QUERIES) {
      const t = await timed(() => get(s.url, `/v2/search?q=${encodeURIComponent(q)}`));
      add(fts, `${s.name}|${label}`, t);
      add(fts, `${s.name}|all`, t);
      const l = likeSql(s, words);
      const u = await timed(() => s.db.all(l.text, l.params));
      add(like, `${s.name}|${label}`, u);
      add(like, `${s.name}|all`, u);
    }
  }
}

// Write cost: rounds alternate triggers on and off; a card made, and a message delivered.
const writes = new Map<string, number[]>();
const mail = (i: number, tag: string) =>
  Buffer.from(
    `From: Bench <bench${i}@customer.example>\r\nTo: support@acme.example\r\nSubject: Bench ${tag} ${i}\r\n` +
      `Message-ID: <w${tag}${i}@bench>\r\nDate: Mon, 02 Nov 2026 09:00:00 +0000\r\n\r\n` +
      `Hello, a refund for order ${i} please; the kettle arrived broken.\r\n`,
  ).toString('base64');
for (const s of setups) {
  const col = await s.db.get<{ id: number; board_id: number }>('SELECT id, board_id FROM columns ORDER BY id LIMIT 1');
  let n = 0;
  for (let round = 0; round < 6; round++) {
    const on = round % 2 === 0;
    await s.triggers(on);
    for (let i = 0; i < WRITES; i++) {
      n++;
      add(
        writes,
        `${s.name}|card|${on}`,
        await timed(() =>
          post(s.url, '/v2/card', { BoardId: col?.board_id, ColumnId: col?.id, CardTitle: `Bench card ${n}` }),
        ),
      );
      add(
        writes,
        `${s.name}|mail|${on}`,
        await timed(() => post(s.url, '/v2/mail/inbound', { BoardId: col?.board_id, Message: mail(n, s.name) })),
      );
    }
  }
  await s.triggers(true);
}

const out: string[] = [];
out.push(`Data: ${shape.boards} boards, ${shape.cards} cards, ${shape.messages} messages, ${shape.comments} comments.`);
out.push(
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, load ${loadavg()[0]?.toFixed(2)} at the end; Node ${process.version}.`,
);
out.push(
  '',
  '| Engine | Query | search p50 | search p99 | LIKE scan p50 | LIKE scan p99 |',
  '|---|---|---|---|---|---|',
);
for (const s of setups)
  for (const label of [...QUERIES.map((q) => q[0]), 'all']) {
    const f = fts.get(`${s.name}|${label}`) ?? [];
    const l = like.get(`${s.name}|${label}`) ?? [];
    out.push(
      `| ${s.name} | ${label} | ${ms(median(f))} | ${ms(quantile(f, 0.99))} | ${ms(median(l))} | ${ms(quantile(l, 0.99))} |`,
    );
  }
out.push('', '| Engine | index on disk | messages table | whole database |', '|---|---|---|---|');
for (const s of setups) {
  const z = await s.size();
  out.push(`| ${s.name} | ${mb(z.index)} | ${mb(z.messages)} | ${mb(z.total)} |`);
}
out.push('', '| Engine | write | with index p50 | without p50 | ratio |', '|---|---|---|---|---|');
for (const s of setups)
  for (const w of ['card', 'mail']) {
    const a = median(writes.get(`${s.name}|${w}|true`) ?? []);
    const b = median(writes.get(`${s.name}|${w}|false`) ?? []);
    out.push(
      `| ${s.name} | ${w === 'card' ? 'card create' : 'mail-in'} | ${ms(a)} | ${ms(b)} | ${(a / b).toFixed(2)}× |`,
    );
  }
console.log(out.join('\n'));
for (const s of setups) await s.stop();
rmSync(dir, { recursive: true, force: true });
