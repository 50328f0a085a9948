/**
 * TUI benchmark (issue "Fast at any board size"): first paint, key → frame
 * latency, Ink render time, resident memory with 10,000 cards loaded, and
 * the start-up cost of the commands that must never load Ink.
 *
 * Runs the built CLI (a snapshot of dist/, so run `npm run build` first) in
 * tmux with CI unset, against `inboard serve` on a temp database and against
 * the embedded demo. Prints a table and writes bench/results-tui.md.
 *
 * Env: BENCH_RUNS (first-paint runs, default 7), BENCH_PRESSES (per key,
 * default 30), BENCH_COLS / BENCH_ROWS (terminal, default 140×40).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedBoard, titleFor, type BenchBoard } from './lib/seed.js';
import { snapshotDist, startServe, type Serve } from './lib/service.js';
import { launch, quit, keyLatency, loadAll, memoryOf, renderTimes, type KeyRuns } from './lib/scenarios.js';
import { markdownTable, median, row, type Row } from './lib/stats.js';
import { ControlTerminal } from './lib/tmux-control.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 30);
const COLS = Number(process.env.BENCH_COLS ?? 140);
const ROWS = Number(process.env.BENCH_ROWS ?? 40);
const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..');

const work = mkdtempSync(join(tmpdir(), 'inboard-bench-tui-'));
const cli = snapshotDist(REPO, join(work, 'app'));
const socketBase = `bench-tui-${process.pid}`;
let sockets = 0;
const terminals: ControlTerminal[] = [];
let serve: Serve | null = null;
const log = (s: string) => process.stderr.write(`${s}\n`);

async function terminal(env: Record<string, string>): Promise<ControlTerminal> {
  const t = await ControlTerminal.start({
    socket: `${socketBase}-${sockets++}`,
    cols: COLS,
    rows: ROWS,
    env,
    cwd: work,
  });
  terminals.push(t);
  return t;
}

/** A fresh, empty config + data dir: no user config file can leak in. */
function freshDirs(tag: string): Record<string, string> {
  const d = mkdtempSync(join(work, `${tag}-`));
  return { INBOARD_DATA_DIR: d, INBOARD_CONFIG_DIR: d, INBOARD_CACHE_DIR: join(work, 'code-cache') };
}

const hasAll = (needles: string[]) => (s: string) => needles.every((n) => s.includes(n));

async function firstPaints(
  env: Record<string, string>,
  board: string,
  marker: string[],
  runs: number,
  warmup = 1,
): Promise<number[]> {
  const term = await terminal(env);
  const out: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const t = await launch(term, { cli, args: ['--board', board] }, hasAll(marker));
    if (i >= warmup) out.push(t);
    await quit(term);
  }
  term.close();
  return out;
}

function wall(args: string[], runs = 10, bin = process.execPath): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    const r = spawnSync(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const t = performance.now() - t0;
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.toString()}`);
    if (i > 0) out.push(t);
  }
  return out;
}

const firstCards = (b: BenchBoard) => b.columns.map((_, c) => titleFor(c, 0).slice(0, 8));

async function main(): Promise<void> {
  const rows: Row[] = [];
  const loadBefore = loadavg()[0] ?? 0;
  const notes: string[] = [];

  // --- embedded demo: cold (fresh data dir: key, migrations, demo seed) and warm
  log('embedded demo: cold first runs…');
  const demoMarker = ['Invoice #10482'];
  const cold: number[] = [];
  let warmDirs: Record<string, string> = {};
  for (let i = 0; i < RUNS; i++) {
    warmDirs = freshDirs('cold');
    cold.push(...(await firstPaints(warmDirs, 'Support Inbox', demoMarker, 1, 0)));
  }
  log('embedded demo: warm runs…');
  const warm = await firstPaints(warmDirs, 'Support Inbox', demoMarker, RUNS);

  // --- remote: inboard serve on a temp db, boards of 1,000 and 10,000 cards
  const dbPath = join(work, 'serve.db');
  serve = await startServe(cli, dbPath, KEY);
  const s0 = performance.now();
  const b1k = await seedBoard(serve.url, KEY, dbPath, 'Bench 1k', 1_000);
  const b10k = await seedBoard(serve.url, KEY, dbPath, 'Bench 10k', 10_000);
  notes.push(
    `Seeding 11,000 cards (API for board/columns/tags, SQLite for cards): ${((performance.now() - s0) / 1000).toFixed(1)} s.`,
  );
  const remote = { INBOARD_URL: serve.url, INBOARD_API_KEY: KEY, ...freshDirs('remote') };
  log('remote 1k / 10k first paint…');
  const p1k = await firstPaints(remote, b1k.name, [titleFor(0, 0).slice(0, 8)], RUNS);
  const p1kAll = await firstPaints(remote, b1k.name, firstCards(b1k), RUNS);
  const p10k = await firstPaints(remote, b10k.name, [titleFor(0, 0).slice(0, 8)], RUNS);
  const p10kAll = await firstPaints(remote, b10k.name, firstCards(b10k), RUNS);

  // --- 10k: key latency with page 1 loaded, then everything loaded; memory
  log('10k key latency, paging, memory…');
  const renderLog = join(work, 'render.log');
  const term = await terminal({ ...remote, INBOARD_BENCH_RENDER_LOG: renderLog });
  await launch(term, { cli, args: ['--board', b10k.name] }, hasAll(firstCards(b10k)));
  await term.settle(300);
  const memPage1 = await memoryOf(term);
  const r0 = renderTimes(renderLog).length;
  const keysPage1 = await keyLatency(term, PRESSES);
  const r1 = renderTimes(renderLog).length;
  const paged = await loadAll(
    term,
    b10k.columns.map((c) => c.name),
  );
  const memAll = await memoryOf(term);
  const r2 = renderTimes(renderLog).length;
  const keysAll = await keyLatency(term, PRESSES);
  await term.settle(300);
  const rendersAll = renderTimes(renderLog);
  const renders = [...rendersAll.slice(r0, r1), ...rendersAll.slice(r2)];
  await quit(term);
  term.close();
  notes.push(
    `Paging all 10,000 cards in with G: ${paged.presses} presses in ${(paged.ms / 1000).toFixed(1)} s ` +
      `(${(paged.ms / paged.presses).toFixed(0)} ms per page of 50, key → page rendered)` +
      (paged.resent > 0 ? `; ${paged.resent} G presses brought no page within 3 s and were pressed again.` : '.'),
    `RSS with page 1 per column loaded (250 cards): ${memPage1.rssMb.toFixed(0)} MB; ` +
      `all 10,000 loaded: ${memAll.rssMb.toFixed(0)} MB (peak VmHWM ${memAll.hwmMb.toFixed(0)} MB).`,
    `Ink renderTime over all ${rendersAll.length} frames of the 10k session (incl. paging): median ${median(rendersAll).toFixed(2)} ms, max ${Math.max(...rendersAll).toFixed(1)} ms.`,
  );

  // --- commands that must not load Ink
  log('--help / --version / keys list…');
  const nodeZero = wall(['-e', '0']);
  const help = wall([cli, '--help']);
  const version = wall([cli, '--version']);
  const keysList = wall([cli, 'keys', 'list', '--db', dbPath]);
  await serve.stop();
  serve = null;

  const keyRows = (label: string, k: KeyRuns): Row[] => [
    row(`key j (cursor down), ${label}`, k.down, 16, 33),
    row(`key l (next column), ${label}`, k.column, 16, 33),
    row(`key L (optimistic move), ${label}`, k.move, 16, 33),
    row(`key Enter (open detail), ${label}`, k.open, 16, 33),
    row(`key Esc (back to board), ${label}`, k.back, 16, 33),
  ];
  rows.push(
    row('first paint, embedded demo (warm: db exists)', warm, 400),
    row('first paint, embedded demo, cold first run (new db + seed)', cold, null),
    row('first paint, 1,000 cards over loopback (first card)', p1k, 450),
    row('first paint, 1,000 cards, all 5 columns’ top cards', p1kAll, 450),
    row('first paint, 10,000 cards (first card)', p10k, 600),
    row('first paint, 10,000 cards, all 5 columns’ top cards', p10kAll, 600),
    ...keyRows('10k, page 1 loaded', keysPage1),
    ...keyRows('10k, all 10,000 loaded', keysAll),
    row('Ink renderTime per frame during key runs (10k)', renders, null),
    {
      figure: 'RSS with 10,000 cards loaded',
      measured: `${memAll.rssMb.toFixed(0)} MB (page 1 only: ${memPage1.rssMb.toFixed(0)} MB)`,
      budget: '≤ 150 MB',
      ok: memAll.rssMb <= 150,
    },
    row('inboard --help', help, 150),
    row('inboard --version', version, 150),
    row('inboard keys list --db X (non-TUI)', keysList, 150),
    row('node -e 0 (for scale)', nodeZero, null),
  );

  const load = `load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs`;
  const env = `Node ${process.version}, ${COLS}×${ROWS} tmux pane, CI unset; ${RUNS} first-paint runs (after 1 warm-up), ${PRESSES} presses per key; ${load}.`;
  const md = [
    '# bench:tui results',
    '',
    env,
    'Boards: 5 columns, one big (60%: Inbox) plus four of 10% each; titles mix emoji, CJK and accents; a third tagged, half assigned.',
    'First paint: Enter on the shell command → the capture where the card title is on screen (control-mode tmux, polled at every %output and every 2 ms).',
    'Key latency: send-keys → the first capture that differs (polled at every %output and every 1 ms); conservative by one capture round trip (< 0.5 ms).',
    '',
    markdownTable(rows),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  writeFileSync(join(REPO, 'bench', 'results-tui.md'), md);
  process.stdout.write(`\n${md}`);
}

try {
  await main();
} finally {
  for (const t of terminals) t.close();
  await (serve as Serve | null)?.stop();
  rmSync(work, { recursive: true, force: true });
}
