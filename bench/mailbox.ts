/**
 * `node --import tsx bench/mailbox.ts`: the team's own mailbox, measured as
 * a user meets it, on a real Dovecot and `inboard serve` (the built CLI,
 * SQLite), in one run:
 * 1. from APPEND on the IMAP server to the new card's event on a teammate's
 *    live event stream: IMAP IDLE, side by side with the same watcher on a
 *    server without IDLE (polled every 10 s — the poll-based path);
 * 2. a backlog of BACKLOG messages imported at the first start: messages/s
 *    and the peak RSS of the serve process;
 * 3. 20 idle mailboxes against none: RSS and CPU of the serve process over
 *    30 s of quiet.
 * Writes bench/results-mailbox.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDovecot, type TestImapServer } from '../test/support/dovecot.js';
import { rawMail } from '../test/support/mail.js';
import { snapshotDist, startServe, type Serve } from './lib/service.js';
import { openStream } from './lib/sse.js';
import { median, quantile } from './lib/stats.js';

const KEY = 'bench-mailbox-key-0123456789abcdef';
const BACKLOG = Number(process.env.BACKLOG ?? 5000);
const SAMPLES = Number(process.env.SAMPLES ?? 40);
const repo = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'inboard-bench-mailbox-'));
const cli = snapshotDist(repo, join(dir, 'app'));
process.env.INBOARD_SECRET_FILE = join(dir, 'secret.key');
process.env.INBOARD_DATA_DIR = dir;

const say = (line: string) => void process.stderr.write(`${new Date().toISOString()} ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rssKb = (pid: number, field = 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const cpuTicks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
};
const cli$ = (args: string[]) =>
  execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

async function api(s: Serve, method: string, path: string, body?: unknown): Promise<{ data: { Id: string } }> {
  const r = await fetch(`${s.url}${path}`, {
    method,
    headers: { authorization: KEY, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await r.json()) as { data: { Id: string } };
}

/** A database with one board per name, each with a column. */
async function database(name: string, boards: string[]): Promise<string> {
  const db = join(dir, `${name}.db`);
  const s = await startServe(cli, db, KEY);
  for (const b of boards) {
    const made = await api(s, 'POST', '/v2/board', { Name: b });
    await api(s, 'POST', `/v2/board/${made.data.Id}/column`, { Name: 'New' });
  }
  await s.stop();
  return db;
}

async function latency(imap: TestImapServer, label: string, samples: number): Promise<number[]> {
  const db = await database(`latency-${label}`, ['Support Inbox']);
  cli$(['mailbox', 'add', '--board', 'Support Inbox', '--imap', imap.url('support@acme.test'), '--db', db]);
  const s = await startServe(cli, db, KEY);
  const waits = new Map<string, (at: number) => void>();
  const stream = openStream(s.url, KEY, (_id, data, at) => {
    if (!data.includes('card-created')) return;
    for (const [, done] of waits) done(at);
  });
  await stream.ready;
  say(`${label}: stream ready`);
  await sleep(2_000); // the watcher connected and idle
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const arrived = new Promise<number>((resolve) => waits.set(String(i), resolve));
    const t0 = performance.now();
    await imap.append(
      'support@acme.test',
      rawMail({ messageId: `<lat-${label}-${i}@customer.example>`, subject: `Latency ${i}` }),
    );
    const at = await arrived;
    waits.delete(String(i));
    out.push(at - t0);
    await sleep(200 + Math.random() * 300);
  }
  stream.close();
  await s.stop();
  return out;
}

async function backlog(
  imap: TestImapServer,
): Promise<{ seconds: number; perSecond: number; peakRssMb: number; appendSeconds: number }> {
  const body = 'Hello,\r\nmy order has not arrived yet. Could you look into it?\r\n'.repeat(50);
  const raws = Array.from({ length: BACKLOG }, (_, i) =>
    rawMail({ messageId: `<backlog-${i}@customer.example>`, subject: `Backlog ${i}`, body }),
  );
  const a0 = performance.now();
  for (let i = 0; i < raws.length; i += 500) await imap.appendMany('other@acme.test', raws.slice(i, i + 500));
  const appendSeconds = (performance.now() - a0) / 1000;
  const db = await database('backlog', ['Support Inbox']);
  cli$(['mailbox', 'add', '--board', 'Support Inbox', '--imap', imap.url('other@acme.test'), '--db', db]);
  const t0 = performance.now();
  const s = await startServe(cli, db, KEY);
  let log = '';
  s.proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let peak = 0;
  const { openDatabase } = await import('../src/server/sql/open.js');
  const sql = await openDatabase(db);
  for (;;) {
    peak = Math.max(peak, rssKb(s.proc.pid!));
    const m = await sql.get<{ imported: number }>('SELECT imported FROM mailboxes WHERE id = 1');
    if (Number(m?.imported) >= BACKLOG) break;
    if (process.env.BENCH_DEBUG) say(`imported ${String(m?.imported)}: ${log.slice(-400)}`);
    await sleep(100);
  }
  const seconds = (performance.now() - t0) / 1000;
  await sql.close();
  await s.stop();
  return { seconds, perSecond: BACKLOG / seconds, peakRssMb: peak / 1024, appendSeconds };
}

async function quiet(imap: TestImapServer, users: string[], n: number) {
  const boards = ['Support Inbox'];
  const db = await database(`quiet-${n}`, boards);
  for (const u of users.slice(0, n))
    cli$(['mailbox', 'add', '--board', 'Support Inbox', '--imap', imap.url(u), '--db', db]);
  const s = await startServe(cli, db, KEY);
  let log = '';
  s.proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await sleep(5_000); // connected, idle, and past the start's own work
  if (process.env.BENCH_DEBUG) say(log);
  const pid = s.proc.pid!;
  const ticks0 = cpuTicks(pid);
  const rss: number[] = [];
  for (let i = 0; i < 30; i++) {
    rss.push(rssKb(pid));
    await sleep(1_000);
  }
  const cpuMs = ((cpuTicks(pid) - ticks0) * 1000) / 100; // USER_HZ 100
  await s.stop();
  return { rssMb: median(rss) / 1024, cpuPercent: (cpuMs / 30_000) * 100 };
}

const users = ['support@acme.test', 'other@acme.test', ...Array.from({ length: 20 }, (_, i) => `box${i}@acme.test`)];
const withIdle = await startDovecot({ users });
const withoutIdle = await startDovecot({ idle: false });
const load0 = loadavg()[0]!;
try {
  if (process.env.QUIET_ONLY) {
    say('quiet only');
    const q = await quiet(withIdle, users.slice(2), 20);
    say(JSON.stringify(q));
    process.exit(0);
  }
  say('latency: IDLE');
  const idle = await latency(withIdle, 'idle', SAMPLES);
  say('latency: polled');
  const polled = await latency(withoutIdle, 'polled', Math.max(8, Math.round(SAMPLES / 4)));
  say('backlog');
  const b = await backlog(withIdle);
  say('quiet');
  const none = await quiet(withIdle, users.slice(2), 0);
  const twenty = await quiet(withIdle, users.slice(2), 20);
  const f = (x: number) => `${(x / 1000).toFixed(2)} s`;
  const report = `Node ${process.version}, ${cpus().length} CPUs, load ${load0.toFixed(2)} at start; Dovecot 2.3 on loopback; inboard serve (built) on SQLite (durability full).

## From APPEND to the card's event on a teammate's live stream

| Watcher | samples | median | p99 | max |
|---|---|---|---|---|
| IMAP IDLE | ${idle.length} | ${f(median(idle))} | ${f(quantile(idle, 0.99))} | ${f(Math.max(...idle))} |
| same server without IDLE (polled every 10 s) | ${polled.length} | ${f(median(polled))} | ${f(quantile(polled, 0.99))} | ${f(Math.max(...polled))} |

Ratio of medians: polled / IDLE = ${(median(polled) / median(idle)).toFixed(1)}×.

## A backlog at the first start

${BACKLOG} messages of ${(rawMail({ body: 'Hello,\r\nmy order has not arrived yet. Could you look into it?\r\n'.repeat(50) }).length / 1024).toFixed(1)} KB: imported in ${b.seconds.toFixed(1)} s from serve's start (${b.perSecond.toFixed(0)} messages/s), peak RSS ${b.peakRssMb.toFixed(0)} MB (appending them to Dovecot took ${b.appendSeconds.toFixed(1)} s).

## Idle mailboxes

| serve watching | RSS (median over 30 s) | CPU over 30 s |
|---|---|---|
| no mailbox | ${none.rssMb.toFixed(1)} MB | ${none.cpuPercent.toFixed(2)} % |
| 20 mailboxes in IDLE | ${twenty.rssMb.toFixed(1)} MB | ${twenty.cpuPercent.toFixed(2)} % |
`;
  writeFileSync(join(import.meta.dirname, 'results-mailbox.md'), `# bench/mailbox.ts\n\n${report}`);
  process.stdout.write(report);
} finally {
  await withIdle.stop();
  await withoutIdle.stop();
  rmSync(dir, { recursive: true, force: true });
}
