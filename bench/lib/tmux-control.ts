/**
 * A tmux terminal driven through one control-mode client (`tmux -C`) on a
 * private socket: commands go over a pipe instead of spawning a tmux process
 * per call (~3 ms each), so sending a key or capturing the pane costs well
 * under a millisecond, and `%output` notifications say when the app wrote to
 * its pty — the moment to look at the screen again.
 */
import { spawn, execFileSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

interface Pending {
  resolve: (lines: string[]) => void;
  reject: (e: Error) => void;
}

export interface TerminalOptions {
  socket: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
  cwd: string;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export class ControlTerminal {
  private readonly queue: Pending[] = [];
  private block: string[] | null = null;
  private blockIsOurs = false;
  /** performance.now() of the latest %output notification. */
  lastOutputAt = 0;
  private outputWaiters: (() => void)[] = [];

  private constructor(
    readonly socket: string,
    readonly session: string,
    private readonly proc: ChildProcessWithoutNullStreams,
  ) {
    const rl = createInterface({ input: proc.stdout });
    rl.on('line', (line) => this.onLine(line));
    proc.on('exit', () => {
      for (const p of this.queue.splice(0)) p.reject(new Error('tmux control client exited'));
    });
  }

  static async start(opts: TerminalOptions): Promise<ControlTerminal> {
    const session = 'bench';
    const env = { TERM: 'xterm-256color', LANG: 'C.UTF-8', PS1: '$ ', ...opts.env };
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${quote(v)}`)
      .join(' ');
    execFileSync('tmux', [
      '-L',
      opts.socket,
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      session,
      '-x',
      String(opts.cols),
      '-y',
      String(opts.rows),
      '-c',
      opts.cwd,
      `env -u CI ${exports} bash --norc --noprofile`,
    ]);
    execFileSync('tmux', ['-L', opts.socket, 'set', '-g', 'window-size', 'manual']);
    const proc = spawn('tmux', ['-L', opts.socket, '-C', 'attach', '-t', session], { stdio: ['pipe', 'pipe', 'pipe'] });
    const t = new ControlTerminal(opts.socket, session, proc);
    await t.command('display -p ok');
    return t;
  }

  private onLine(line: string): void {
    if (this.block !== null) {
      if (/^%(end|error) \d+ \d+ \d+$/.test(line)) {
        const lines = this.block;
        this.block = null;
        if (!this.blockIsOurs) return;
        const p = this.queue.shift();
        if (line.startsWith('%error')) p?.reject(new Error(`tmux: ${lines.join('\n')}`));
        else p?.resolve(lines);
        return;
      }
      this.block.push(line);
      return;
    }
    const begin = /^%begin \d+ \d+ (\d+)$/.exec(line);
    if (begin) {
      this.block = [];
      // Flag 1: a command this client sent (0: the attach itself).
      this.blockIsOurs = begin[1] === '1';
      return;
    }
    if (line.startsWith('%output ')) {
      this.lastOutputAt = performance.now();
      for (const w of this.outputWaiters.splice(0)) w();
    }
  }

  command(cmd: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject });
      this.proc.stdin.write(`${cmd}\n`);
    });
  }

  /** Resolves at the next %output, or after `ms`, whichever comes first. */
  nextOutput(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.outputWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** tmux key names: 'j', 'Enter', 'Escape'. Resolves once tmux has handled it. */
  keys(...keys: string[]): Promise<string[]> {
    return this.command(`send-keys -t ${this.session} ${keys.map(quote).join(' ')}`);
  }

  type(text: string): Promise<string[]> {
    return this.command(`send-keys -t ${this.session} -l ${quote(text)}`);
  }

  async screen(): Promise<string> {
    return (await this.command(`capture-pane -p -t ${this.session}`)).join('\n');
  }

  async panePid(): Promise<number> {
    return Number((await this.command(`display -p -t ${this.session} '#{pane_pid}'`))[0]);
  }

  /**
   * Polls the screen until `test` holds: at every %output and at least every
   * `pollMs`. Returns the time (performance.now()) the matching capture came
   * back — a conservative "it is on screen by then".
   */
  async waitFor(
    test: (screen: string) => boolean,
    timeoutMs = 15_000,
    pollMs = 2,
  ): Promise<{ at: number; screen: string }> {
    const deadline = performance.now() + timeoutMs;
    let last = '';
    while (performance.now() < deadline) {
      last = await this.screen();
      const at = performance.now();
      if (test(last)) return { at, screen: last };
      await this.nextOutput(pollMs);
    }
    throw new Error(`screen never matched within ${timeoutMs} ms; last screen:\n${last}`);
  }

  /** Waits until no output for `quietMs` (the app has settled). */
  async settle(quietMs = 120, timeoutMs = 10_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    const start = performance.now();
    this.lastOutputAt = Math.max(this.lastOutputAt, start);
    while (performance.now() < deadline) {
      const idle = performance.now() - this.lastOutputAt;
      if (idle >= quietMs) return;
      await new Promise((r) => setTimeout(r, quietMs - idle + 1));
    }
  }

  close(): void {
    try {
      this.proc.stdin.end();
      this.proc.kill();
      execFileSync('tmux', ['-L', this.socket, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // already gone
    }
    // kill-server leaves the socket file behind.
    rmSync(join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`, this.socket), { force: true });
  }
}

/** The node process running in the pane: the pane shell's child named node. */
export function childNodePid(shellPid: number): number | null {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
      if (m && Number(m[2]) === shellPid && m[1] === 'node') return Number(d);
    } catch {
      // exited meanwhile
    }
  }
  return null;
}
