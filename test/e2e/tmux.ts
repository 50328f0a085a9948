/**
 * A real terminal for e2e tests: a tmux session on a private socket running
 * a plain shell, into which tests type commands and keys and whose screen
 * they read back. Ink renders differently under CI=true, so the shell runs
 * with CI unset.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fitsOneLine, TmuxControl } from './tmux-control.js';

// One tmux server per terminal. Sharing a server across terminals raced:
// killing the last session makes the server exit, and a new-session sent in
// that moment fails with "server exited unexpectedly".
let ownCacheDir: string | null = null;
/**
 * The board's code cache for the terminals' CLIs, never the user's: the
 * run's (test/global-setup.ts), so later starts find it warm as a user's
 * do; outside a full run, a temp dir of this test file's.
 */
function testCacheDir(): string {
  return process.env.INBOARD_TEST_CACHE_DIR ?? (ownCacheDir ??= mkdtempSync(join(tmpdir(), 'inboard-e2e-cache-')));
}

function tmuxOn(socket: string, ...args: string[]): string {
  return execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
}

export function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface TerminalOptions {
  cols?: number;
  rows?: number;
  env?: Record<string, string>;
  cwd?: string;
}

export class Terminal {
  private constructor(
    readonly name: string,
    /** The tmux server's socket name (`tmux -L`). */
    readonly socket: string,
    private readonly control: TmuxControl,
  ) {}

  static start(opts: TerminalOptions = {}): Terminal {
    const name = `t${randomUUID().slice(0, 8)}`;
    const socket = `inboard-e2e-${process.pid}-${name}`;
    const env = {
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      PS1: '$ ',
      INBOARD_CACHE_DIR: opts.env?.INBOARD_CACHE_DIR ?? testCacheDir(),
      ...opts.env,
    };
    const exports = Object.entries(env)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(' ');
    tmuxOn(
      socket,
      'new-session',
      '-d',
      '-s',
      name,
      '-x',
      String(opts.cols ?? 120),
      '-y',
      String(opts.rows ?? 32),
      '-c',
      opts.cwd ?? process.cwd(),
      `env -u CI -u FORCE_COLOR -u NO_COLOR ${exports} bash --norc --noprofile`,
    );
    return new Terminal(name, socket, TmuxControl.attach(socket, name));
  }

  private tmux(...args: string[]): string {
    return fitsOneLine(args) ? this.control.command(args) : tmuxOn(this.socket, ...args);
  }

  /** Types a line into the shell and presses Enter. */
  run(command: string): void {
    this.tmux('send-keys', '-t', this.name, '-l', command);
    this.tmux('send-keys', '-t', this.name, 'Enter');
  }

  /**
   * Types a line into the shell, presses Enter and then `keys` (tmux key
   * names) in the one tmux call: the keys are in the terminal before the
   * command has started, typed ahead of anything it draws.
   */
  runTypingAhead(command: string, ...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, '-l', command, ';', 'send-keys', '-t', this.name, 'Enter', ...keys);
  }

  /** tmux key names: 'L', 'Enter', 'Escape', 'S-Right', 'C-c'. */
  keys(...keys: string[]): void {
    for (const k of keys) this.tmux('send-keys', '-t', this.name, k);
  }

  /** Literal text, as if typed. */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.name, '-l', text);
  }

  resize(cols: number, rows: number): void {
    this.tmux('resize-window', '-t', this.name, '-x', String(cols), '-y', String(rows));
  }

  /** The pid of the pane's shell (the TUI runs as its child). */
  panePid(): number {
    return Number(this.tmux('display-message', '-p', '-t', this.name, '#{pane_pid}').trim());
  }

  /** The pane's terminal device (/dev/pts/N), to read its modes with `stty -F`. */
  paneTty(): string {
    return this.tmux('display-message', '-p', '-t', this.name, '#{pane_tty}').trim();
  }

  /** The screen with its colours and attributes as escape sequences. */
  screenAnsi(): string {
    return this.tmux('capture-pane', '-p', '-e', '-t', this.name);
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', this.name);
  }

  /** Whether the pane is on the alternate screen (the TUI is up). */
  alternateOn(): boolean {
    return this.tmux('display-message', '-p', '-t', this.name, '#{alternate_on}').trim() === '1';
  }

  async waitFor(match: string | RegExp | ((screen: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const test =
      typeof match === 'function'
        ? match
        : (s: string) => (typeof match === 'string' ? s.includes(match) : match.test(s));
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      last = this.screen();
      // A frame can be caught half written (the pane takes it in pieces): a match counts once a
      // second look sees the same screen, so what the test reads beside the match is drawn too.
      if (test(last)) {
        const again = this.screen();
        if (again === last) return last;
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`screen never matched ${String(match)}; last screen:\n${last}`);
  }

  kill(): void {
    this.control.close();
    try {
      execFileSync('tmux', ['-L', this.socket, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // already gone
    }
    rmSync(join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`, this.socket), { force: true });
  }
}

/**
 * As long as a person takes to see the board before moving a card on it:
 * the app refuses a move typed before the board's cards were on screen for
 * 120 ms (src/ui/keys/seen-clock.ts, context.ts REACTION_MS), as typed
 * before they showed.
 */
export const lookAtTheBoard = (): Promise<void> => new Promise((r) => setTimeout(r, 200));

/** Waits (up to 10 s, checking every 50 ms) for something outside the terminal, e.g. a fixture server's state. */
export async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
