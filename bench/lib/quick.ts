/**
 * A quick A/B of the figures bench/tui.ts measures in full, for checking one
 * optimisation at a time against a saved build:
 *   node --import tsx bench/lib/quick.ts [DIST_DIR ...]   (default: ./dist)
 * Per build: warm embedded demo and 1k / 10k first paint (all five columns'
 * top cards), key latency on the 10k board (page 1 loaded), RSS after paging
 * the 10k board's first column to its end. Env: BENCH_RUNS (default 5),
 * BENCH_PRESSES (default 15), QUICK_SKIP_PAGING=1.
 */
import { mkdtempSync, rmSync, cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch, quit, keyLatency, loadAll, memoryOf } from './scenarios.js';
import { seedBoard, titleFor, type BenchBoard } from './seed.js';
import { startServe } from './service.js';
import { median, quantile } from './stats.js';
import { ControlTerminal } from './tmux-control.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PRESSES = Number(process.env.BENCH_PRESSES ?? 15);
const KEY = 'ibk_bench_tui_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..', '..');
const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length === 0) dists.push(join(REPO, 'dist'));
const work = mkdtempSync(join(tmpdir(), 'inboard-quick-'));
const terms: ControlTerminal[] = [];
const fmt = (xs: number[]) => `${median(xs).toFixed(1)} (p99 ${quantile(xs, 0.99).toFixed(1)})`;

function snapshot(dist: string, i: number): string {
  const dir = join(work, `app${i}`);
  mkdirSync(dir, { recursive: true });
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
}

async function term(env: Record<string, string>): Promise<ControlTerminal> {
  const t = await ControlTerminal.start({ socket: `quick-${process.pid}-${terms.length}`, cols: 140, rows: 40, env, cwd: work });
  terms.push(t);
  return t;
}

const dirs = (tag: string) => {
  const d = mkdtempSync(join(work, `${tag}-`));
  return { INBOARD_DATA_DIR: d, INBOARD_CONFIG_DIR: d };
};
const all = (needles: string[]) => (s: string) => needles.every((n) => s.includes(n));
const tops = (b: BenchBoard) => b.columns.map((_, c) => titleFor(c, 0).slice(0, 8));

async function paints(t: ControlTerminal, cli: string, board: string, marker: string[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const ms = await launch(t, { cli, args: ['--board', board] }, all(marker));
    if (i > 0) out.push(ms);
    await quit(t);
  }
  return out;
}

const clis = dists.map(snapshot);
const dbPath = join(work, 's.db');
const serve = await startServe(clis[0] as string, dbPath, KEY);
try {
  const b1k = await seedBoard(serve.url, KEY, dbPath, 'Q 1k', 1_000);
  const b10k = await seedBoard(serve.url, KEY, dbPath, 'Q 10k', 10_000);
  const remote = { INBOARD_URL: serve.url, INBOARD_API_KEY: KEY, ...dirs('remote') };
  for (const [i, cli] of clis.entries()) {
    const lines: string[] = [`## ${dists[i]}`];
    const emb = await term(dirs('emb'));
    lines.push(`embedded warm: ${fmt(await paints(emb, cli, 'Support Inbox', ['Invoice #10482']))}`);
    const r = await term(remote);
    lines.push(`1k all tops: ${fmt(await paints(r, cli, b1k.name, tops(b1k)))}`);
    lines.push(`10k all tops: ${fmt(await paints(r, cli, b10k.name, tops(b10k)))}`);
    await launch(r, { cli, args: ['--board', b10k.name] }, all(tops(b10k)));
    await r.settle(300);
    const k = await keyLatency(r, PRESSES);
    lines.push(`keys j ${fmt(k.down)} · l ${fmt(k.column)} · L ${fmt(k.move)} · Enter ${fmt(k.open)} · Esc ${fmt(k.back)}`);
    lines.push(`rss page 1: ${(await memoryOf(r)).rssMb.toFixed(0)} MB`);
    if (process.env.QUICK_SKIP_PAGING !== '1') {
      const paged = await loadAll(r, b10k.columns.map((c) => c.name));
      lines.push(`paged all in ${(paged.ms / 1000).toFixed(1)} s; rss all: ${(await memoryOf(r)).rssMb.toFixed(0)} MB`);
    }
    await quit(r);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
} finally {
  for (const t of terms) t.close();
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
