/**
 * `inboard serve` on a database that already has an owner prints no key: it
 * says where the owner's key is (the embedded service's key file, when
 * `inboard` made the database first) or how to make another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureEmbeddedKey } from '../../src/config/key-file.js';
import { startService } from '../../src/server/index.js';
import { callAt } from './helpers.js';
import { exited, spawnServe } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-serve-owner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Serves with the data dir given, and returns what it said on stderr once listening. */
async function serveSays(args: string[], dataDir: string): Promise<{ stderr: string; url: string }> {
  const env: Record<string, string> = { INBOARD_DATA_DIR: dataDir, INBOARD_API_KEY: '' };
  const child = await spawnServe(args, env);
  // The database line comes after every other word of the start.
  while (!child.stderr().includes('inboard serve: database')) await new Promise((r) => setTimeout(r, 20));
  child.proc.kill('SIGTERM');
  await exited(child.proc);
  return { stderr: child.stderr(), url: child.url };
}

describe('inboard serve on a database with an owner', () => {
  it('after the embedded service made it (npm start): names the embedded key file, and the key works', async () => {
    const data = join(dir, 'embedded');
    // What `inboard` with no remote does first: its key file, then the demo on the default database.
    const keyPath = join(data, 'embedded.key');
    const key = await ensureEmbeddedKey(keyPath);
    const svc = await startService({ dbPath: join(data, 'inboard.db'), apiKey: key, demo: true });
    await svc.close();

    const { stderr } = await serveSays(['--demo'], data);
    expect(stderr).toContain('--demo ignored, the database already has boards');
    expect(stderr).toContain(`the owner's API key is in ${keyPath} (made by the embedded service)`);
    expect(stderr).toContain(`inboard keys create --email owner@inboard.local --db ${join(data, 'inboard.db')}`);
    expect(stderr).not.toContain(key);

    const again = await startService({ dbPath: join(data, 'inboard.db') });
    try {
      expect((await callAt(again.url, key, 'GET', '/v2/board')).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('after an earlier serve (its key shown once): says how to make another', async () => {
    const data = join(dir, 'served');
    const first = await serveSays([], data);
    expect(first.stderr).toContain("created the owner's API key");
    const { stderr } = await serveSays([], data);
    expect(stderr).not.toContain("created the owner's API key");
    expect(stderr).toContain(
      `the owner's API key was shown once, when it was made; to make another: inboard keys create --email owner@inboard.local --db ${join(data, 'inboard.db')}`,
    );
  });
});
