/**
 * A clean stop of the instance watching a mailbox: SIGTERM hands the lease
 * back and tells the others, so the second instance imports the next
 * message within 3 s — not after the 20 s lease and a 5 s look. Two
 * `inboard serve` processes on one database (PostgreSQL, or one SQLite
 * file), a real Dovecot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/sql/open.js';
import { startDovecot, type TestImapServer } from '../../support/dovecot.js';
import { rawMail } from '../../support/mail.js';
import { runNode } from '../../support/recording-server.js';
import { callAt, testDatabase } from '../helpers.js';
import { SUPPORT, until } from '../mail/imap/world.js';
import { CLI, exited, spawnServe, type Child } from '../process.js';
import { parsePrometheus, sampleOf } from './prometheus-text.js';

const KEY = 'handover-test-key-0123456789';
const TOKEN = 'handover-metrics-token-0123456789';
const scrape = async (c: Child) =>
  parsePrometheus(
    (await callAt(c.url, null, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text,
  );
let imap: TestImapServer;
let dir: string;
let db: string;
let env: Record<string, string>;
const children: Child[] = [];

const titled = async (title: string) => {
  const d = await openDatabase(db);
  try {
    return Number((await d.get<{ n: number }>('SELECT COUNT(*) AS n FROM cards WHERE title = ?', [title]))?.n);
  } finally {
    await d.close();
  }
};
const serve = async () => {
  const c = await spawnServe(['--db', db, '--api-key', KEY], env);
  children.push(c);
  return c;
};

beforeAll(async () => {
  imap = await startDovecot();
  dir = mkdtempSync(join(tmpdir(), 'inboard-handover-'));
  db = await testDatabase(dir);
  env = { INBOARD_SECRET_FILE: join(dir, 'secret.key'), INBOARD_DATA_DIR: dir, INBOARD_METRICS_TOKEN: TOKEN };
  const first = await serve();
  const made = await callAt(first.url, KEY, 'POST', '/v2/board', { body: { Name: 'Support Inbox' } });
  await callAt(first.url, KEY, 'POST', `/v2/board/${made.json.data.Id}/column`, { body: { Name: 'New' } });
  first.proc.kill('SIGTERM');
  await exited(first.proc);
  const add = await runNode(
    [CLI, 'mailbox', 'add', '--board', 'Support Inbox', '--imap', imap.url(SUPPORT), '--db', db],
    env,
  );
  expect(add.stdout.trim()).toBe('1');
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await imap.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a clean stop hands the mailbox over', () => {
  it('SIGTERM of the holder: the other instance imports the next message before the lease could run out', async () => {
    const a = await serve();
    const b = await serve();
    const watching = (c: Child) => /mailbox 1: connected and idle/.test(c.stderr());
    const holder = await until(async () => (watching(a) ? a : watching(b) ? b : undefined), 'a holder');
    const other = holder === a ? b : a;
    // The holder's readiness names the mailbox it watches; the other's watches none.
    expect((await callAt(holder.url, null, 'GET', '/readyz')).text).toContain('mailbox 1: idle\n');
    expect((await callAt(other.url, null, 'GET', '/readyz')).text).toContain('this instance watches 0 of 1\n');
    await imap.append(SUPPORT, rawMail({ messageId: '<before-stop@customer.example>', subject: 'Before the stop' }));
    await until(async () => (await titled('Before the stop')) === 1 || undefined, 'imported by the holder');
    // The metrics moved with it: one imported, the holder caught up (lag 0), the other reporting no lag of its own.
    const held = await scrape(holder);
    expect(sampleOf(held, 'inboard_mailbox_messages_total', { mailbox: '1', outcome: 'imported' })).toBe(1);
    expect(sampleOf(held, 'inboard_mailbox_connected', { mailbox: '1' })).toBe(1);
    expect(sampleOf(held, 'inboard_mailbox_lag_seconds', { mailbox: '1' })).toBe(0);
    expect(sampleOf(await scrape(other), 'inboard_mailbox_lag_seconds', { mailbox: '1' })).toBe(undefined);

    const stoppedAt = Date.now();
    holder.proc.kill('SIGTERM');
    expect(await exited(holder.proc)).toBe(0);
    expect(holder.stderr()).toMatch(/SIGTERM: stopping/);
    expect(holder.stderr()).toMatch(/inboard serve: stopped\n/);
    await imap.append(SUPPORT, rawMail({ messageId: '<after-stop@customer.example>', subject: 'After the stop' }));
    // The lease is 20 s, renewed every 5 s: it runs out 15 s after the stop at
    // the earliest, so an import within 14 s of the stop is the handover's
    // (on a quiet machine it takes well under 3 s; a busy one took longer).
    const handover = stoppedAt + 14_000 - Date.now();
    await until(async () => (await titled('After the stop')) === 1 || undefined, 'imported by the other', handover);
    expect(await titled('Before the stop')).toBe(1);
    other.proc.kill('SIGTERM');
    expect(await exited(other.proc)).toBe(0);
  }, 60_000);
});
