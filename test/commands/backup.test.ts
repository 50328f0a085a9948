/**
 * `inboard backup` while `inboard serve` writes, and `inboard restore`: the
 * copy passes SQLite's integrity check, carries the mailbox key (0600), and
 * a server on the restored database imports the rest of the mailbox (a real
 * Dovecot) without a double — the cursors are in the database. Bad input
 * said in words, nothing half-written.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type TestImapServer } from '../support/dovecot.js';
import { rawMail } from '../support/mail.js';
import { runNode } from '../support/recording-server.js';
import { callAt } from '../server/helpers.js';
import { SUPPORT, until } from '../server/mail/imap/world.js';
import { CLI, exited, runCli, spawnServe, type Child } from '../server/process.js';

const KEY = 'backup-test-key-0123456789';
let imap: TestImapServer;
let dir: string;
const children: Child[] = [];
const env = () => ({ INBOARD_DATA_DIR: dir });

const serve = async (db: string) => {
  const c = await spawnServe(['--db', db, '--api-key', KEY, '--rate-limit', '0'], env());
  children.push(c);
  return c;
};
const titles = (db: string): string[] => {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare('SELECT title FROM cards ORDER BY id').pluck().all() as string[];
  } finally {
    d.close();
  }
};
const mail = (i: number) => rawMail({ messageId: `<backup-${i}@customer.example>`, subject: `Customer ${i}` });

beforeAll(async () => {
  imap = await startDovecot();
  dir = mkdtempSync(join(tmpdir(), 'inboard-backup-'));
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  await imap.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a backup taken during writes restores, and the restored server imports the rest without a double', async () => {
    const db = join(dir, 'live.db');
    const a = await serve(db);
    const made = await callAt(a.url, KEY, 'POST', '/v2/board', { body: { Name: 'Support Inbox' } });
    const board = made.json.data.Id as string;
    const col = await callAt(a.url, KEY, 'POST', `/v2/board/${board}/column`, { body: { Name: 'New' } });
    expect(col.status).toBe(200);
    const add = await runNode(
      [CLI, 'mailbox', 'add', '--board', board, '--imap', imap.url(SUPPORT), '--db', db],
      env(),
    );
    expect(add.stdout.trim()).toBe('1');
    for (let i = 1; i <= 3; i++) await imap.append(SUPPORT, mail(i));
    await until(
      async () => titles(db).filter((t) => t.startsWith('Customer')).length === 3 || undefined,
      'three imported',
    );

    // Writes all through the backup: cards made one after another.
    let writing = true;
    let written = 0;
    const columnId = (await callAt(a.url, KEY, 'GET', `/v2/board/${board}/columns`)).json.data[0].Id as number;
    const writer = (async () => {
      while (writing) {
        const r = await callAt(a.url, KEY, 'POST', '/v2/card', {
          body: { BoardId: board, ColumnId: columnId, CardTitle: `write ${written}` },
        });
        if (r.status === 200) written++;
      }
    })();
    await until(async () => written >= 20 || undefined, 'writes under way');
    const file = join(dir, 'backups', 'inboard.db');
    const missing = await runCli(['backup', file, '--db', db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`the folder ${join(dir, 'backups')} does not exist; nothing was written`);
    const back = join(dir, 'inboard-backup.db');
    const b = await runCli(['backup', back, '--db', db]);
    const atBackup = written;
    await until(async () => written >= atBackup + 20 || undefined, 'writes after the backup');
    writing = false;
    await writer;
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toBe(`${back}\n${back}.key\n`);
    expect(b.stderr).toContain(`warning: ${back}.key unlocks the mailboxes' passwords`);
    expect(statSync(`${back}.key`).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    const check = new Database(back, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();

    // Mail after the backup: the live server imports it; the backup's cursor stands before it.
    for (let i = 4; i <= 5; i++) await imap.append(SUPPORT, mail(i));
    await until(
      async () => titles(db).filter((t) => t.startsWith('Customer')).length === 5 || undefined,
      'five imported',
    );
    a.proc.kill('SIGTERM');
    expect(await exited(a.proc)).toBe(0);

    const restored = join(dir, 'restored', 'inboard.db');
    const noFolder = await runCli(['restore', back, '--db', restored]);
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain('does not exist; nothing was changed');
    rmSync(join(dir, 'restored'), { recursive: true, force: true });
    const r = await runCli(['restore', back, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(`${db}.before-restore`)).toBe(true);
    expect(statSync(`${db}.secret`).mode & 0o777).toBe(0o600);
    // The lease the backup was taken with (the first server's) is not restored with it: the next serve watches at once.
    const leases = new Database(db, { readonly: true });
    expect(leases.prepare('SELECT lease_owner, lease_until_ms FROM mailboxes').all()).toEqual([
      { lease_owner: null, lease_until_ms: 0 },
    ]);
    leases.close();
    const c = await serve(db);
    await imap.append(SUPPORT, mail(6));
    const want = [1, 2, 3, 4, 5, 6].map((i) => `Customer ${i}`);
    await until(
      async () => want.every((t) => titles(db).includes(t)) || undefined,
      'the rest of the mailbox imported',
      30_000,
    );
    const customers = titles(db).filter((t) => t.startsWith('Customer'));
    expect(customers.sort()).toEqual(want);
    // What was written before the backup is there; nothing after it.
    const writes = titles(db).filter((t) => t.startsWith('write '));
    expect(writes.length).toBeGreaterThanOrEqual(20);
    expect(writes.length).toBeLessThanOrEqual(atBackup + 1);

    // While it serves, a restore over it is refused.
    const busy = await runCli(['restore', back, '--db', db]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`${db} is in use`);
    c.proc.kill('SIGTERM');
    await exited(c.proc);
  }, 120_000);

  it('refuses to restore a file that is not an inboard database, changing nothing', async () => {
    const junk = join(dir, 'notes.txt');
    writeFileSync(junk, 'not a database at all\n'.repeat(100));
    const target = join(dir, 'target.db');
    const r = await runCli(['restore', junk, '--db', target]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${junk} is not an inboard database (not a SQLite file); nothing was changed`);
    const other = join(dir, 'other.db');
    new Database(other).exec('CREATE TABLE t (x)');
    const o = await runCli(['restore', other, '--db', target]);
    expect(o.stderr).toContain('is a SQLite database, but not inboard');
    expect(existsSync(target)).toBe(false);
  });

  it('points PostgreSQL to pg_dump', async () => {
    const r = await runCli(['backup', join(dir, 'x.sql'), '--db', 'postgres://u@127.0.0.1:1/x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pg_dump');
  });
});
