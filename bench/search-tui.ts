/**
 * `npm run bench:search-tui`: the first match on screen after a keystroke
 * in the TUI's search (`F`, every board). The built CLI (a snapshot of
 * dist/: run `node scripts/build.mjs` first) runs in tmux against
 * `inboard serve` on a SQLite file (or, with BENCH_ENGINE=postgres, a durable
 * PostgreSQL cluster of its own) seeded by bench/lib/search-data.ts.
 *
 * Each run opens `F`, sends a whole word at once (typed quickly: all its
 * keys in one send-keys) and times from that send to the capture that shows
 * the heading for that word ("N cards for <word>") with the first match
 * under it — the typing pause (SEARCH_PAUSE_MS), the request and the frame.
 * Each run's word is new (the store would not ask the same query again, and
 * no answer is reused): the planted words and words of the generated
 * vocabulary at spread ranks, from very common to rare. After the TUI runs,
 * the server's own time for the same queries: GET /v2/search over loopback,
 * as the TUI asks it (limit 50).
 *
 * Env: BENCH_RUNS (default 15), BENCH_CARDS (5,000), BENCH_MESSAGES
 * (20,000), BENCH_COMMENTS (2,000), BENCH_BOARDS (10), BENCH_COLS /
 * BENCH_ROWS (140×40), BENCH_ENGINE (sqlite). Prints a table and writes
 * bench/results-search-tui.md (results-search-tui-postgres.md on PostgreSQL).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { startService } from '../src/server/index.js';
import { openDatabase } from '../src/server/sql/open.js';
import { SEARCH_PAUSE_MS } from '../src/ui/hooks/use-search-as-you-type.js';
import { startDurablePostgres } from './lib/engines-setup.js';
import { launch, quit } from './lib/scenarios.js';
import { PLANTED, rng, seed, shapeFromEnv, vocabulary, type Shape } from './lib/search-data.js';
import { snapshotDist, startServe, type Serve } from './lib/service.js';
import { median, quantile } from './lib/stats.js';
import { ControlTerminal } from './lib/tmux-control.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const COLS = Number(process.env.BENCH_COLS ?? 140);
const ROWS = Number(process.env.BENCH_ROWS ?? 40);
const shape: Shape = shapeFromEnv({ boards: 10, cards: 5_000, messages: 20_000, comments: 2_000 });
const KEY = 'ibk_bench_search_tui_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..');
/** What the prompt shows while nothing is typed (SearchPrompt's SEARCH_SYNTAX). */
const EMPTY_PROMPT = 'Type to search every board';

const log = (s: string) => process.stderr.write(`${s}\n`);
const fmt = (x: number) => (x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);

/**
 * A new word per run (and one for the warm-up): the planted words, then
 * words of the seed's vocabulary (the same generator, same seed) at ranks
 * spread over its Zipf law — rank 0 is in most messages, rank 3000 in a few dozen.
 */
function words(n: number): string[] {
  const vocab = vocabulary(5000, rng(1));
  const ranks = [0, 3000, 2, 1000, 7, 300, 20, 4000, 50, 2000, 100, 500, 1, 1500, 10, 200, 3500, 30, 700, 5];
  const planted = Object.keys(PLANTED);
  const byRank = ranks.map((r) => vocab[r] as string);
  // Planted and generated words take turns while both last.
  const out = byRank.flatMap((w, i) => (i < planted.length ? [planted[i] as string, w] : [w]));
  for (let r = 40; out.length < n; r += 37) if (!out.includes(vocab[r] as string)) out.push(vocab[r] as string);
  return out.slice(0, n);
}

/** The heading for `word`'s answer and a match drawn under it. */
const answered = (word: string) => {
  const heading = new RegExp(`\\d[\\d,]* cards? for ${word}\\b`);
  return (screen: string): boolean => heading.test(screen) && /^\s*› /m.test(screen);
};

async function serverTime(url: string, q: string): Promise<{ ms: number; total: number }> {
  const t0 = performance.now();
  const r = await request(`${url}/v2/search?q=${encodeURIComponent(q)}&limit=50`, { headers: { authorization: KEY } });
  const body = (await r.body.json()) as { Total?: number };
  const ms = performance.now() - t0;
  if (r.statusCode !== 200) throw new Error(`GET /v2/search?q=${q}: ${r.statusCode} ${JSON.stringify(body)}`);
  return { ms, total: body.Total ?? 0 };
}

const work = mkdtempSync(join(tmpdir(), 'inboard-bench-search-tui-'));
let serve: Serve | null = null;
let term: ControlTerminal | null = null;
let stopCluster: (() => Promise<void>) | null = null;
const POSTGRES = process.env.BENCH_ENGINE === 'postgres';

async function main(): Promise<void> {
  const load0 = loadavg()[0] ?? 0;
  const cli = snapshotDist(REPO, join(work, 'app'));
  const cluster = POSTGRES ? await startDurablePostgres() : null;
  stopCluster = cluster === null ? null : () => cluster.stop();
  const dbPath = cluster?.url ?? join(work, 'search.db');

  // Schema and the owner's key through the service itself, then the data straight into the file.
  const s0 = performance.now();
  const svc = await startService({ dbPath, apiKey: KEY, demo: false });
  await svc.close();
  const db = await openDatabase(dbPath);
  const owner = (await db.get<{ id: number }>('SELECT id FROM users ORDER BY id LIMIT 1'))?.id ?? 1;
  await seed(db, owner, shape);
  await db.close();
  const seeded = (performance.now() - s0) / 1000;
  log(`seeded in ${seeded.toFixed(0)} s`);

  serve = await startServe(cli, dbPath, KEY);
  const dirs = mkdtempSync(join(work, 'tui-'));
  term = await ControlTerminal.start({
    socket: `bench-search-tui-${process.pid}`,
    cols: COLS,
    rows: ROWS,
    cwd: work,
    env: {
      INBOARD_URL: serve.url,
      INBOARD_API_KEY: KEY,
      INBOARD_DATA_DIR: dirs,
      INBOARD_CONFIG_DIR: dirs,
      INBOARD_CACHE_DIR: join(work, 'code-cache'),
    },
  });
  await launch(term, { cli, args: ['--board', 'Board 0'] }, (s) =>
    ['Inbox', 'Doing', 'Done'].every((c) => s.includes(c)),
  );
  await term.settle(300);

  const list = words(RUNS + 1);
  const runs: { word: string; tui: number }[] = [];
  for (const [i, word] of list.entries()) {
    await term.keys('F');
    await term.waitFor((s) => s.includes(EMPTY_PROMPT), 5_000);
    await term.settle(150);
    const t0 = performance.now();
    await term.type(word);
    const { at } = await term.waitFor(answered(word), 15_000, 1);
    if (i > 0) runs.push({ word, tui: at - t0 });
    log(`${i === 0 ? 'warm-up ' : ''}${word}: ${fmt(at - t0)}`);
    await term.settle(150);
    await term.keys('Escape');
    await term.waitFor((s) => !s.includes(`for ${word}`), 5_000);
    await term.settle(150);
  }
  await quit(term);

  // The server's own time for the same queries, one at a time, after the TUI asked each once.
  const server: { ms: number; total: number }[] = [];
  // The warm-up word opens the connection, as the TUI's own is open by its first search.
  await serverTime(serve.url, list[0] as string);
  for (const r of runs) server.push(await serverTime(serve.url, r.word));

  const tui = runs.map((r) => r.tui);
  const srv = server.map((s) => s.ms);
  const stat = (xs: number[]) =>
    `${fmt(median(xs))} | ${fmt(quantile(xs, 0.9))} | ${fmt(Math.min(...xs))} | ${fmt(Math.max(...xs))}`;
  const machine = `${availableParallelism()} × ${cpus()[0]?.model ?? '?'}; load average ${load0.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}`;
  const md = [
    '# bench:search-tui results',
    '',
    `Data: ${shape.boards} boards, ${shape.cards.toLocaleString('en')} cards, ${shape.messages.toLocaleString('en')} messages, ` +
      `${shape.comments.toLocaleString('en')} comments (bench/lib/search-data.ts), ${POSTGRES ? 'PostgreSQL (durable)' : 'SQLite'}, \`inboard serve\` over loopback; seeded in ${seeded.toFixed(0)} s.`,
    `Machine: ${machine}; Node ${process.version}, ${COLS}×${ROWS} tmux pane, CI unset.`,
    `Runs: ${runs.length} (after 1 warm-up), a new word each; the TUI waits ${SEARCH_PAUSE_MS} ms after the last key before it asks.`,
    'Keystroke → first match: from send-keys of the whole word (all its keys at once) to the capture showing',
    '"N cards for <word>" with the first match under it (control-mode tmux, polled at every %output and every 1 ms).',
    'Server: GET /v2/search?q=<word>&limit=50 over loopback (what the TUI asks), each word once, after the TUI runs (the connection opened by the warm-up word).',
    '',
    '| figure | median | p90 | min | max |',
    '|---|---|---|---|---|',
    `| keystroke → first match on screen (TUI) | ${stat(tui)} |`,
    `| GET /v2/search, the same words (server) | ${stat(srv)} |`,
    `| the rest: TUI − server − ${SEARCH_PAUSE_MS} ms pause, per word | ${stat(tui.map((t, i) => t - (srv[i] ?? 0) - SEARCH_PAUSE_MS))} |`,
    '',
    '| word | cards matching | TUI | server |',
    '|---|---|---|---|',
    ...runs.map((r, i) => `| ${r.word} | ${server[i]?.total ?? '?'} | ${fmt(r.tui)} | ${fmt(srv[i] ?? Number.NaN)} |`),
    '',
  ].join('\n');
  writeFileSync(join(REPO, 'bench', POSTGRES ? 'results-search-tui-postgres.md' : 'results-search-tui.md'), md);
  process.stdout.write(`\n${md}`);
}

try {
  await main();
} finally {
  (term as ControlTerminal | null)?.close();
  await (serve as Serve | null)?.stop();
  await (stopCluster as (() => Promise<void>) | null)?.();
  rmSync(work, { recursive: true, force: true });
}
