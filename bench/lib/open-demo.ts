/**
 * The first opening on the demo workspace (`inboard serve --demo`), several
 * builds side by side: its board is plain ASCII while its cards' notes and
 * comments are not, so the first detail is the first text of its kind the
 * app draws (docs/performance.md, "The first opening").
 *   node --import tsx bench/lib/open-demo.ts DIST_A DIST_B ...
 *
 * Per build and start (DEMO_STARTS, default 6; builds take turns): launch on
 * Support Inbox in a 160×45 pane, rest 1 s, Enter, wait 400 ms, Esc; then j,
 * rest 1 s and again, DEMO_OPENINGS times in all (default 4). The figure is
 * from the bench's Enter to the app's write of the detail's frame (the first
 * write over 200 bytes after the key, stamped inside the app by
 * open-probe.mjs): the screen's own latency is left out.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launch, quit } from './scenarios.js';
import { median, quantile } from './stats.js';
import { ControlTerminal } from './tmux-control.js';

const STARTS = Number(process.env.DEMO_STARTS ?? 6);
const OPENINGS = Number(process.env.DEMO_OPENINGS ?? 4);
const KEY = 'ibk_bench_demo_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..', '..');
const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length === 0) dists.push(join(REPO, 'dist'));
const work = mkdtempSync(join(tmpdir(), 'inboard-open-demo-'));

const clis = dists.map((dist, i) => {
  const dir = join(work, `app${i}`);
  mkdirSync(dir, { recursive: true });
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
});

const serve = spawn(
  process.execPath,
  [clis[0] as string, 'serve', '--demo', '--port', '0', '--db', join(work, 'd.db'), '--rate-limit', '0'],
  { env: { ...process.env, INBOARD_API_KEY: KEY }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const url = await new Promise<string>((res) => {
  let out = '';
  serve.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    const m = /listening on (http:\S+)/.exec(out);
    if (m?.[1]) res(m[1]);
  });
});

/** [first openings, later openings] per build, ms. */
const results = clis.map(() => [[] as number[], [] as number[]] as const);
const load0 = loadavg()[0] ?? 0;
try {
  for (let s = 0; s < STARTS; s++) {
    for (const [i, cli] of clis.entries()) {
      const dirs = mkdtempSync(join(work, 'dirs-'));
      const probe = join(work, `probe-${i}-${s}.json`);
      const term = await ControlTerminal.start({
        socket: `open-demo-${process.pid}-${s}-${i}`,
        cols: 160,
        rows: 45,
        env: {
          INBOARD_URL: url,
          INBOARD_API_KEY: KEY,
          INBOARD_DATA_DIR: dirs,
          INBOARD_CONFIG_DIR: dirs,
          INBOARD_CACHE_DIR: join(work, `cache-${i}`),
        },
        cwd: work,
      });
      const enters: number[] = [];
      try {
        await launch(
          term,
          {
            cli,
            args: ['--board', 'Support'],
            nodeFlags: ['--import', join(REPO, 'bench', 'lib', 'open-probe.mjs')],
            env: { OPEN_PROBE_OUT: probe },
          },
          (x) => x.includes('Support Inbox') && x.split('\n').length > 10,
        );
        for (let k = 0; k < OPENINGS; k++) {
          if (k > 0) {
            const b = await term.screen();
            await term.keys('j');
            await term.waitFor((x) => x !== b, 2_000, 1);
          }
          await term.settle(1_000);
          enters.push(performance.timeOrigin + performance.now());
          await term.keys('Enter');
          await term.settle(400);
          await term.keys('Escape');
          await term.settle(300);
        }
        await quit(term);
      } finally {
        term.close();
      }
      const events = JSON.parse(readFileSync(probe, 'utf8')) as [number, string, string][];
      for (const [k, e] of enters.entries()) {
        const key = events.find(([t, kind]) => kind === 'key' && t >= e - 2);
        const frame = events.find(
          ([t, kind, d]) => key !== undefined && kind === 'write' && t >= key[0] && Number(d.split(' ')[0]) > 200,
        );
        if (frame !== undefined) results[i]?.[k === 0 ? 0 : 1].push(frame[0] - e);
      }
    }
  }
  const fmt = (xs: number[]) => `${median(xs).toFixed(1)} (${quantile(xs, 0.9).toFixed(1)})`;
  const out = [
    '| build | first opening after start: median (p90) ms | later openings: median (p90) ms |',
    '|---|---:|---:|',
  ];
  for (const [i, [first, later]] of results.entries())
    out.push(`| ${dists[i]} | ${fmt(first)} (n=${first.length}) | ${fmt(later)} (n=${later.length}) |`);
  out.push(
    '',
    `Enter → the detail's frame written; demo workspace, 160×45; load average ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs.`,
  );
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  // The service writes its database until it has exited.
  const exited = new Promise((r) => serve.once('exit', r));
  serve.kill();
  await exited;
  rmSync(work, { recursive: true, force: true });
}
