/**
 * PostgreSQL away: a URL `inboard serve` can't reach is an exit with the
 * host and the reason (never a file made instead), and a database that goes
 * away while serving answers 503 in the envelope, keeps nothing half-written,
 * and serves again once it is back. Runs on a cluster of its own: stopping
 * the run's shared one would stop every other test's database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startPostgres, type TestCluster } from '../support/postgres.js';
import { callAt } from './helpers.js';
import { CLI, exited, spawnServe, type Child } from './process.js';

const KEY = 'outage-owner-key-000001';
const dir = mkdtempSync(join(tmpdir(), 'inboard-outage-'));
let cluster: TestCluster;
let serve: Child;

beforeAll(async () => {
  cluster = await startPostgres();
  serve = await spawnServe(['--db', await createDatabase(cluster.url), '--rate-limit', '0'], {
    INBOARD_API_KEY: KEY,
  });
}, 60_000);

afterAll(async () => {
  serve.proc.kill('SIGTERM');
  await exited(serve.proc);
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('PostgreSQL away', () => {
  it('serve on a URL it cannot reach exits 1 naming the host and the reason, and makes no file', async () => {
    const proc = spawn(
      process.execPath,
      [CLI, 'serve', '--port', '0', '--db', 'postgres://inboard:secret@127.0.0.1:1/teamdb'],
      {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await exited(proc)).toBe(1);
    expect(stderr).toMatch(/PostgreSQL at 127\.0\.0\.1:1\/teamdb: .*refused/);
    expect(stderr).not.toContain('secret');
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(join(dir, 'postgres:'))).toBe(false);
  });

  it('answers 503 while the database is down, changes nothing, and serves again when it is back', async () => {
    const made = await callAt(serve.url, KEY, 'POST', '/v2/board', { body: { Name: 'Outage' } });
    expect(made.status).toBe(200);
    const board = made.json.data.Id;
    cluster.pause();
    try {
      const read = await callAt(serve.url, KEY, 'GET', '/v2/board');
      expect(read.status).toBe(503);
      expect(read.json).toMatchObject({
        error: true,
        code: 503,
        message: expect.stringMatching(/not answering.*nothing was changed/),
      });
      const write = await callAt(serve.url, KEY, 'POST', `/v2/board/${board}/column`, { body: { Name: 'Lost?' } });
      expect(write.status).toBe(503);
    } finally {
      cluster.resume();
    }
    let back = await callAt(serve.url, KEY, 'GET', `/v2/board/${board}/columns`);
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await callAt(serve.url, KEY, 'GET', `/v2/board/${board}/columns`);
    }
    expect(back.status).toBe(200);
    expect(back.json.data).toEqual([]);
    const col = await callAt(serve.url, KEY, 'POST', `/v2/board/${board}/column`, { body: { Name: 'After' } });
    expect(col.status).toBe(200);
  }, 60_000);
});
