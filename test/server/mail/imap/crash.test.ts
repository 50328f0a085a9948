/**
 * `inboard mailbox add`, then `inboard serve` as a team runs them, killed
 * with SIGKILL in the middle of a 300-message backlog and started again:
 * exactly 300 messages, none twice, none missing, the mailbox on the IMAP
 * server unchanged. Then two instances on one database: one watches, and
 * when it dies the other takes over within the lease (`--mailbox-lease`,
 * 6 s here rather than the default 20 s: the same hand-over, waited out
 * sooner).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/server/sql/open.js';
import { startDovecot, type TestImapServer } from '../../../support/dovecot.js';
import { rawMail } from '../../../support/mail.js';
import { runNode } from '../../../support/recording-server.js';
import { testDatabase } from '../../helpers.js';
import { CLI, exited, spawnServe, type Child } from '../../process.js';
import { SUPPORT, until } from './world.js';

const KEY = 'mailbox-crash-test-key-0123456789';
const LEASE_S = 6;
let imap: TestImapServer;
let dir: string;
let db: string;
let env: Record<string, string>;
const children: Child[] = [];

const count = async (sql: string, params: (string | number)[] = []) => {
  const d = await openDatabase(db);
  try {
    return Number((await d.get<{ n: number }>(sql, params))?.n);
  } finally {
    await d.close();
  }
};
const mailbox = async () => {
  const d = await openDatabase(db);
  try {
    return await d.get<{ last_uid: number; imported: number; lease_owner: string | null }>(
      'SELECT last_uid, imported, lease_owner FROM mailboxes WHERE id = 1',
    );
  } finally {
    await d.close();
  }
};
const serve = async () => {
  const c = await spawnServe(['--db', db, '--api-key', KEY, '--mailbox-lease', String(LEASE_S)], env);
  children.push(c);
  return c;
};

beforeAll(async () => {
  imap = await startDovecot();
  dir = mkdtempSync(join(tmpdir(), 'inboard-mailbox-crash-'));
  db = await testDatabase(dir);
  env = { INBOARD_SECRET_FILE: join(dir, 'secret.key'), INBOARD_DATA_DIR: dir };
  // A database with a board: serve makes it, and is stopped at once.
  const first = await serve();
  const made = await fetch(`${first.url}/v2/board`, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ Name: 'Support Inbox' }),
  });
  const boardId = ((await made.json()) as { data: { Id: string } }).data.Id;
  await fetch(`${first.url}/v2/board/${boardId}/column`, {
    method: 'POST',
    headers: { authorization: KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ Name: 'New' }),
  });
  first.proc.kill('SIGTERM');
  await exited(first.proc);
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await imap.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('a mailbox on a team server', () => {
  it('loses and doubles nothing when serve is killed mid-import', async () => {
    const add = await runNode(
      [CLI, 'mailbox', 'add', '--board', 'Support Inbox', '--imap', imap.url(SUPPORT), '--db', db],
      env,
    );
    expect(add.stderr).toContain('the password was given in a URL');
    expect(add.stdout.trim()).toBe('1');
    // Bodies of 40 KB: a backlog that takes a moment to import, so the kill lands inside it.
    const body = 'All work and no play makes a long message.\r\n'.repeat(1000);
    const raws = Array.from({ length: 300 }, (_, i) =>
      rawMail({ messageId: `<backlog-${i}@customer.example>`, subject: `Backlog ${i}`, body }),
    );
    const uids = await imap.appendMany(SUPPORT, raws, {});
    const before = await imap.list(SUPPORT);
    const a = await serve();
    const partway = await until(
      async () => {
        const m = await mailbox();
        return m !== undefined && Number(m.imported) > 0 ? Number(m.imported) : undefined;
      },
      'the import begun',
      30_000,
    );
    a.proc.kill('SIGKILL');
    await exited(a.proc);
    const atKill = await count('SELECT COUNT(*) AS n FROM cards');
    const b = await serve();
    await until(async () => Number((await mailbox())?.last_uid) >= uids.at(-1)!, 'the backlog imported', 60_000);
    expect(await count('SELECT COUNT(*) AS n FROM cards')).toBe(300);
    expect(await count('SELECT COUNT(DISTINCT title) AS n FROM cards')).toBe(300);
    expect(await count("SELECT COUNT(*) AS n FROM messages WHERE direction = 'in'")).toBe(300);
    expect(Number((await mailbox())?.imported)).toBe(300);
    // The mailbox is as it was: same messages, same (no) flags.
    expect(await imap.list(SUPPORT)).toEqual(before);
    expect(partway).toBeGreaterThan(0);
    expect(atKill).toBeLessThanOrEqual(300);
    b.proc.kill('SIGTERM');
    await exited(b.proc);
  }, 120_000);

  it('is watched by one of two instances, and by the other within the lease when that one dies', async () => {
    const a = await serve();
    const b = await serve();
    // The holder logs its watching; the other says nothing of mailbox 1.
    const watching = (c: Child) => /mailbox 1: connected and idle/.test(c.stderr());
    const holder = await until(async () => (watching(a) ? a : watching(b) ? b : undefined), 'a holder');
    const survivor = holder === a ? b : a;
    await imap.append(SUPPORT, rawMail({ messageId: '<two-instances@customer.example>', subject: 'Two instances' }));
    await until(
      async () => (await count("SELECT COUNT(*) AS n FROM cards WHERE title = 'Two instances'")) === 1,
      'imported',
    );
    expect(watching(survivor)).toBe(false);
    holder.proc.kill('SIGKILL');
    await exited(holder.proc);
    await imap.append(SUPPORT, rawMail({ messageId: '<after-death@customer.example>', subject: 'After a death' }));
    // Once the dead one's lease has run out (and at the survivor's next look, every quarter of it),
    // the survivor holds it and imports what came.
    await until(
      async () => (await count("SELECT COUNT(*) AS n FROM cards WHERE title = 'After a death'")) === 1,
      'imported by the survivor',
      40_000,
    );
    expect(await count("SELECT COUNT(*) AS n FROM cards WHERE title IN ('Two instances', 'After a death')")).toBe(2);
    // It says so once it is idle on the folder, just after catching up.
    await until(async () => watching(survivor) || undefined, 'the survivor watching');
    survivor.proc.kill('SIGTERM');
    await exited(survivor.proc);
  }, 90_000);
});
