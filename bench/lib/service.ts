/** `inboard serve` as a child process, and the app snapshot the bench runs. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

export interface Serve {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Copies dist/ into `dir` (with node_modules linked beside it, so the
 * external better-sqlite3 still resolves): other people rebuild the shared
 * dist/ while the bench runs, and a half-written bundle would spoil a run.
 */
export function snapshotDist(repo: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  cpSync(join(repo, 'dist'), join(dir, 'dist'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
}

export function startServe(cli: string, dbPath: string, apiKey: string): Promise<Serve> {
  // --rate-limit 0: the bench measures the client, not the limiter.
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--db', dbPath, '--rate-limit', '0'], {
    env: { ...process.env, INBOARD_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /inboard serve listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], proc, stop });
    });
    proc.once('exit', (code) => reject(new Error(`serve exited early (${code}): ${err}`)));
  });
}
