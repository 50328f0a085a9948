/**
 * Where first-paint and key-latency time goes (companion to bench/tui.ts):
 *   node --import tsx bench/lib/profile-tui.ts   (after `npm run build`)
 *
 * 1. Import cost of the bundle's chunks (ink/react = run chunk, fastify +
 *    sqlite = server chunk), each in a fresh node.
 * 2. Start-up timelines (bench/lib/probe.mjs): boot → first request →
 *    alternate screen → first card, with every HTTP request, for the 10k
 *    board over loopback and the warm embedded demo.
 * 3. CPU profiles (--cpu-prof) of an unminified build of the same sources
 *    (the board's classic script too, run with the code cache a first,
 *    unprofiled start leaves, as every start after a build's first is):
 *    start-up to first paint, and the key-press phase alone (samples filtered
 *    to its time window), summarised by function and by package.
 * Prints markdown and keeps a copy in $TMPDIR/inboard-profile-tui.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs build script, no types
import { buildBoardScript } from '../../scripts/board-script.mjs';
// @ts-expect-error: a plain .mjs build script, no types
import { bundleOptions } from '../../scripts/bundle-options.mjs';
import { formatSummary, summarise, type Profile } from './cpuprofile.js';
import { launch, press, quit } from './scenarios.js';
import { seedBoard, titleFor } from './seed.js';
import { snapshotDist, startServe, type Serve } from './service.js';
import { median } from './stats.js';
import { ControlTerminal } from './tmux-control.js';

const REPO = join(import.meta.dirname, '..', '..');
const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const work = mkdtempSync(join(tmpdir(), 'inboard-prof-tui-'));
const probe = join(REPO, 'bench', 'lib', 'probe.mjs');
const out: string[] = ['# bench:tui profile', ''];
const log = (s: string) => process.stderr.write(`${s}\n`);
let serve: Serve | null = null;
const terms: ControlTerminal[] = [];

/** scripts/build.mjs's bundles (the split modules and the board's classic script), minus minify, into `dir`. */
async function buildUnminified(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  await build({
    ...bundleOptions(),
    entryPoints: { cli: 'src/cli.ts' },
    outdir: join(dir, 'dist'),
    splitting: true,
    minify: false,
    keepNames: true,
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
  });
  await buildBoardScript({ outfile: join(dir, 'dist', 'board.cjs'), minify: false });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
}

function importCost(file: string): number[] {
  const code = `const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
  const xs: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    if (i > 0) xs.push(Number(r.stdout));
  }
  return xs;
}

interface Timeline {
  preload: number;
  firstWrite: number | null;
  altScreen: number | null;
  marker: number | null;
  requests: { path: string; start: number; headers: number | null; done: number | null }[];
}

async function timelines(
  env: Record<string, string>,
  cli: string,
  board: string,
  marker: string,
  label: string,
): Promise<void> {
  const term = await ControlTerminal.start({
    socket: `prof-tui-${process.pid}-${terms.length}`,
    cols: 140,
    rows: 40,
    env,
    cwd: work,
  });
  terms.push(term);
  const runs: Timeline[] = [];
  const paint: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const file = join(work, `probe-${label.replace(/\W+/g, '-')}-${i}.json`);
    const ms = await launch(
      term,
      { cli, args: ['--board', board], nodeFlags: ['--import', probe], env: { PROBE_OUT: file } },
      (s) => s.includes(marker),
    );
    await quit(term);
    if (i === 0) continue;
    paint.push(ms);
    runs.push(JSON.parse(readFileSync(file, 'utf8')) as Timeline);
  }
  const med = (f: (t: Timeline) => number | null) =>
    median(runs.map(f).filter((x): x is number => x !== null)).toFixed(0);
  const first = (t: Timeline) => t.requests[0]?.start ?? null;
  out.push(
    `## Start-up timeline: ${label} (median of ${runs.length}; ms since node started)`,
    '',
    `tmux first paint ${median(paint).toFixed(0)} ms · preload ran at ${med((t) => t.preload)} · first HTTP request ${med(first)} · ` +
      `alternate screen ${med((t) => t.altScreen)} · first card written ${med((t) => t.marker)}`,
    '',
    "One run's requests (start → headers → done):",
    '',
    ...(runs[0]?.requests ?? []).map((r) => `- ${r.path}: ${r.start} → ${r.headers ?? '—'} → ${r.done ?? '—'}`),
    '',
  );
  term.close();
}

async function cpuProfile(
  env: Record<string, string>,
  cli: string,
  board: string,
  marker: string,
  label: string,
  keys: boolean,
): Promise<void> {
  const dir = join(work, `prof-${label.replace(/\W+/g, '-')}-${keys ? 'keys' : 'start'}`);
  mkdirSync(dir);
  const term = await ControlTerminal.start({
    socket: `prof-tui-${process.pid}-${terms.length}`,
    cols: 140,
    rows: 40,
    env,
    cwd: work,
  });
  terms.push(term);
  // A start first, unprofiled, leaves the code cache the profiled start uses, as a user's second start does.
  await launch(term, { cli, args: ['--board', board] }, (s) => s.includes(marker));
  await quit(term);
  const flags = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250'];
  const paintMs = await launch(term, { cli, args: ['--board', board], nodeFlags: flags }, (s) => s.includes(marker));
  // The profile's clock is CLOCK_MONOTONIC in µs, as is process.hrtime.
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const tPaint = now();
  let window: [number, number] = [-Infinity, tPaint];
  const lat: number[] = [];
  if (keys) {
    await term.settle(500);
    const from = now();
    for (let i = 0; i < 30; i++) lat.push(await press(term, 'j'));
    for (let i = 0; i < 15; i++) lat.push(await press(term, 'l'), await press(term, 'h'));
    for (let i = 0; i < 10; i++) {
      lat.push(await press(term, 'L'));
      await term.settle(150);
      lat.push(await press(term, 'H'));
      await term.settle(150);
    }
    for (let i = 0; i < 10; i++) {
      lat.push(await press(term, 'Enter'));
      await term.settle(120);
      lat.push(await press(term, 'Escape'));
    }
    window = [from, now()];
  }
  await quit(term);
  term.close();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile in ${dir}`);
  const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const title = keys
    ? `CPU, key phase only (${lat.length} presses, median ${median(lat).toFixed(1)} ms): ${label}`
    : `CPU, launch → first paint (${paintMs.toFixed(0)} ms under the profiler): ${label}`;
  out.push(formatSummary(title, summarise(p, 25, window[0], window[1])));
}

async function main(): Promise<void> {
  const snapCli = snapshotDist(REPO, join(work, 'app'));
  const chunks = join(work, 'app', 'dist', 'chunks');
  const chunk = (prefix: string) =>
    join(chunks, readdirSync(chunks).find((f) => f.startsWith(prefix) && f.endsWith('.js')) ?? '');
  log('import cost…');
  const nodeZero: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    nodeZero.push(performance.now() - t0);
  }
  out.push(
    '## Import cost (fresh node, median; minified dist as shipped)',
    '',
    `- run chunk (Ink, React, yoga, the app): ${median(importCost(chunk('run-'))).toFixed(0)} ms`,
    `- server chunk (Fastify, zod schemas, routes; better-sqlite3 external): ${median(importCost(chunk('server-'))).toFixed(0)} ms`,
    `- node -e 0 (spawn to exit, for scale): ${median(nodeZero).toFixed(0)} ms`,
    '',
  );

  const dbPath = join(work, 'serve.db');
  serve = await startServe(snapCli, dbPath, KEY);
  const b10k = await seedBoard(serve.url, KEY, dbPath, 'Bench 10k', 10_000);
  const m10k = titleFor(0, 0).slice(0, 8);
  const dirs = (tag: string) => {
    const d = join(work, tag);
    mkdirSync(d);
    return { INBOARD_DATA_DIR: d, INBOARD_CONFIG_DIR: d, INBOARD_CACHE_DIR: d };
  };
  const remote = { INBOARD_URL: serve.url, INBOARD_API_KEY: KEY, PROBE_MARKER: m10k, ...dirs('remote') };
  const embedded = { PROBE_MARKER: 'Invoice #10482', ...dirs('embedded') };

  log('start-up timelines…');
  await timelines(remote, snapCli, b10k.name, m10k, '10k cards over loopback');
  await timelines(embedded, snapCli, 'Support Inbox', 'Invoice #10482', 'embedded demo (warm)');

  log('CPU profiles (unminified build)…');
  const profCli = await buildUnminified(join(work, 'prof-app'));
  await cpuProfile(remote, profCli, b10k.name, m10k, '10k over loopback', false);
  await cpuProfile(embedded, profCli, 'Support Inbox', 'Invoice #10482', 'embedded demo (warm)', false);
  await cpuProfile(remote, profCli, b10k.name, m10k, '10k over loopback, page 1 loaded', true);

  writeFileSync(join(tmpdir(), 'inboard-profile-tui.md'), out.join('\n'));
  process.stdout.write(out.join('\n'));
}

try {
  await main();
} finally {
  for (const t of terms) t.close();
  await (serve as Serve | null)?.stop();
  rmSync(work, { recursive: true, force: true });
}
