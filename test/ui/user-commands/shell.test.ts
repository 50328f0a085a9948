/**
 * The runner of your commands, with real processes: a script given the
 * card's values and its thread on stdin writes them to a file; a failure's
 * exit code and stderr; a command cut off at its time limit, with what it
 * started; one that leaves something running is done when `sh` is; output
 * kept up to its limit.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_STDOUT, runShell } from '../../../src/ui/user-commands/shell.js';
import { commandEnv, shellScript } from '../../../src/ui/user-commands/template.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, o: { stdin?: string; timeoutMs?: number; values?: Record<string, string> } = {}) =>
  runShell({
    script: shellScript(command),
    env: commandEnv(o.values ?? {}),
    stdin: o.stdin ?? '',
    timeoutMs: o.timeoutMs ?? 10_000,
    cwd: dir,
  });

/** Whether a process still runs: an ended one the machine's init hasn't reaped yet (a zombie) does not. */
function alive(pid: number): boolean {
  if (existsSync('/proc/self')) {
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('running one of your commands', () => {
  it('runs a script with the card’s values as arguments and its thread on stdin', async () => {
    const script = join(dir, 'note.sh');
    const out = join(dir, 'noted.txt');
    writeFileSync(
      script,
      `#!/bin/sh\nprintf 'id=%s title=%s\\n' "$1" "$2" > "${out}"\ncat >> "${out}"\necho "noted $1"\n`,
    );
    chmodSync(script, 0o755);
    const o = await run(`${script} {{id}} {{title}}`, {
      values: { id: '0x7F', title: 'Re: refund $(date)' },
      stdin: 'Thread (1 message)\n● ann@example.com\n',
    });
    expect(o).toMatchObject({ kind: 'exited', code: 0, stdout: 'noted 0x7F\n', stderr: '', cut: false });
    expect(readFileSync(out, 'utf8')).toBe('id=0x7F title=Re: refund $(date)\nThread (1 message)\n● ann@example.com\n');
  });

  it('tells a failure by its exit code, with what it wrote on stderr', async () => {
    const o = await run('echo "no such ticket" >&2; exit 3');
    expect(o).toMatchObject({ kind: 'exited', code: 3, stderr: 'no such ticket\n' });
  });

  it('stops a command at its time limit, and what it started with it', async () => {
    const pidFile = join(dir, 'sleeper.pid');
    const o = await run(`sleep 60 & echo $! > ${pidFile}; wait`, { timeoutMs: 300 });
    expect(o.kind).toBe('timedOut');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // The group was sent SIGTERM before the outcome was given: gone, or going.
    for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid)).toBe(false);
  });

  it('is done when sh is, though what it started (a browser) holds its output open', async () => {
    const o = await run('sleep 60 & echo $!; echo started');
    expect(o).toMatchObject({ kind: 'exited', code: 0 });
    const [pid, said] = (o.kind === 'exited' ? o.stdout : '').trim().split('\n');
    expect(said).toBe('started');
    expect(alive(Number(pid))).toBe(true);
    process.kill(Number(pid), 'SIGKILL');
  });

  it('keeps at most MAX_STDOUT of its output, and says it cut it', async () => {
    const o = await run(`head -c ${MAX_STDOUT + 4096} /dev/zero | tr '\\0' x`);
    expect(o.kind).toBe('exited');
    if (o.kind !== 'exited') return;
    expect(o.stdout.length).toBe(MAX_STDOUT);
    expect(o.cut).toBe(true);
  });

  it('gives a command that doesn’t read its stdin the thread all the same, without failing', async () => {
    const o = await run('true', { stdin: 'x'.repeat(1_000_000) });
    expect(o).toMatchObject({ kind: 'exited', code: 0 });
  });
});
