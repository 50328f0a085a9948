/**
 * What the bench does in a terminal: launch the board and time its first
 * paint, time single key presses, page a column to its end, read memory.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type ControlTerminal, childNodePid } from './tmux-control.js';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const EXITED = /__EXIT_(\d+)__/;

export interface Launch {
  cli: string;
  args: string[];
  /** Another program instead of `node CLI` (a peer measured side by side); `cli` is then unused. */
  command?: string;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeFlags?: string[];
  /** Variables for this run only (K=V before the command). */
  env?: Record<string, string>;
}

/** Types the command, then times from Enter until `painted(screen)` holds. */
export async function launch(term: ControlTerminal, l: Launch, painted: (s: string) => boolean): Promise<number> {
  await term.type('clear');
  await term.keys('Enter');
  await term.waitFor((s) => s.split('\n').filter((l) => l.trim() !== '').length <= 1, 5_000);
  const safe = (a: string) => (/^[\w./=-]+$/.test(a) ? a : quote(a));
  const vars = Object.entries(l.env ?? {}).map(([k, v]) => `${k}=${safe(v)}`);
  const program = l.command === undefined ? ['node', ...(l.nodeFlags ?? []), l.cli] : [l.command];
  const cmd = [...vars, ...[...program, ...l.args].map(safe)].join(' ');
  await term.type(`${cmd}; echo __EXIT_$?__`);
  await term.settle(30);
  const t0 = performance.now();
  await term.keys('Enter');
  const { at } = await term.waitFor(painted, 30_000, 2);
  return at - t0;
}

export async function quit(term: ControlTerminal): Promise<void> {
  await term.keys('q');
  const { screen } = await term.waitFor((s) => EXITED.test(s), 15_000, 5);
  const code = EXITED.exec(screen)?.[1];
  if (code !== '0') throw new Error(`inboard exited with ${code}:\n${screen}`);
}

/** Time from send-keys until the pane shows anything different. */
export async function press(term: ControlTerminal, key: string): Promise<number> {
  await term.settle(80);
  const before = await term.screen();
  const t0 = performance.now();
  await term.keys(key);
  const { at } = await term.waitFor((s) => s !== before, 5_000, 1);
  return at - t0;
}

export interface KeyRuns {
  down: number[];
  column: number[];
  move: number[];
  open: number[];
  back: number[];
}

/**
 * ≥ `n` timed presses of each key. Between timed presses an untimed key puts
 * things back (g after the j run, h after l, H after L) so every timed press
 * does the same work.
 */
export async function keyLatency(term: ControlTerminal, n: number): Promise<KeyRuns> {
  const r: KeyRuns = { down: [], column: [], move: [], open: [], back: [] };
  await tap(term, 'g');
  for (let i = 0; i < n; i++) r.down.push(await press(term, 'j'));
  await tap(term, 'g');
  for (let i = 0; i < n; i++) {
    r.column.push(await press(term, 'l'));
    await tap(term, 'h');
  }
  for (let i = 0; i < n; i++) {
    r.move.push(await press(term, 'L'));
    // Wait for the server's answer to be folded in before moving it back.
    await term.settle(150);
    await tap(term, 'H');
    await term.settle(150);
  }
  for (let i = 0; i < n; i++) {
    r.open.push(await press(term, 'Enter'));
    await term.settle(120);
    r.back.push(await press(term, 'Escape'));
  }
  return r;
}

/** An untimed key: waits for its frame (up to 1 s: it may change nothing), then for quiet. */
async function tap(term: ControlTerminal, key: string): Promise<void> {
  const before = await term.screen();
  await term.keys(key);
  await term.waitFor((s) => s !== before, 1_000, 2).catch(() => undefined);
  await term.settle(60);
}

const headerCount = (screen: string, column: string): { n: number; more: boolean } | null => {
  const m = new RegExp(` ${column} \\((\\d+)(\\+?)\\)`).exec(screen);
  return m ? { n: Number(m[1]), more: m[2] === '+' } : null;
};

/**
 * Pages every column to its end with G (each G at the loaded end asks for
 * the next page of 50). Returns the wall time and the number of G presses.
 */
export async function loadAll(
  term: ControlTerminal,
  columns: readonly string[],
): Promise<{ ms: number; presses: number; resent: number }> {
  const t0 = performance.now();
  let presses = 0;
  let resent = 0;
  for (const [i, name] of columns.entries()) {
    // One key per read: Ink hands two keys that arrive in one chunk ("lG")
    // to useInput as one string, which the keymap doesn't know.
    if (i > 0) await tap(term, 'l');
    for (;;) {
      const now = headerCount(await term.screen(), name);
      if (now === null) throw new Error(`column ${name} not on screen`);
      if (!now.more) break;
      const grew = (s: string) => {
        const h = headerCount(s, name);
        return h !== null && (h.n !== now.n || !h.more);
      };
      // A G that brought no page within 3 s is pressed again (counted).
      for (let attempt = 0; ; attempt++) {
        await term.keys('G');
        presses++;
        const ok = await term.waitFor(grew, 3_000, 2).then(
          () => true,
          () => false,
        );
        if (ok) break;
        if (attempt >= 4) throw new Error(`column ${name}: G brought no page after 5 tries`);
        resent++;
      }
    }
  }
  for (let i = 1; i < columns.length; i++) await tap(term, 'h');
  await tap(term, 'g');
  await term.settle(200);
  return { ms: performance.now() - t0, presses, resent };
}

export interface Memory {
  pid: number;
  rssMb: number;
  hwmMb: number;
}

export async function memoryOf(term: ControlTerminal): Promise<Memory> {
  const pid = childNodePid(await term.panePid());
  if (pid === null) throw new Error('no node process in the pane');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return { pid, rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** Render times written so far by INBOARD_BENCH_RENDER_LOG. */
export function renderTimes(path: string): number[] {
  try {
    return readFileSync(path, 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
