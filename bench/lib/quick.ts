/**
 * A/B of builds on the figures bench/tui.ts measures in full, interleaved so
 * a noisy machine (2 CPUs shared with other work) slows every build alike:
 *   node --import tsx bench/lib/quick.ts DIST_A DIST_B ...   (default: ./dist)
 * Each first-paint round launches every build once (warm embedded demo, 1k
 * and 10k boards over loopback, all five columns' top cards); key latency on
 * the 10k board (page 1 loaded) alternates builds in blocks of 5 presses;
 * Ink's renderTime is logged per build; RSS after paging the whole board.
 * Env: BENCH_RUNS (rounds, default 7), BENCH_PRESSES (per key, default 15),
 * QUICK_SKIP_PAGING=1, QUICK_PAINT_ONLY=1, QUICK_SCENARIOS=embedded,1k,10k.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { keyLatency, launch, loadAll, memoryOf, quit, renderTimes, type KeyRuns } from './scenarios.js';
import { seedBoard, titleFor, type BenchBoard } from './seed.js';
import { startServe } from './service.js';
import { median, quantile } from './stats.js';
import { ControlTerminal } from './tmux-control.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 15);
const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..', '..');
const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length === 0) dists.push(join(REPO, 'dist'));
const work = mkdtempSync(join(tmpdir(), 'inboard-quick-'));
const terms: ControlTerminal[] = [];
const fmt = (xs: number[]) =>
  xs.length === 0 ? '—' : `${median(xs).toFixed(1)} (p99 ${quantile(xs, 0.99).toFixed(1)})`;

function snapshot(dist: string, i: number): string {
  const dir = join(work, `app${i}`);
  mkdirSync(dir, { recursive: true });
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
}

let sockets = 0;
async function term(env: Record<string, string>): Promise<ControlTerminal> {
  const t = await ControlTerminal.start({
    socket: `quick-${process.pid}-${sockets++}`,
    cols: 140,
    rows: 40,
    env,
    cwd: work,
  });
  terms.push(t);
  return t;
}

const dirs = (tag: string) => {
  const d = mkdtempSync(join(work, `${tag}-`));
  return { INBOARD_DATA_DIR: d, INBOARD_CONFIG_DIR: d };
};
const all = (needles: string[]) => (s: string) => needles.every((n) => s.includes(n));
const tops = (b: BenchBoard) => b.columns.map((_, c) => titleFor(c, 0).slice(0, 8));

const clis = dists.map(snapshot);
const dbPath = join(work, 's.db');
const serve = await startServe(clis[0] as string, dbPath, KEY);
try {
  const b1k = await seedBoard(serve.url, KEY, dbPath, 'Q 1k', 1_000);
  const b10k = await seedBoard(serve.url, KEY, dbPath, 'Q 10k', 10_000);
  const remote = { INBOARD_URL: serve.url, INBOARD_API_KEY: KEY, ...dirs('remote') };
  const emb = await term(dirs('emb'));
  const r = await term(remote);
  const only = (process.env.QUICK_SCENARIOS ?? 'embedded,1k,10k').split(',');
  const scenarios = [
    { id: 'embedded', name: 'embedded warm', t: emb, board: 'Support Inbox', marker: ['Invoice #10482'] },
    { id: '1k', name: '1k all tops', t: r, board: b1k.name, marker: tops(b1k) },
    { id: '10k', name: '10k all tops', t: r, board: b10k.name, marker: tops(b10k) },
  ].filter((s) => only.includes(s.id));
  const paint = clis.map(() => scenarios.map(() => [] as number[]));
  for (let round = 0; round <= RUNS; round++) {
    for (const [i, cli] of clis.entries()) {
      for (const [j, s] of scenarios.entries()) {
        // A code cache dir per build, as a user has one build: each start then finds its own.
        const env = { INBOARD_CACHE_DIR: join(work, `cache-${i}`) };
        const ms = await launch(s.t, { cli, args: ['--board', s.board], env }, all(s.marker));
        if (round > 0) paint[i]?.[j]?.push(ms); // round 0 warms the page cache
        await quit(s.t);
      }
    }
  }
  if (process.env.QUICK_PAINT_ONLY === '1') {
    for (const [i] of clis.entries()) {
      process.stdout.write(
        `## ${dists[i]}\n${scenarios.map((s, j) => `${s.name}: ${fmt(paint[i]?.[j] ?? [])}`).join('\n')}\n`,
      );
    }
  } else await keyPhase();

  async function keyPhase(): Promise<void> {
    // Key latency: each build in its own terminal, alternating blocks of 5 presses.
    const keyTerms = await Promise.all(
      clis.map((_, i) => term({ ...remote, INBOARD_BENCH_RENDER_LOG: join(work, `render-${i}.log`) })),
    );
    for (const [i, cli] of clis.entries()) {
      const env = { INBOARD_CACHE_DIR: join(work, `cache-${i}`) };
      await launch(keyTerms[i] as ControlTerminal, { cli, args: ['--board', b10k.name], env }, all(tops(b10k)));
    }
    const keys: KeyRuns[] = clis.map(() => ({ down: [], column: [], move: [], open: [], back: [] }));
    const r0 = clis.map((_, i) => renderTimes(join(work, `render-${i}.log`)).length);
    for (let block = 0; block < Math.ceil(PRESSES / 5); block++) {
      for (const [i, t] of keyTerms.entries()) {
        const k = await keyLatency(t, 5);
        for (const f of Object.keys(k) as (keyof KeyRuns)[]) keys[i]?.[f].push(...k[f]);
      }
    }
    for (const [i] of clis.entries()) {
      const t = keyTerms[i] as ControlTerminal;
      const renders = renderTimes(join(work, `render-${i}.log`)).slice(r0[i]);
      const k = keys[i] as KeyRuns;
      const lines = [`## ${dists[i]}`, ...scenarios.map((s, j) => `${s.name}: ${fmt(paint[i]?.[j] ?? [])}`)];
      lines.push(
        `keys j ${fmt(k.down)} · l ${fmt(k.column)} · L ${fmt(k.move)} · Enter ${fmt(k.open)} · Esc ${fmt(k.back)}`,
      );
      lines.push(`Ink renderTime during key runs: ${fmt(renders)}`);
      lines.push(`rss page 1: ${(await memoryOf(t)).rssMb.toFixed(0)} MB`);
      if (process.env.QUICK_SKIP_PAGING !== '1') {
        const paged = await loadAll(
          t,
          b10k.columns.map((c) => c.name),
        );
        lines.push(
          `paged all in ${(paged.ms / 1000).toFixed(1)} s; rss all: ${(await memoryOf(t)).rssMb.toFixed(0)} MB`,
        );
      }
      await quit(t);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
  }
} finally {
  for (const t of terms) t.close();
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
