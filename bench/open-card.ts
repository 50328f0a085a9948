/**
 * Opening a card (issue "Opening a card is instant"): in a tmux pane (CI
 * unset), the time from sending Enter on the focused card to (a) the card's
 * title on screen and (b) a known note of that card on screen, on 1,000- and
 * 10,000-card boards served by `inboard serve` over loopback.
 *
 *   node --import tsx bench/open-card.ts [DIST ...]     (default ./dist)
 *
 * Each DIST is copied first (others rebuild dist/ meanwhile). Each build is
 * started OPEN_STARTS times per board, in its own pane; the builds take turns
 * start by start, so a machine whose speed drifts slows every build alike.
 *
 * One start: launch on the board, j down to cards no earlier start opened,
 * and open the card OPEN_FIRST_REST_MS after the board's first frame (the j
 * moves within it; the real time is reported) — the first opening after
 * start, reported apart: it is the one every user meets — then the later openings:
 * j to the next card, wait until the pane is quiet for OPEN_REST_MS (the
 * cursor rests on the card, as a person's does before Enter), Enter, poll the
 * pane at every %output and every 1 ms until the title (the detail's first
 * line) and then the note are on screen, Esc, wait for the board. With
 * OPEN_AT_ONCE=1 every other later opening presses Enter as soon as j's frame
 * is on screen instead (reported apart: nothing could be fetched ahead for it).
 *
 * Env: OPEN_REPS (later openings per build and board; default 40),
 * OPEN_STARTS (default 6), OPEN_FIRST_REST_MS (default 1000), OPEN_REST_MS
 * (default 300), OPEN_AT_ONCE=1, OPEN_FIRST_TOP=1 (the first opening is the
 * card under the cursor at start, made unread again before each start: no
 * key before the first Enter), OPEN_BOARDS (default 1k,10k), OPEN_PROBE=1
 * (a per-opening timeline from inside the app: key read, GET /v2/card, frame
 * writes; bench/lib/open-probe.mjs), OPEN_CPU_PROF=1 (a V8 CPU profile of
 * each start, summarised over the first openings and over the later ones,
 * Enter → note seen; names through the dist's source maps), OPEN_KEEP=1
 * (keep the temp directory: profiles, probes, the copied builds).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launch, quit } from './lib/scenarios.js';
import { seedBoard, titleFor, type BenchBoard } from './lib/seed.js';
import { startServe } from './lib/service.js';
import { median, quantile } from './lib/stats.js';
import { ControlTerminal } from './lib/tmux-control.js';
import { cpuSection, probeSection, type Opening, type Start } from './lib/open-timeline.js';

const REPS = Number(process.env.OPEN_REPS ?? 40);
const STARTS = Number(process.env.OPEN_STARTS ?? 6);
const FIRST_REST_MS = Number(process.env.OPEN_FIRST_REST_MS ?? 1000);
const REST_MS = Number(process.env.OPEN_REST_MS ?? 300);
const AT_ONCE = process.env.OPEN_AT_ONCE === '1';
const FIRST_TOP = process.env.OPEN_FIRST_TOP === '1';
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
    // Text as people write it (curly quotes, dashes, accents, an emoji): a card whose detail is
    // all ASCII never reaches the paths that are slow the first time (docs/performance.md).
    await call(url, 'POST', `/v2/card/${id}/note`, {
      Body: `${noteOf(id)}: customer asked twice — see the thread, “déjà vu” 👍`,
    });
    await call(url, 'POST', '/v2/comment', { CardId: String(id), Body: 'Replied with the refund policy… it’s fine.' });
    await call(url, 'POST', `/v2/card/${id}/sub-task`, { Body: 'Check the refund — by Friday' });
  }
  return ids.slice(0, n);
}

/** Enter → title on the first line → the note anywhere; then Esc back to the board. */
async function openOne(
  t: ControlTerminal,
  index: number,
  id: number,
  firstColumn: string,
): Promise<Omit<Opening, 'id'>> {
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
      // Back on the board: the note gone and the first column's name shown (in every build's layout).
      await t.waitFor((x) => !x.includes(note) && x.includes(firstColumn), 5_000, 2);
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
  first: Opening[];
  /** Per start: from the first frame of the board to the first Enter (the j moves to the start's card included). */
  firstRest: number[];
  rested: Opening[];
  atOnce: Opening[];
  /** Per start: the probe's file and the openings made in it. */
  starts: Start[];
  profDir: string;
}

const fmt = (xs: number[]) =>
  xs.length === 0
    ? '—'
    : `${Math.min(...xs).toFixed(1)} / **${median(xs).toFixed(1)}** / ${quantile(xs, 0.9).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;

/**
 * One start of one build: launch on the board, move to the start's first
 * card, rest FIRST_REST_MS, open it (the "first" sample), then LATER more
 * openings, and quit.
 */
async function oneStart(b: BenchBoard, r: Run, s: number, ids: number[], later: number): Promise<void> {
  const tag = `${b.name.replace(/\W/g, '')}-${runs.indexOf(r)}-${s}`;
  const probe = join(work, `probe-${tag}.json`);
  const nodeFlags = [
    ...(PROBE ? ['--import', join(REPO, 'bench', 'lib', 'open-probe.mjs')] : []),
    ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${r.profDir}`, '--cpu-prof-interval=250'] : []),
  ];
  const term = await ControlTerminal.start({
    socket: `open-${process.pid}-${terms.length}`,
    cols: 140,
    rows: 40,
    env: {
      INBOARD_URL: url,
      INBOARD_API_KEY: KEY,
      INBOARD_DATA_DIR: dirs,
      INBOARD_CONFIG_DIR: dirs,
      INBOARD_CACHE_DIR: join(work, `cache-${runs.indexOf(r)}`),
    },
    cwd: work,
  });
  terms.push(term);
  const openings: Opening[] = [];
  r.starts.push({ probe, openings });
  if (FIRST_TOP) await call(url, 'PUT', `/v2/card/${ids[0]}/read-status`, { ReadStatus: 0 });
  try {
    const tops = b.columns.map((_, c) => titleFor(c, 0).slice(0, 8));
    await launch(
      term,
      { cli: r.cli, args: ['--board', b.name], nodeFlags, ...(PROBE ? { env: { OPEN_PROBE_OUT: probe } } : {}) },
      (x) => tops.every((t) => x.includes(t)),
    );
    const paintedAt = performance.now();
    const column = b.columns[0]?.name ?? 'Inbox';
    const open = async (index: number, kind: Opening[]): Promise<void> => {
      const x = { ...(await openOne(term, index, ids[index] as number, column)), id: ids[index] as number };
      openings.push(x);
      kind.push(x);
      await term.settle(60);
    };
    // The first Enter FIRST_REST_MS after the board was first drawn, whatever the app is doing then.
    const firstRest = async (): Promise<void> => {
      await new Promise((res) => setTimeout(res, Math.max(0, paintedAt + FIRST_REST_MS - performance.now())));
      r.firstRest.push(performance.now() - paintedAt);
    };
    // OPEN_FIRST_TOP=1: the first opening is the card under the cursor as the board appears (made unread again
    // before the start), so no key comes before it; then j on to this start's own cards.
    if (FIRST_TOP) {
      await firstRest();
      await open(0, r.first);
    }
    // Each start opens cards no start opened before (unread, nothing cached by the server).
    const from = s * (later + 1) + (FIRST_TOP ? 1 : 0);
    for (let k = 0; k < from; k++) await next(term, 0);
    for (let k = 0; k <= later; k++) {
      const first = k === 0 && !FIRST_TOP;
      if (k === 0 && FIRST_TOP) continue;
      const atOnce = k > 0 && AT_ONCE && k % 2 === 0;
      if (first) await firstRest();
      else await next(term, atOnce ? 0 : REST_MS);
      await open(from + k, first ? r.first : atOnce ? r.atOnce : r.rested);
    }
    await quit(term);
  } finally {
    term.close();
    terms.splice(terms.indexOf(term), 1);
  }
}

let runs: Run[] = [];
let url = '';
let dirs = '';

async function measure(b: BenchBoard, clis: string[], out: string[]): Promise<void> {
  const later = Math.ceil(REPS / STARTS);
  const perBuild = STARTS * (later + 1) + (FIRST_TOP ? 1 : 0);
  log(`${b.name}: notes on the first ${perBuild} cards…`);
  const ids = await addNotes(url, b, perBuild);
  runs = clis.map((cli, i) => ({
    cli,
    first: [],
    firstRest: [],
    rested: [],
    atOnce: [],
    starts: [],
    profDir: join(work, `prof-${b.name.replace(/\W/g, '')}-${i}`),
  }));
  log(`${b.name}: ${STARTS} starts per build, each 1 + ${later} openings…`);
  for (let s = 0; s < STARTS; s++) {
    // The builds take turns start by start: a drifting machine slows each alike.
    for (const r of runs) {
      dirs = mkdtempSync(join(work, 'dirs-'));
      await oneStart(b, r, s, ids, later);
    }
  }
  out.push(`## ${b.name} (${b.columns.reduce((n, c) => n + c.count, 0)} cards)`, '');
  out.push(
    '| build | kind | n | title: min / **median** / p90 / max ms | note: min / **median** / p90 / max ms | “loading…” seen |',
  );
  out.push('|---|---|---:|---|---|---:|');
  for (const [i, r] of runs.entries()) {
    for (const [kind, xs] of [
      [
        `first, Enter ${median(r.firstRest).toFixed(0)} ms (max ${Math.max(...r.firstRest).toFixed(0)}) after the board's first frame${FIRST_TOP ? ', no key before' : ''}`,
        r.first,
      ],
      [`later, rested ${REST_MS} ms`, r.rested],
      ['later, at once after j', r.atOnce],
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
  for (const [i, r] of runs.entries()) {
    const kinds = [
      ['first', r.first],
      ['later rested', r.rested],
      ['later at once', r.atOnce],
    ] as const;
    if (PROBE) out.push(...probeSection(`Inside the app, ${dists[i]} (medians, ms):`, r.starts, kinds));
    if (CPU_PROF) out.push(...cpuSection(dists[i] ?? '', r.profDir, r.starts, Number(process.env.OPEN_CPU_TOP ?? 15)));
  }
}

const clis = dists.map(snapshot);
const dbPath = join(work, 's.db');
const serve = await startServe(clis[0] as string, dbPath, KEY);
url = serve.url;
try {
  const load0 = loadavg()[0] ?? 0;
  const out: string[] = ['# Opening a card', ''];
  for (const size of BOARDS) {
    const total = size === '10k' ? 10_000 : size === '1k' ? 1_000 : Number(size);
    const b = await seedBoard(serve.url, KEY, dbPath, `Open ${size}`, total);
    await measure(b, clis, out);
  }
  out.push(
    `Node ${process.version}, 140×40 tmux pane, CI unset; load average ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs; ` +
      `builds take turns start by start; times from send-keys Enter to the first capture showing it (conservative by one capture, < 0.5 ms).`,
    '',
  );
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  for (const t of terms) t.close();
  await serve.stop();
  // OPEN_KEEP=1 leaves the profiles and probes for a closer look.
  if (process.env.OPEN_KEEP === '1') process.stderr.write(`kept ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}
