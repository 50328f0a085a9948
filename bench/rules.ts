/**
 * `node --import tsx bench/rules.ts`: what a board's rules cost mail-in.
 * Three boards on one service take the same kind of mail through
 * `POST /v2/mail/inbound`, in turns (A B C, then B C A, …, so drift in the
 * machine's speed falls on all three alike): one with no rules, one with 20
 * rules none of which match, one with the same 20 where one matches and
 * tags and assigns by round-robin. The median and p95 of each, side by side
 * from one run, and each against no rules. SQLite; `BENCH_POSTGRES=1` adds
 * PostgreSQL. BENCH_MESSAGES per board (default 300).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startService } from '../src/server/index.js';
import { rawMail } from '../test/support/mail.js';
import { startDurablePostgres } from './lib/engines-setup.js';
import { median, quantile } from './lib/stats.js';

const N = Number(process.env.BENCH_MESSAGES ?? 300);
const KEY = 'bench-rules-key-0000000000001';

async function call(url: string, method: string, path: string, body: unknown): Promise<{ ms: number; json: unknown }> {
  const t = process.hrtime.bigint();
  const r = await request(url + path, {
    method: method as 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.body.text();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.statusCode !== 200) throw new Error(`${method} ${path}: ${r.statusCode} ${text}`);
  return { ms, json: JSON.parse(text) };
}

/** A support message of a few kilobytes, as customers write them. */
const body = (i: number) =>
  `Hello,\r\n\r\n${'My order has not arrived and the tracking page shows no update since last week. '.repeat(20)}\r\nOrder ${i}.\r\n\r\nThanks,\r\nJo`;

/** Twenty rules of the kinds a team writes: domains, words, subjects, headers, attachments. */
function twentyRules(matching: boolean): { Name: string; When: string; Then: string }[] {
  const out = [];
  for (let i = 0; i < 19; i++) {
    const when = [
      `from:@vendor${i}.example invoice`,
      `subject:"payment ${i}" -newsletter`,
      `header:X-Team-${i}:yes`,
      `refund${i} OR return${i} has:attachment`,
    ][i % 4] as string;
    out.push({ Name: `Rule ${i}`, When: when, Then: 'tag:Sorted, move:Sorted' });
  }
  out.push({
    Name: 'Acme',
    When: matching ? 'from:@acme.com order' : 'from:@acme.org order',
    Then: 'tag:Acme, assign:round-robin',
  });
  return out;
}

async function run(name: string, where: string): Promise<void> {
  const svc = await startService({ dbPath: where, apiKey: KEY, demo: false });
  const boards: number[] = [];
  for (const [i, label] of ['no rules', '20 rules, none match', '20 rules, one matches'].entries()) {
    const b = (await call(svc.url, 'POST', '/v2/board', { Name: label })).json as { data: { Id: number } };
    const id = b.data.Id;
    boards.push(id);
    for (const Name of ['New', 'Sorted']) await call(svc.url, 'POST', `/v2/board/${id}/column`, { Name });
    for (const Name of ['Acme', 'Sorted']) await call(svc.url, 'POST', '/v2/tag', { BoardId: id, Name, Color: 1 });
    if (i > 0) for (const r of twentyRules(i === 2)) await call(svc.url, 'POST', `/v2/board/${id}/rules`, r);
  }
  const times: number[][] = [[], [], []];
  const send = async (k: number, i: number) => {
    const raw = rawMail({
      from: `Jo ${i} <jo${i}@acme.com>`,
      subject: `Order ${i} late`,
      messageId: `<m${k}-${i}@acme.com>`,
      body: body(i),
    });
    const r = await call(svc.url, 'POST', '/v2/mail/inbound', { BoardId: boards[k], Message: raw.toString('base64') });
    return r.ms;
  };
  // Warm up each board, then measure in rotating turns.
  for (let i = 0; i < 20; i++) for (const k of [0, 1, 2]) await send(k, -1 - i);
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < 3; j++) {
      const k = (i + j) % 3;
      (times[k] as number[]).push(await send(k, i));
    }
  }
  const base = median(times[0] as number[]);
  console.log(`${name}, ${N} messages per board, mail-in (POST /v2/mail/inbound), each message a new card:`);
  for (const [k, label] of ['no rules', '20 rules, none match', '20 rules, one matches (tag, round-robin)'].entries()) {
    const xs = times[k] as number[];
    const m = median(xs);
    console.log(
      `  ${label.padEnd(42)} median ${m.toFixed(2)} ms  p95 ${quantile(xs, 0.95).toFixed(2)} ms  ×${(m / base).toFixed(2)}`,
    );
  }
  await svc.close();
}

console.log(`${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`);
const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-rules-'));
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
