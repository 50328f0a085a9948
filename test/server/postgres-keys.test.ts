/**
 * `inboard keys` on a team's PostgreSQL database: the same commands as on a
 * file, given the URL `inboard serve` was given (--db or INBOARD_DB).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../support/postgres.js';
import { callAt } from './helpers.js';
import { CLI, exited, spawnServe } from './process.js';

function keys(args: string[], env: Record<string, string> = {}) {
  const proc = spawn(process.execPath, [CLI, 'keys', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    proc.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('inboard keys --db postgres://…', () => {
  it('creates a key an instance on that database accepts, lists it, and revokes it', async () => {
    const url = await freshPostgresUrl();
    const serve = await spawnServe(['--db', url, '--rate-limit', '0'], { INBOARD_API_KEY: 'keys-owner-key-00000001' });
    try {
      const made = await keys(['create', '--email', 'sam@team.test', '--db', url]);
      expect(made.code).toBe(0);
      const key = made.stdout.trim();
      expect((await callAt(serve.url, key, 'GET', '/v2/me')).json.data.Email).toBe('sam@team.test');
      const listed = await keys(['list'], { INBOARD_DB: url });
      expect(listed.stdout).toContain(`${key.slice(0, 12)}…`);
      expect(listed.stdout).not.toContain(key);
      expect((await keys(['revoke', key.slice(0, 12)], { INBOARD_DB: url })).code).toBe(0);
      expect((await callAt(serve.url, key, 'GET', '/v2/me')).status).toBe(401);
    } finally {
      serve.proc.kill('SIGTERM');
      await exited(serve.proc);
    }
  });

  it('says which database it could not reach, and exits 1', async () => {
    const r = await keys(['list', '--db', 'postgres://127.0.0.1:1/nowhere']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/PostgreSQL at 127\.0\.0\.1:1\/nowhere: .*refused/);
  });
});
