/**
 * One tmux control-mode client (`tmux -C`) per terminal, spoken to
 * synchronously: a command is a line written to its input, its answer the
 * lines between `%begin` and `%end` (or `%error`) on its output.
 *
 * Why: the e2e tests send about 3,000 tmux commands a run, most of them
 * screen reads while they wait. As `execFileSync('tmux', …)` each one forked
 * the test worker (hundreds of MB of address space to copy) and started a
 * tmux client: about 4 ms of waiting and more of CPU per command, against
 * well under 1 ms here. The API stays synchronous, as the tests use it.
 *
 * The client's input and output are named pipes opened here, not Node's
 * pipes (those belong to the event loop): the answer is read with
 * non-blocking reads, with Atomics.wait for a millisecond between them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How long one command's answer may take before the test is told. */
const ANSWER_MS = 10_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * An argument as tmux's command parser reads it back unchanged: plain words
 * as they are, anything else in single quotes (a quote inside as `'\''`).
 * A lone `;` stays the separator between two commands, as in tmux's argv.
 */
export function quoteForTmux(arg: string): string {
  if (arg === ';' || /^[A-Za-z0-9_.:/@%+=,^-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** Whether one control-mode line can carry these arguments (it ends at a newline); else they go by `tmux` itself. */
export function fitsOneLine(args: readonly string[]): boolean {
  return args.every((a) => !/[\x00-\x1f\x7f]/.test(a));
}

export class TmuxControl {
  private pending = Buffer.alloc(0);
  private closed = false;
  /** The last of what came since the last command, for the error when its answer does not. */
  private received = '';
  private readonly chunk = Buffer.alloc(64 * 1024);

  private constructor(
    private readonly dir: string,
    private readonly input: number,
    private readonly output: number,
    private readonly child: ChildProcess,
  ) {}

  /** Attaches to `session` on `socket`, without the pane output a control client is otherwise sent. */
  static attach(socket: string, session: string): TmuxControl {
    const dir = mkdtempSync(join(tmpdir(), 'inboard-tmux-control-'));
    const inPath = join(dir, 'in');
    const outPath = join(dir, 'out');
    execFileSync('mkfifo', [inPath, outPath]);
    // Read-write: opening never waits for the other end, and the pipe outlives a reader's restart.
    const input = openSync(inPath, constants.O_RDWR);
    // Our read end first (non-blocking), then the write end the client inherits: its exit is our EOF.
    const output = openSync(outPath, constants.O_RDONLY | constants.O_NONBLOCK);
    const clientOut = openSync(outPath, constants.O_WRONLY);
    // no-output from the attach on: the pane's output is never sent to us. Set later by refresh-client, the
    // answer to that command could wait behind output queued before it, and never come.
    const child = spawn('tmux', ['-L', socket, '-C', 'attach-session', '-f', 'no-output', '-t', session], {
      stdio: [input, clientOut, 'ignore'],
    });
    closeSync(clientOut);
    child.unref();
    const control = new TmuxControl(dir, input, output, child);
    // A command read before the attach's own answer runs with no client attached ("no current client").
    control.answer('0');
    return control;
  }

  /** Runs one command line (tmux's arguments); its output as `tmux` would print it. Throws on %error. */
  command(args: readonly string[]): string {
    writeSync(this.input, `${args.map(quoteForTmux).join(' ')}\n`);
    const { ok, lines } = this.answer();
    const text = lines.map((l) => `${l.toString('utf8')}\n`).join('');
    if (!ok) throw new Error(`tmux ${args.join(' ')}: ${text.trim()}`);
    return text;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.child.kill();
    closeSync(this.input);
    closeSync(this.output);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * The next block with these flags: 1 for the answer to a command this client wrote, 0 for the
   * attach's own. Notifications between blocks are passed over.
   */
  private answer(flags: '0' | '1' = '1'): { ok: boolean; lines: Buffer[] } {
    const deadline = Date.now() + ANSWER_MS;
    this.received = '';
    for (;;) {
      const begin = /^%begin (\S+ \S+ (\d+))$/.exec(this.line(deadline).toString('latin1'));
      if (begin?.[2] !== flags) continue;
      const lines: Buffer[] = [];
      for (;;) {
        const line = this.line(deadline);
        const text = line.toString('latin1');
        if (text === `%end ${begin[1]}`) return { ok: true, lines };
        if (text === `%error ${begin[1]}`) return { ok: false, lines };
        lines.push(line);
      }
    }
  }

  /** What the error says when an answer does not come: whether the client still runs, and what it sent last. */
  private diagnosis(): string {
    const state = this.child.exitCode ?? this.child.signalCode ?? `running as ${this.child.pid}`;
    return `control client: ${state}; received since the command: ${JSON.stringify(this.received)}`;
  }

  private line(deadline: number): Buffer {
    for (;;) {
      const nl = this.pending.indexOf(10);
      if (nl >= 0) {
        const line = this.pending.subarray(0, nl);
        this.pending = this.pending.subarray(nl + 1);
        return line;
      }
      let n: number;
      try {
        n = readSync(this.output, this.chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
        if (Date.now() > deadline) {
          throw new Error(`tmux gave no answer in ${ANSWER_MS / 1000} s (${this.diagnosis()})`);
        }
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (n === 0) throw new Error('the tmux control client has ended (the terminal was killed?)');
      this.pending = Buffer.concat([this.pending, this.chunk.subarray(0, n)]);
      this.received = (this.received + this.chunk.toString('latin1', 0, n)).slice(-600);
    }
  }
}
