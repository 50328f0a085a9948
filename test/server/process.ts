/** Spawning `dist/cli.js` (built by `npm test` before vitest) as a real child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

export const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');

export interface Child {
  proc: ChildProcess;
  url: string;
  stderr: () => string;
}

/** Starts `inboard serve` and resolves with the URL from its stdout line. */
export function spawnServe(args: string[], env: Record<string, string> = {}, cli: string = CLI): Promise<Child> {
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /inboard serve listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve({ proc, url: m[1], stderr: () => err });
    });
    proc.once('exit', (code) => reject(new Error(`serve exited early (${code}): ${err}`)));
  });
}

export const exited = (proc: ChildProcess): Promise<number | null> =>
  proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve(proc.exitCode)
    : new Promise((resolve) => proc.once('exit', (code) => resolve(code)));

/** Runs the CLI to completion. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => proc.once('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * A private copy of dist/ under `dir` (node_modules linked beside it) for
 * long runs: others rebuild the shared dist/ meanwhile, and a server started
 * from a half-written bundle would spoil the run. Returns its cli.js.
 */
export function snapshotCli(dir: string): string {
  const app = join(dir, 'app');
  mkdirSync(app, { recursive: true });
  cpSync(join(CLI, '..'), join(app, 'dist'), { recursive: true });
  symlinkSync(join(CLI, '..', '..', 'node_modules'), join(app, 'node_modules'));
  return join(app, 'dist', 'cli.js');
}
