/**
 * `inboard mailbox add|list|test|remove` as a person runs them, against a
 * real Dovecot and SMTP relay: the password sealed outside the database and
 * never printed, each bad input refused in words.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/server/index.js';
import { startDovecot, type TestImapServer } from '../support/dovecot.js';
import { rawMail, startRelay, type TestRelay } from '../support/mail.js';
import { runNode } from '../support/recording-server.js';
import { CLI } from '../server/process.js';

const SUPPORT = 'support@acme.test';
let imap: TestImapServer;
let relay: TestRelay;
let dir: string;
let db: string;
let env: Record<string, string>;
const mailbox = (...args: string[]) => runNode([CLI, 'mailbox', ...args, '--db', db], env);

beforeAll(async () => {
  imap = await startDovecot();
  relay = await startRelay({ user: SUPPORT, pass: imap.password(SUPPORT) });
  dir = mkdtempSync(join(tmpdir(), 'inboard-mailbox-cli-'));
  db = join(dir, 'team.db');
  env = { INBOARD_DATA_DIR: dir };
  const svc = await startService({ dbPath: db, demo: true });
  await svc.close();
}, 60_000);
afterAll(async () => {
  await relay.close();
  await imap.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('inboard mailbox', () => {
  it('add seals the password beside the database, prints the id, and list never shows the password', async () => {
    const pw = imap.password(SUPPORT);
    const smtp = `smtp://${encodeURIComponent(SUPPORT)}@127.0.0.1:${new URL(relay.url).port}`;
    const added = await mailbox('add', '--board', 'support inbox', '--imap', imap.url(SUPPORT), '--smtp', smtp);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('1\n');
    expect(added.stderr).toContain('the password was given in a URL');
    expect(added.stderr + added.stdout).not.toContain(pw);
    expect(statSync(`${db}.secret`).mode & 0o777).toBe(0o600);
    // A copied database alone reveals nothing.
    for (const f of [db, `${db}-wal`]) {
      try {
        expect(readFileSync(f).includes(Buffer.from(pw))).toBe(false);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    const list = await mailbox('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+BOARD\s+ADDRESS\s+FOLDER\s+STATE\s+LAST MESSAGE\s+IMPORTED$/m);
    expect(list.stdout).toMatch(
      /^\s*1\s+Support Inbox\s+support@acme\.test\s+INBOX\s+not watched yet: inboard serve watches it once it runs\s+-\s+0$/m,
    );
    expect(list.stdout).not.toContain(pw);
    const json = JSON.parse((await mailbox('list', '--json')).stdout) as Record<string, unknown>[];
    expect(json[0]).toMatchObject({
      Id: '1',
      Board: 'Support Inbox',
      Address: SUPPORT,
      Folder: 'INBOX',
      AfterImport: 'keep',
      Imported: 0,
    });
    expect(JSON.stringify(json)).not.toContain(pw);
  });

  it('test logs in to IMAP and SMTP and says what works', async () => {
    const r = await mailbox('test', '1');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^✓ IMAP: logged in as support@acme\.test on 127\.0\.0\.1:\d+$/m);
    expect(r.stdout).toMatch(/^✓ IMAP: INBOX holds 0 messages \(UIDVALIDITY \d+\)$/m);
    expect(r.stdout).toContain('✓ IMAP: IDLE offered: new mail arrives within seconds');
    expect(r.stdout).toContain('✓ IMAP: replies are copied to Sent');
    expect(r.stdout).toMatch(
      /^✓ SMTP: logged in as support@acme\.test on 127\.0\.0\.1:\d+; replies leave from support@acme\.test$/m,
    );
  });

  it("takes the password from a file or the environment, and test says a wrong one in the server's words", async () => {
    const file = join(dir, 'pw');
    writeFileSync(file, 'not-the-password\n', { mode: 0o600 });
    const url = `imap://${encodeURIComponent('other@acme.test')}@127.0.0.1:${imap.port}/INBOX`;
    const added = await mailbox('add', '--board', 'Sales', '--imap', url, '--password-file', file);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).not.toContain('given in a URL');
    const id = added.stdout.trim();
    const r = await mailbox('test', id);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^✗ IMAP: can't log in as other@acme\.test on 127\.0\.0\.1:\d+: the server said ".*"$/m);
    expect(r.stdout).toContain("✓ SMTP: none set: replies on this board go through the service's relay");
    expect((await mailbox('remove', id)).code).toBe(0);
    const viaEnv = await runNode([CLI, 'mailbox', 'add', '--board', 'Sales', '--imap', url, '--db', db], {
      ...env,
      INBOARD_MAILBOX_PASSWORD: imap.password('other@acme.test'),
    });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect((await mailbox('test', viaEnv.stdout.trim())).code).toBe(0);
  });

  it('takes an SMTP URL without a user as no login: a relay that trusts its network', async () => {
    const open = await startRelay();
    try {
      const port = new URL(open.url).port;
      const url = `imap://${encodeURIComponent('other@acme.test')}@127.0.0.1:${imap.port}/Archive`;
      const added = await runNode(
        [CLI, 'mailbox', 'add', '--board', 'Sales', '--imap', url, '--smtp', `smtp://127.0.0.1:${port}`, '--db', db],
        { ...env, INBOARD_MAILBOX_PASSWORD: imap.password('other@acme.test') },
      );
      expect(added.code, added.stderr).toBe(0);
      const id = added.stdout.trim();
      const r = await mailbox('test', id);
      expect(r.stdout).toContain(
        `✓ SMTP: reached, without login, 127.0.0.1:${port}; replies leave from other@acme.test`,
      );
      expect((await mailbox('remove', id)).code).toBe(0);
    } finally {
      await open.close();
    }
  });

  it('add --new-only and --since DATE start after the folder’s backlog, and say how much stays behind', async () => {
    await imap.append('other@acme.test', rawMail({ subject: 'Old one' }), { folder: 'Sent' });
    const env2 = { ...env, INBOARD_MAILBOX_PASSWORD: imap.password('other@acme.test') };
    const url = (folder: string) => `imap://${encodeURIComponent('other@acme.test')}@127.0.0.1:${imap.port}/${folder}`;
    const fresh = await runNode(
      [CLI, 'mailbox', 'add', '--board', 'Sales', '--imap', url('Sent'), '--new-only', '--db', db],
      env2,
    );
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stderr).toContain(
      '1 message already in Sent is left behind: only what arrives from now on is imported',
    );
    expect((await mailbox('remove', fresh.stdout.trim())).code).toBe(0);
    const since = await runNode(
      [CLI, 'mailbox', 'add', '--board', 'Sales', '--imap', url('Sent'), '--since', '2999-01-01', '--db', db],
      env2,
    );
    expect(since.code, since.stderr).toBe(0);
    expect(since.stderr).toContain('only what arrived on or after 2999-01-01 is imported');
    expect((await mailbox('remove', since.stdout.trim())).code).toBe(0);
  });

  it('refuses what cannot work, in words, with exit status 2', async () => {
    const url = imap.url(SUPPORT);
    const cases: [string[], RegExp][] = [
      [['add', '--imap', url], /add needs --board BOARD/],
      [['add', '--board', 'Support Inbox'], /add needs --imap/],
      [['add', '--board', 'Nope', '--imap', url], /no board 'Nope': there are 'Support Inbox'/],
      [
        ['add', '--board', 'Support Inbox', '--imap', 'pop3://x@y'],
        /--imap: the IMAP URL must start with imap:\/\/ or imaps:\/\//,
      ],
      [['add', '--board', 'Support Inbox', '--imap', url], /is mailbox 1 already \(on board \d+\): remove it first/],
      [
        ['add', '--board', 'Support Inbox', '--imap', 'imap://support%40acme.test@127.0.0.1:1/Other'],
        /no password: give --password-file FILE or INBOARD_MAILBOX_PASSWORD/,
      ],
      [
        ['add', '--board', 'Support Inbox', '--imap', url.replace('INBOX', 'X'), '--after-import', 'delete'],
        /--after-import must be keep, seen or move:FOLDER, not 'delete'/,
      ],
      [
        [
          'add',
          '--board',
          'Support Inbox',
          '--imap',
          'imap://support%40acme.test@127.0.0.1:1/Y',
          '--password-file',
          '/nonexistent/pw',
        ],
        /can't read the password file \/nonexistent\/pw/,
      ],
      [
        [
          'add',
          '--board',
          'Support Inbox',
          '--imap',
          url.replace('INBOX', 'Z'),
          '--smtp',
          'smtp://127.0.0.1:25',
          '--smtp-password-file',
          '/nonexistent/pw',
        ],
        /--smtp-password-file: the SMTP URL names no user, so it logs in with none/,
      ],
      [
        ['add', '--board', 'Support Inbox', '--imap', url.replace('INBOX', 'Z'), '--smtp', 'smtp://:secret@127.0.0.1'],
        /--smtp: the URL has a password but no user/,
      ],
      [
        ['add', '--board', 'Support Inbox', '--imap', url.replace('INBOX', 'Z'), '--since', 'last week'],
        /--since 'last week' is not a date: write it as YYYY-MM-DD/,
      ],
      [
        ['add', '--board', 'Support Inbox', '--imap', url.replace('INBOX', 'Z'), '--since', '2026-01-01', '--new-only'],
        /--since and --new-only: give one/,
      ],
      [['test'], /test needs the mailbox's ID/],
      [['test', 'abc'], /'abc' is not a mailbox id/],
      [['frobnicate'], /unknown subcommand 'frobnicate'/],
    ];
    for (const [args, words] of cases) {
      const r = await mailbox(...args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(words);
    }
    const gone = await mailbox('remove', '99');
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('no mailbox 99');
  });
});
