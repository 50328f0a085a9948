/** `inboard keys` and `inboard serve --help` as a user runs them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/server/index.js';
import { callAt } from './helpers.js';
import { runCli } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inboard keys / serve --help', () => {
  it('keys create prints only a working key; list never shows it; revoke makes it 401', async () => {
    const db = join(dir, 'keys.db');
    const svc = await startService({ dbPath: db, demo: true });
    try {
      const created = await runCli(['keys', 'create', '--db', db, '--email', 'sam.rivera@example.com']);
      expect(created.code).toBe(0);
      expect(created.stdout).toMatch(/^ib_[A-Za-z0-9_-]{32}\n$/);
      const key = created.stdout.trim();
      const boards = await callAt(svc.url, key, 'GET', '/v2/board');
      expect(boards.status).toBe(200);
      expect(boards.json.data).toHaveLength(2);

      const list = await runCli(['keys', 'list', '--db', db]);
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('sam.rivera@example.com');
      expect(list.stdout).toContain(key.slice(0, 12));
      expect(list.stdout).not.toContain(key);

      const revoked = await runCli(['keys', 'revoke', key.slice(0, 12), '--db', db]);
      expect(revoked.code).toBe(0);
      expect((await callAt(svc.url, key, 'GET', '/v2/board')).status).toBe(401);
      expect((await runCli(['keys', 'list', '--db', db])).stdout).toMatch(
        /sam\.rivera@example\.com\s+pro\s+\S+\s+\d{4}-/,
      );

      const free = (
        await runCli(['keys', 'create', '--db', db, '--email', 'f@example.com', '--plan', 'free'])
      ).stdout.trim();
      expect((await callAt(svc.url, free, 'GET', '/v2/board')).status).toBe(403);
    } finally {
      await svc.close();
    }
  });

  it('usage errors exit 2, --help exits 0', async () => {
    const help = await runCli(['serve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--rate-limit');
    expect((await runCli(['keys', '--help'])).code).toBe(0);
    expect((await runCli(['serve', '--port', 'abc'])).code).toBe(2);
    expect((await runCli(['serve', '--nope'])).code).toBe(2);
    const badDurability = await runCli(['serve', '--durability', 'sometimes']);
    expect(badDurability.code).toBe(2);
    expect(badDurability.stderr).toContain('--durability must be full or normal');
    expect(help.stdout).toContain('--mailbox-lease SECONDS');
    for (const bad of ['3', '3601', 'soon', '7.5']) {
      const badLease = await runCli(['serve', '--mailbox-lease', bad]);
      expect(badLease.code).toBe(2);
      expect(badLease.stderr).toContain(`--mailbox-lease must be whole seconds from 4 to 3600, got '${bad}'`);
    }
    expect((await runCli(['keys', 'create', '--db', join(dir, 'x.db')])).code).toBe(2);
    expect(
      (await runCli(['keys', 'create', '--db', join(dir, 'x.db'), '--email', 'a@b.co', '--plan', 'gold'])).code,
    ).toBe(2);
    expect((await runCli(['keys', 'frobnicate'])).code).toBe(2);
  });
});
