/**
 * First paint, and where its time goes, for several builds side by side:
 *   node --import tsx bench/first-paint.ts DIST_A DIST_B ...   (default ./dist)
 *
 * Each round launches every build once per board (1k and 10k over loopback,
 * `--board`, all five columns' top cards on screen; the warm embedded demo),
 * so a machine whose speed drifts slows every build alike. Each run carries
 * bench/lib/probe.mjs, which stamps (ms since node started) when the preload
 * ran, every HTTP request, the switch to the alternate screen and the first
 * write holding the first top card. Per build and board, medians (p90) of:
 *
 * - node: node's own start-up, up to the preload (before any inboard code);
 * - bundle: from there to the first request (cli.js, the run chunk, config);
 * - requests: the first request sent → the last request answered before the
 *   first frame (boards, columns, first pages), Ink loading meanwhile;
 * - frame: from that answer (or Ink loaded, if later) to the first card
 *   written (React, yoga, Ink's first frame);
 * - seen: written → on the tmux screen; and the whole: Enter → on screen;
 * - CPU to first card: the process's CPU time (user + system) up to the
 *   first card written, which a busy machine stretches far less than the
 *   wall-clock figures (others' work takes the cores, not this work's CPU).
 *
 * Env: BENCH_RUNS (rounds, default 9; one more is run first to warm the
 * page cache and V8's code cache of the board's script), PAINT_BOARDS
 * (default 1k,10k,embedded), PAINT_COLD_CACHE=1 (every run with an empty
 * code cache dir: the very first start after an install or upgrade).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch, quit } from './lib/scenarios.js';
import { seedBoard, titleFor, type BenchBoard } from './lib/seed.js';
import { startServe } from './lib/service.js';
import { median, paneConditions, quantile } from './lib/stats.js';
import { ControlTerminal } from './lib/tmux-control.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const BOARDS = (process.env.PAINT_BOARDS ?? '1k,10k,embedded').split(',');
const COLD_CACHE = process.env.PAINT_COLD_CACHE === '1';
const KEY = 'ibk_bench_paint_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..');
const PROBE = join(REPO, 'bench', 'lib', 'probe.mjs');
// `DIST::--flag …` runs that build with node flags of its own (e.g. a V8 heap setting to try).
const builds = process.argv.slice(2).map((arg) => {
  const [dir = '', flags = ''] = arg.split('::');
  return { dir: resolve(dir), flags: flags.split(' ').filter((f) => f !== ''), label: arg };
});
if (builds.length === 0) builds.push({ dir: join(REPO, 'dist'), flags: [], label: 'dist' });
const dists = builds.map((b) => b.dir);
const work = mkdtempSync(join(tmpdir(), 'inboard-paint-'));
const terms: ControlTerminal[] = [];

interface Timeline {
  preload: number;
  preloadCpu: number;
  markerCpu: number | null;
  altScreen: number | null;
  marker: number | null;
  requests: { path: string; start: number; headers: number | null; done: number | null }[];
}
interface Phases {
  node: number;
  bundle: number;
  requests: number;
  frame: number;
  seen: number;
  whole: number;
  /** CPU time (user + system) of the process up to the first card written: what a busy machine does not stretch. */
  cpu: number;
}

function snapshot(dist: string, i: number): string {
  const dir = join(work, `app${i}`);
  mkdirSync(dir, { recursive: true });
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
}

/** The phases of one run from its probe timeline, the bench's Enter→seen and the process start offset. */
function phases(t: Timeline, whole: number): Phases | null {
  if (t.marker === null) return null;
  const marker = t.marker;
  const first = t.requests[0]?.start ?? marker;
  const before = t.requests.filter((r) => r.done !== null && r.done <= marker);
  const lastAnswer = before.length === 0 ? first : Math.max(...before.map((r) => r.done as number));
  // Launch → node started is not stamped: node's own part is the preload's time since node started.
  return {
    node: t.preload,
    bundle: first - t.preload,
    requests: lastAnswer - first,
    frame: marker - lastAnswer,
    seen: whole - marker,
    whole,
    cpu: t.markerCpu ?? Number.NaN,
  };
}

const fmt = (xs: number[]) => (xs.length === 0 ? '—' : `${median(xs).toFixed(0)} (${quantile(xs, 0.9).toFixed(0)})`);

const clis = dists.map(snapshot);
const dbPath = join(work, 's.db');
const serve = await startServe(clis[0] as string, dbPath, KEY);
try {
  const load0 = loadavg()[0] ?? 0;
  const boards: { name: string; board: string; marker: string; env: Record<string, string> }[] = [];
  for (const size of BOARDS) {
    if (size === 'embedded') {
      const d = mkdtempSync(join(work, 'emb-'));
      boards.push({
        name: 'embedded demo, warm',
        board: 'Support Inbox',
        marker: 'Invoice #10482',
        env: { INBOARD_DATA_DIR: d, INBOARD_CONFIG_DIR: d, PROBE_MARKER: 'Invoice #10482' },
      });
      continue;
    }
    const total = size === '10k' ? 10_000 : size === '1k' ? 1_000 : Number(size);
    const b: BenchBoard = await seedBoard(serve.url, KEY, dbPath, `Paint ${size}`, total);
    const d = mkdtempSync(join(work, 'remote-'));
    boards.push({
      name: `${size} cards, all tops`,
      board: b.name,
      // The last column's top card: the first frame has them all (run.tsx waits for the first pages).
      marker: titleFor(b.columns.length - 1, 0).slice(0, 8),
      env: {
        INBOARD_URL: serve.url,
        INBOARD_API_KEY: KEY,
        INBOARD_DATA_DIR: d,
        INBOARD_CONFIG_DIR: d,
        PROBE_MARKER: titleFor(b.columns.length - 1, 0).slice(0, 8),
      },
    });
  }
  const results = clis.map(() => boards.map(() => [] as Phases[]));
  const paneTerms = await Promise.all(
    boards.map((b, j) =>
      ControlTerminal.start({ socket: `paint-${process.pid}-${j}`, cols: 140, rows: 40, env: b.env, cwd: work }),
    ),
  );
  terms.push(...paneTerms);
  for (let round = 0; round <= RUNS; round++) {
    process.stderr.write(`round ${round}/${RUNS}\n`);
    for (const [i, cli] of clis.entries()) {
      for (const [j, b] of boards.entries()) {
        const t = paneTerms[j] as ControlTerminal;
        const file = join(work, `probe-${i}-${j}-${round}.json`);
        const marker = b.marker;
        const whole = await launch(
          t,
          {
            cli,
            args: ['--board', b.board],
            nodeFlags: [...(builds[i]?.flags ?? []), '--import', PROBE],
            // PROBE_MARKER is in the pane's environment: typed here, the command line itself would show it.
            env: {
              PROBE_OUT: file,
              // Each build's code cache apart, never the user's; a fresh dir per run when cold.
              INBOARD_CACHE_DIR: COLD_CACHE ? mkdtempSync(join(work, 'cache-')) : join(work, `cache-${i}`),
            },
          },
          (s) => s.includes(marker),
        );
        await quit(t);
        if (round === 0) continue; // warms the page cache
        const p = phases(JSON.parse(readFileSync(file, 'utf8')) as Timeline, whole);
        if (p !== null) results[i]?.[j]?.push(p);
      }
    }
  }
  const out = ['# First paint: median (p90) ms', ''];
  out.push('| board | build | node | bundle | requests | frame | seen | **Enter → on screen** | CPU to first card |');
  out.push('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [j, b] of boards.entries()) {
    for (const [i] of clis.entries()) {
      const xs = results[i]?.[j] ?? [];
      const col = (k: keyof Phases) => fmt(xs.map((x) => x[k]));
      out.push(
        `| ${b.name} | ${builds[i]?.label} | ${col('node')} | ${col('bundle')} | ${col('requests')} | ${col('frame')} | ${col('seen')} | **${col('whole')}** | ${col('cpu')} |`,
      );
    }
  }
  out.push('', `${RUNS} rounds${COLD_CACHE ? ', every run without a code cache' : ''}; ${paneConditions(load0)}.`, '');
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  for (const t of terms) t.close();
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
