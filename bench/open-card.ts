/**
 * Opening a card (issue "Opening a card is instant"): in a tmux pane (CI
 * unset), the time from sending Enter on the focused card to (a) the card's
 * title on screen and (b) a known note of that card on screen, on 1,000- and
 * 10,000-card boards served by `inboard serve` over loopback.
 *
 *   node --import tsx bench/open-card.ts [DIST ...]     (default ./dist)
 *
 * Each DIST is copied first (others rebuild dist/ meanwhile). With several,
 * each runs in its own pane and they take turns in blocks of OPEN_BLOCK
 * openings, so a machine whose speed drifts slows every build alike.
 *
 * One opening: j to the next card of the big column (not for the first),
 * wait until the pane is quiet for OPEN_REST_MS (the cursor rests on the
 * card, as a person's does before Enter), Enter, poll the pane at every
 * %output and every 1 ms until the title (the detail's first line) and then
 * the note are on screen, Esc, wait for the board. With OPEN_AT_ONCE=1 every
 * other opening presses Enter as soon as j's frame is on screen instead
 * (reported apart: nothing could be fetched ahead for it).
 *
 * Env: OPEN_REPS (openings per build, board and kind; default 40),
 * OPEN_BLOCK (default 5), OPEN_REST_MS (default 300), OPEN_AT_ONCE=1,
 * OPEN_BOARDS (default 1k,10k), OPEN_PROBE=1 (a per-opening timeline from
 * inside the app: key read, GET /v2/card, frame writes; bench/lib/open-probe.mjs),
 * OPEN_CPU_PROF=1 (a V8 CPU profile of each app, summarised over the openings
 * alone, Enter → note seen; names through the dist's source maps).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launch, quit } from './lib/scenarios.js';
import { seedBoard, titleFor, type BenchBoard } from './lib/seed.js';
import { startServe } from './lib/service.js';
import { median, quantile } from './lib/stats.js';
import { ControlTerminal } from './lib/tmux-control.js';
import { breakdown, type Opening } from './lib/open-timeline.js';
import { formatSummary, summariseWindows, type Profile } from './lib/cpuprofile.js';

const REPS = Number(process.env.OPEN_REPS ?? 40);
const BLOCK = Number(process.env.OPEN_BLOCK ?? 5);
const REST_MS = Number(process.env.OPEN_REST_MS ?? 300);
const AT_ONCE = process.env.OPEN_AT_ONCE === '1';
const PROBE = process.env.OPEN_PROBE === '1';
const CPU_PROF = process.env.OPEN_CPU_PROF === '1';
/** The CPU profile's clock: CLOCK_MONOTONIC in µs, as process.hrtime. */
const monoUs = () => Number(process.hrtime.bigint() / 1000n);
const BOARDS = (process.env.OPEN_BOARDS ?? '1k,10k').split(',');
const KEY = 'ibk_bench_open_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..');
const dists = process.argv.slice(2).map((d) => resolve(d));
if (dists.length === 0) dists.push(join(REPO, 'dist'));
const work = mkdtempSync(join(tmpdir(), 'inboard-open-'));
const terms: ControlTerminal[] = [];
const log = (s: string) => process.stderr.write(`${s}\n`);
const wallNow = () => performance.timeOrigin + performance.now();
const noteOf = (id: number) => `bench note of card ${id}`;

function snapshot(dist: string, i: number): string {
  const dir = join(work, `app${i}`);
  mkdirSync(dir, { recursive: true });
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  return join(dir, 'dist', 'cli.js');
}

async function call<T>(url: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(url + path, {
    method,
    headers: { authorization: KEY, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await r.json()) as { data?: T };
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

/** Ids of the big column's first `n` cards, each given a note and a comment the bench can find. */
async function addNotes(url: string, b: BenchBoard, n: number): Promise<number[]> {
  const col = b.columns[0];
  if (col === undefined) throw new Error('no columns');
  const ids: number[] = [];
  for (let page = 1; ids.length < n; page++) {
    const rows = await call<{ ServiceTaskId: number }[]>(
      url,
      'GET',
      `/v2/board/${b.id}/column/${col.id}/cards?page=${page}&limit=50`,
    );
    if (rows.length === 0) break;
    ids.push(...rows.map((r) => r.ServiceTaskId));
  }
  for (const id of ids.slice(0, n)) {
    await call(url, 'POST', `/v2/card/${id}/note`, { Body: `${noteOf(id)}: customer asked twice, see the thread` });
    await call(url, 'POST', '/v2/comment', { CardId: String(id), Body: 'Replied with the refund policy.' });
  }
  return ids.slice(0, n);
}

interface Sample {
  /** The opening's span on the CPU profile's clock (µs). */
  span: [number, number];
  title: number;
  note: number;
  /** Whether a capture between Enter and the note showed "loading…". */
  flash: boolean;
}

/** Enter → title on the first line → the note anywhere; then Esc back to the board. */
async function openOne(t: ControlTerminal, index: number, id: number, board: string): Promise<Sample & { t0: number }> {
  const prefix = `${titleFor(0, index).split(' ')[0] ?? ''} `;
  const note = noteOf(id);
  const t0wall = wallNow();
  const m0 = monoUs();
  const t0 = performance.now();
  await t.keys('Enter');
  let title: number | null = null;
  let flash = false;
  for (;;) {
    const s = await t.screen();
    const at = performance.now() - t0;
    if (title === null && (s.split('\n', 1)[0] ?? '').startsWith(prefix)) title = at;
    if (title !== null && s.includes('loading…')) flash = true;
    if (s.includes(note)) {
      const span: [number, number] = [m0, monoUs()];
      await t.keys('Escape');
      await t.waitFor((x) => (x.split('\n', 1)[0] ?? '').startsWith(board), 5_000, 2);
      return { title: title ?? at, note: at, flash, t0: t0wall, span };
    }
    if (at > 10_000) throw new Error(`card ${id}: note never shown; screen:\n${s}`);
    await t.nextOutput(1);
  }
}

async function next(t: ControlTerminal, restMs: number): Promise<void> {
  const before = await t.screen();
  await t.keys('j');
  await t.waitFor((s) => s !== before, 2_000, 1);
  if (restMs > 0) await t.settle(restMs);
}

interface Run {
  cli: string;
  term: ControlTerminal;
  index: number;
  rested: (Opening & Sample)[];
  atOnce: (Opening & Sample)[];
  probe: string;
  profDir: string;
}

const fmt = (xs: number[]) =>
  xs.length === 0
    ? '—'
    : `${Math.min(...xs).toFixed(1)} / **${median(xs).toFixed(1)}** / ${quantile(xs, 0.9).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;

async function measure(url: string, b: BenchBoard, clis: string[], out: string[]): Promise<void> {
  const perBuild = AT_ONCE ? 2 * REPS : REPS;
  log(`${b.name}: notes on the first ${perBuild + 1} cards…`);
  const ids = await addNotes(url, b, perBuild + 1);
  const runs: Run[] = [];
  for (const [i, cli] of clis.entries()) {
    const dirs = mkdtempSync(join(work, 'dirs-'));
    const probe = join(work, `probe-${b.name.replace(/\W/g, '')}-${i}.json`);
    const profDir = join(work, `prof-${b.name.replace(/\W/g, '')}-${i}`);
    const nodeFlags = [
      ...(PROBE ? ['--import', join(REPO, 'bench', 'lib', 'open-probe.mjs')] : []),
      ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=250'] : []),
    ];
    const term = await ControlTerminal.start({
      socket: `open-${process.pid}-${terms.length}`,
      cols: 140,
      rows: 40,
      env: { INBOARD_URL: url, INBOARD_API_KEY: KEY, INBOARD_DATA_DIR: dirs, INBOARD_CONFIG_DIR: dirs },
      cwd: work,
    });
    terms.push(term);
    const tops = b.columns.map((_, c) => titleFor(c, 0).slice(0, 8));
    await launch(
      term,
      { cli, args: ['--board', b.name], nodeFlags, ...(PROBE ? { env: { OPEN_PROBE_OUT: probe } } : {}) },
      (s) => tops.every((x) => s.includes(x)),
    );
    await term.settle(500);
    runs.push({ cli, term, index: 0, rested: [], atOnce: [], probe, profDir });
  }
  log(`${b.name}: ${perBuild} openings per build…`);
  for (let done = 0; done < perBuild; done += BLOCK) {
    for (const r of runs) {
      for (let k = 0; k < BLOCK && r.index < perBuild; k++) {
        const atOnce = AT_ONCE && r.index % 2 === 1;
        if (r.index > 0) await next(r.term, atOnce ? 0 : REST_MS);
        else await r.term.settle(REST_MS);
        const s = await openOne(r.term, r.index, ids[r.index] as number, b.name);
        (atOnce ? r.atOnce : r.rested).push({ ...s, id: ids[r.index] as number });
        r.index++;
        await r.term.settle(60);
      }
    }
  }
  for (const r of runs) await quit(r.term);
  out.push(`## ${b.name} (${b.columns.reduce((n, c) => n + c.count, 0)} cards)`, '');
  out.push(
    '| build | kind | n | title: min / **median** / p90 / max ms | note: min / **median** / p90 / max ms | “loading…” seen |',
  );
  out.push('|---|---|---:|---|---|---:|');
  for (const [i, r] of runs.entries()) {
    for (const [kind, xs] of [
      [`rested ${REST_MS} ms`, r.rested],
      ['at once after j', r.atOnce],
    ] as const) {
      if (xs.length === 0) continue;
      const row = [
        dists[i],
        kind,
        xs.length,
        fmt(xs.map((x) => x.title)),
        fmt(xs.map((x) => x.note)),
        `${xs.filter((x) => x.flash).length}/${xs.length}`,
      ];
      out.push(`| ${row.join(' | ')} |`);
    }
  }
  out.push('');
  if (PROBE) {
    for (const [i, r] of runs.entries()) {
      const events = JSON.parse(readFileSync(r.probe, 'utf8')) as [number, string, string][];
      out.push(`Inside the app, ${dists[i]} (medians, ms):`, '');
      for (const [kind, xs] of [
        ['rested', r.rested],
        ['at once', r.atOnce],
      ] as const) {
        if (xs.length > 0) out.push(`- ${kind}: ${breakdown(events, xs)}`);
      }
      out.push('');
    }
  }
  if (CPU_PROF) {
    for (const [i, r] of runs.entries()) {
      const file = readdirSync(r.profDir).find((f) => f.endsWith('.cpuprofile'));
      if (file === undefined) continue;
      const p = JSON.parse(readFileSync(join(r.profDir, file), 'utf8')) as Profile;
      const spans = [...r.rested, ...r.atOnce].map((x) => x.span);
      out.push(
        formatSummary(
          `CPU over the ${spans.length} openings (Enter → note seen): ${dists[i]}`,
          summariseWindows(p, spans, Number(process.env.OPEN_CPU_TOP ?? 15)),
        ),
      );
    }
  }
}

const clis = dists.map(snapshot);
const dbPath = join(work, 's.db');
const serve = await startServe(clis[0] as string, dbPath, KEY);
try {
  const load0 = loadavg()[0] ?? 0;
  const out: string[] = ['# Opening a card', ''];
  for (const size of BOARDS) {
    const total = size === '10k' ? 10_000 : size === '1k' ? 1_000 : Number(size);
    const b = await seedBoard(serve.url, KEY, dbPath, `Open ${size}`, total);
    await measure(serve.url, b, clis, out);
  }
  out.push(
    `Node ${process.version}, 140×40 tmux pane, CI unset; load average ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs; ` +
      `builds interleaved in blocks of ${BLOCK}; times from send-keys Enter to the first capture showing it (conservative by one capture, < 0.5 ms).`,
    '',
  );
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  for (const t of terms) t.close();
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
