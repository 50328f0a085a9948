/**
 * The command suites' runs of `inboard <command>` in one long-lived process
 * per worker (command-host.mjs) instead of a Node start each: the same
 * build's code, with the environment, output and exit status a child's
 * would have. What a host can't be is a fresh process, so runCli (and the
 * tests about starting, exiting and stdin) still start one for the rest.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const HOST = join(ROOT, 'test/support/command-host.mjs');
const SCRIPT = join(ROOT, 'dist/commands.cjs');

export interface HostResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Answer extends HostResult {
  id: number;
}

class CommandHost {
  private next = 0;
  private readonly waiting = new Map<number, { done: (r: HostResult) => void; fail: (e: Error) => void }>();
  /** A request is under way: another goes to a child of its own, as commands run side by side would. */
  busy = false;
  readonly commands: Promise<ReadonlySet<string>>;
  private readonly child: ChildProcess;

  constructor(onExit: () => void) {
    this.child = fork(HOST, [SCRIPT], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NO_COLOR: '1', INBOARD_CACHE_DIR: process.env.INBOARD_CACHE_DIR },
      execArgv: [],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.child.unref();
    this.child.channel?.unref();
    this.commands = new Promise((ready, fail) => {
      this.child.once('message', (m: { ready?: string[] }) => ready(new Set(m.ready ?? [])));
      this.child.once('exit', () => fail(new Error('the command host ended before it was ready')));
    });
    this.commands.catch(() => undefined);
    this.child.on('message', (m: Partial<Answer>) => {
      if (m.id === undefined) return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      this.busy = false;
      w?.done({ code: m.code ?? null, stdout: m.stdout ?? '', stderr: m.stderr ?? '' });
    });
    this.child.on('exit', (code, signal) => {
      onExit();
      for (const w of this.waiting.values()) w.fail(new Error(`the command host ended (${signal ?? `exit ${code}`})`));
      this.waiting.clear();
    });
  }

  run(args: string[], env: Record<string, string | undefined>): Promise<HostResult> {
    this.busy = true;
    const id = ++this.next;
    return new Promise((done, fail) => {
      this.waiting.set(id, { done, fail });
      this.child.send({ id, args, env });
    });
  }
}

let host: CommandHost | null = null;

/**
 * Runs `inboard <args>` in this worker's command host when it can: a command
 * of the table (not `mcp`), no other under way there. Null otherwise: the
 * caller starts a process of its own.
 */
export async function runHosted(args: string[], env: Record<string, string | undefined>): Promise<HostResult | null> {
  const cmd = args[0];
  if (cmd === undefined || !existsSync(SCRIPT)) return null;
  host ??= new CommandHost(() => (host = null));
  const h = host;
  const commands = await h.commands.catch(() => new Set<string>());
  if (!commands.has(cmd) || h.busy) return null;
  return h.run(args, env);
}
