/**
 * The embedded default: with no URL configured, inboard starts the local
 * service in-process on the XDG data dir's database. Two inboards started at
 * once on one machine must share it safely: one demo workspace, one key.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function boardsJson(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir };
  delete env.INBOARD_URL;
  delete env.INBOARD_API_KEY;
  const child = spawn(process.execPath, [CLI, 'boards', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('embedded service', () => {
  it('two first runs at once share one database, one demo workspace and one 0600 key', async () => {
    const runs = await Promise.all([boardsJson(), boardsJson(), boardsJson()]);
    for (const r of runs) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const names = (JSON.parse(r.stdout) as { Name: string }[]).map((b) => b.Name).sort();
      expect(names).toEqual(['Sales Pipeline', 'Support Inbox']);
    }
    const keyFile = join(dir, 'embedded.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8').trim().length).toBeGreaterThanOrEqual(16);
  });
});
