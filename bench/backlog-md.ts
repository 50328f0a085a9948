/**
 * First paint of inboard and of Backlog.md's `backlog board`, side by side
 * on boards of the same cards (1k and 10k, the titles and column shares of
 * bench/lib/seed.ts), in one run:
 *   BACKLOG_BIN=/path/to/backlog node --import tsx bench/backlog-md.ts [DIST]
 *
 * Backlog.md is no dependency of inboard: install it anywhere first, e.g.
 * `npm install --prefix /tmp/backlog backlog.md` (then BACKLOG_BIN=
 * /tmp/backlog/node_modules/.bin/backlog). Its tasks are written as the
 * Markdown files it keeps (backlog/tasks/), one per card, statuses as
 * columns. Each round launches both programs on each board in a 140×40 tmux
 * pane (CI unset) and times Enter → the first column's top card on screen.
 * inboard runs as users start it after the first time, with its code cache
 * (a warm-up round first, as for both programs' page cache).
 * Env: BENCH_RUNS (rounds, default 7), BACKLOG_SIZES (default 1k,10k).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from './lib/scenarios.js';
import { seedBoard, titleFor } from './lib/seed.js';
import { startServe } from './lib/service.js';
import { median, paneConditions, quantile } from './lib/stats.js';
import { ControlTerminal } from './lib/tmux-control.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SIZES = (process.env.BACKLOG_SIZES ?? '1k,10k').split(',');
const BACKLOG = process.env.BACKLOG_BIN ?? 'backlog';
const KEY = 'ibk_bench_backlog_owner_key_0123456789abcdef';
const REPO = join(import.meta.dirname, '..');
const STATUSES = ['Inbox', 'Doing', 'Waiting', 'Review', 'Done'];
const SHARES = [0.6, 0.1, 0.1, 0.1, 0.1];

try {
  execFileSync(BACKLOG, ['--version'], { stdio: 'pipe' });
} catch {
  process.stderr.write(
    `Backlog.md not found at '${BACKLOG}'. Install it outside the project, e.g.\n` +
      '  npm install --prefix /tmp/backlog backlog.md\n' +
      'and run with BACKLOG_BIN=/tmp/backlog/node_modules/.bin/backlog\n',
  );
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'inboard-vs-backlog-'));
const dist = resolve(process.argv[2] ?? join(REPO, 'dist'));
cpSync(dist, join(work, 'app', 'dist'), { recursive: true });
symlinkSync(join(REPO, 'node_modules'), join(work, 'app', 'node_modules'));
const cli = join(work, 'app', 'dist', 'cli.js');

/** A Backlog.md project holding `total` tasks: statuses as columns, each column's cards in order. */
function backlogProject(total: number): string {
  const dir = join(work, `backlog-${total}`);
  const tasks = join(dir, 'backlog', 'tasks');
  mkdirSync(tasks, { recursive: true });
  for (const sub of ['drafts', 'docs', 'decisions', 'completed', 'archive/tasks', 'archive/drafts'])
    mkdirSync(join(dir, 'backlog', sub), { recursive: true });
  writeFileSync(
    join(dir, 'backlog', 'config.yml'),
    [
      'project_name: "bench"',
      `default_status: "${STATUSES[0]}"`,
      `statuses: [${STATUSES.map((s) => `"${s}"`).join(', ')}]`,
      'labels: []',
      'date_format: yyyy-mm-dd',
      'auto_open_browser: false',
      'remote_operations: false',
      'auto_commit: false',
      'check_active_branches: false',
      'task_prefix: "task"',
      '',
    ].join('\n'),
  );
  let id = 0;
  STATUSES.forEach((status, col) => {
    const n = Math.round((SHARES[col] ?? 0) * total);
    for (let i = 0; i < n; i++) {
      id++;
      const title = titleFor(col, i).replace(/'/g, "''");
      writeFileSync(
        join(tasks, `task-${id} - bench-${id}.md`),
        `---\nid: TASK-${id}\ntitle: '${title}'\nstatus: ${status}\nassignee: []\ncreated_date: '2026-01-01 00:00'\nlabels: []\ndependencies: []\nordinal: ${(i + 1) * 1000}\n---\n`,
      );
    }
  });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

async function quitAny(t: ControlTerminal): Promise<void> {
  for (const key of ['q', 'C-c', 'C-c']) {
    await t.keys(key);
    try {
      await t.waitFor((s) => /__EXIT_\d+__/.test(s), 3_000, 5);
      return;
    } catch {
      // not yet: the next key
    }
  }
  throw new Error('did not exit');
}

const fmt = (xs: number[]) => `${median(xs).toFixed(0)} (${quantile(xs, 0.9).toFixed(0)})`;
const dbPath = join(work, 's.db');
const serve = await startServe(cli, dbPath, KEY);
const terms: ControlTerminal[] = [];
try {
  const load0 = loadavg()[0] ?? 0;
  const boards = [];
  for (const size of SIZES) {
    const total = size === '10k' ? 10_000 : size === '1k' ? 1_000 : Number(size);
    const b = await seedBoard(serve.url, KEY, dbPath, `Versus ${size}`, total);
    const project = backlogProject(total);
    const d = mkdtempSync(join(work, 'dirs-'));
    const env = { INBOARD_URL: serve.url, INBOARD_API_KEY: KEY, INBOARD_DATA_DIR: d, INBOARD_CONFIG_DIR: d };
    const t = await ControlTerminal.start({
      socket: `vs-${process.pid}-${size}`,
      cols: 140,
      rows: 40,
      env,
      cwd: project,
    });
    terms.push(t);
    // The first column's top card, as each draws it: Backlog.md leads with the task's id, and
    // draws with the terminal's line-drawing set on, where tmux shows the title's "·" as "~".
    boards.push({
      size,
      total,
      name: b.name,
      t,
      marker: `${titleFor(0, 0).split(' ')[0]} `,
      backlogMarker: 'TASK-1 - C1',
      inboard: [] as number[],
      backlog: [] as number[],
    });
  }
  for (let round = 0; round <= RUNS; round++) {
    process.stderr.write(`round ${round}/${RUNS}\n`);
    for (const b of boards) {
      const a = await launch(b.t, { cli, args: ['--board', b.name] }, (s) => s.includes(b.marker));
      await quitAny(b.t);
      const c = await launch(b.t, { cli, command: BACKLOG, args: ['board'] }, (s) => s.includes(b.backlogMarker));
      await quitAny(b.t);
      if (round === 0) continue; // warms the page cache and writes inboard's code cache
      b.inboard.push(a);
      b.backlog.push(c);
    }
  }
  const version = execFileSync(BACKLOG, ['--version'], { encoding: 'utf8' }).trim();
  const out = ['# First paint, inboard and Backlog.md side by side: median (p90) ms', ''];
  out.push('| cards | inboard | Backlog.md | ratio |', '|---:|---:|---:|---:|');
  for (const b of boards)
    out.push(
      `| ${b.total.toLocaleString('en')} | ${fmt(b.inboard)} | ${fmt(b.backlog)} | ${(median(b.backlog) / median(b.inboard)).toFixed(1)}× |`,
    );
  out.push('', `${RUNS} rounds; inboard ${dist}, Backlog.md ${version}; ${paneConditions(load0)}.`, '');
  process.stdout.write(`${out.join('\n')}\n`);
} finally {
  for (const t of terms) t.close();
  await serve.stop();
  rmSync(work, { recursive: true, force: true });
}
