/**
 * Runs one of your commands: `sh -c SCRIPT` with the card's values in its
 * environment and the card's thread on its stdin, its output read into
 * memory, never onto the terminal the board draws on.
 *
 * It runs in a session of its own (no controlling terminal: it can't read
 * the board's keys or draw over it), so a time limit stops it and whatever
 * it started. What it leaves running on purpose (a browser `xdg-open`
 * starts) keeps going: the command is over when `sh` exits, and what is
 * written after that is read and dropped. One still running when the board
 * exits is stopped with it.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

export interface ShellRun {
  /** The script for `sh -c` (template.ts shellScript). */
  readonly script: string;
  /** Added to the board's environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly stdin: string;
  readonly timeoutMs: number;
  /** Where it runs; the board's own directory when not given. */
  readonly cwd?: string;
}

export interface Output {
  readonly stdout: string;
  readonly stderr: string;
  /** More was written than is kept (MAX_STDOUT, MAX_STDERR). */
  readonly cut: boolean;
}

export type ShellOutcome =
  | ({ kind: 'exited'; code: number } & Output)
  | ({ kind: 'signalled'; signal: string } & Output)
  | ({ kind: 'timedOut' } & Output)
  | { kind: 'failed'; message: string };

export const MAX_STDOUT = 1024 * 1024;
export const MAX_STDERR = 64 * 1024;
/** After a stop at the time limit, how long before it is killed outright. */
const KILL_AFTER_MS = 2000;
/** After `sh` exits, how long what it wrote last may take to arrive. */
const DRAIN_MS = 200;

class Kept {
  private chunks: Buffer[] = [];
  private size = 0;
  cut = false;
  constructor(private readonly max: number) {}
  add(b: Buffer): void {
    if (this.size >= this.max) {
      this.cut = true;
      return;
    }
    const room = this.max - this.size;
    if (b.length > room) this.cut = true;
    const part = b.length > room ? b.subarray(0, room) : b;
    this.chunks.push(part);
    this.size += part.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** The process groups of commands still running: stopped when the board exits, as the time limit would. */
const running = new Set<number>();
let stopsAtExit = false;

function stopAtExit(pid: number): void {
  running.add(pid);
  if (stopsAtExit) return;
  stopsAtExit = true;
  process.once('exit', () => {
    for (const group of running) {
      try {
        process.kill(-group, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  });
}

/** Runs the script; never rejects. */
export function runShell(r: ShellRun): Promise<ShellOutcome> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn('/bin/sh', ['-c', r.script, 'inboard-command'], {
        env: { ...process.env, ...r.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        ...(r.cwd !== undefined ? { cwd: r.cwd } : {}),
      });
    } catch (e) {
      resolve({ kind: 'failed', message: (e as Error).message });
      return;
    }
    const proc = child;
    if (proc.pid !== undefined) stopAtExit(proc.pid);
    const out = new Kept(MAX_STDOUT);
    const err = new Kept(MAX_STDERR);
    proc.stdout.on('data', (b: Buffer) => out.add(b));
    proc.stderr.on('data', (b: Buffer) => err.add(b));
    // A command that doesn't read its stdin closes it early: not a failure.
    proc.stdin.on('error', () => undefined);
    proc.stdin.end(r.stdin);

    let timedOut = false;
    let settled = false;
    let kill: NodeJS.Timeout | undefined;
    const group = (signal: NodeJS.Signals) => {
      try {
        if (proc.pid !== undefined) process.kill(-proc.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const limit = setTimeout(() => {
      timedOut = true;
      group('SIGTERM');
      kill = setTimeout(() => group('SIGKILL'), KILL_AFTER_MS);
      kill.unref();
    }, r.timeoutMs);
    limit.unref();

    const finish = (outcome: ShellOutcome) => {
      if (settled) return;
      settled = true;
      if (proc.pid !== undefined) running.delete(proc.pid);
      clearTimeout(limit);
      if (kill !== undefined) clearTimeout(kill);
      // What it left running may still write: read and dropped, and it keeps nothing of the board's alive.
      proc.stdout.removeAllListeners('data').resume();
      proc.stderr.removeAllListeners('data').resume();
      // Pipes are sockets: unref'd, an open one doesn't hold the process.
      for (const pipe of [proc.stdout, proc.stderr]) (pipe as Partial<Pick<Socket, 'unref'>>).unref?.();
      proc.unref();
      resolve(outcome);
    };
    const output = (): Output => ({ stdout: out.text(), stderr: err.text(), cut: out.cut || err.cut });

    proc.on('error', (e) => finish({ kind: 'failed', message: e.message }));
    proc.on('exit', (code, signal) => {
      const outcome = (): ShellOutcome =>
        timedOut
          ? { kind: 'timedOut', ...output() }
          : signal !== null
            ? { kind: 'signalled', signal, ...output() }
            : { kind: 'exited', code: code ?? 0, ...output() };
      // Its pipes close with it, unless something it started holds them.
      const drained = setTimeout(() => finish(outcome()), DRAIN_MS);
      drained.unref();
      proc.on('close', () => {
        clearTimeout(drained);
        finish(outcome());
      });
    });
  });
}
