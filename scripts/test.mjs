// `npm test`: the build, then every test, with the checks (format, import
// rules, lint, types) running beside the tests rather than before them.
//
// Why beside: the tests spend much of their time waiting (servers, tmux,
// PostgreSQL, IMAP), and the checks need nothing the tests make. A check that
// fails prints its output at once and fails the run. Arguments go to vitest
// (`npm test -- test/store`).
//
// The checks are the package.json scripts named in LANES, each run as its own
// node process (no shell, no npm) so that its priority applies to the process
// doing the work. Two lanes:
// - lint alone, at the tests' priority, from the start. It is the one long check
//   (about a minute of CPU). At the lowest priority it got CPU only in the
//   tests' gaps, was pre-empted at every turn (a fifth more CPU for the same
//   work), and was left to run alone on one core for the last 40 s of the run.
//   Its V8 runs single-threaded: beside the tests both cores are busy anyway,
//   and V8's helper threads (parallel GC, background compiling) cost more CPU
//   than they save (`eslint .` alone, side by side: 71 s of CPU against 80 s).
// - the type check, the format and the import rules one after another, at the
//   lowest priority: together about half of lint, they finish in the tests'
//   gaps well before the tests do.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

const LANES = [
  { checks: ['lint'], low: false, v8: ['--single-threaded'] },
  { checks: ['typecheck', 'format:check', 'deps'], low: true, v8: [] },
];
const NICE = 19;
const root = join(import.meta.dirname, '..');
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;

/** A script such as `prettier --check .` as a node command: the bin's file and its arguments. */
function nodeCommand(name) {
  const [bin, ...args] = scripts[name].split(/\s+/);
  return [realpathSync(join(root, 'node_modules/.bin', bin)), ...args];
}

/**
 * Linux's idle class (`chrt --idle 0`) runs a check only on CPU the tests leave unused; elsewhere
 * (no chrt) the lowest nice value does nearly as well.
 */
const IDLE_CLASS = spawnSync('chrt', ['--idle', '0', 'true']).status === 0;

/** Output is piped: colour as the terminal would show it, or none (picocolors colours whenever FORCE_COLOR is set at all). */
function colourEnv() {
  const { FORCE_COLOR: _, ...env } = process.env;
  return process.stdout.isTTY ? { ...env, FORCE_COLOR: '1' } : { ...env, NO_COLOR: '1' };
}

/** The checks still running, stopped if the build fails. */
const running = new Set();

function runCheck(name, low, v8) {
  const started = Date.now();
  const node = [process.execPath, ...v8, ...nodeCommand(name)];
  const [command, ...args] = low && IDLE_CLASS ? ['chrt', '--idle', '0', ...node] : node;
  const child = spawn(command, args, {
    cwd: root,
    env: colourEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  if (low && !IDLE_CLASS) {
    try {
      setPriority(child.pid, NICE);
    } catch {
      // Not permitted here: the check still runs, at the tests' priority.
    }
  }
  let output = '';
  child.stdout.on('data', (b) => (output += b));
  child.stderr.on('data', (b) => (output += b));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (!ok) process.stdout.write(`\n── npm run ${name} failed (${signal ?? `exit ${code}`}) ──\n${output}\n`);
      resolve({ name, ok, seconds });
    });
  });
}

// The checks read only the sources: they start with the build.
const checks = Promise.all(
  LANES.map(async ({ checks: names, low, v8 }) => {
    const done = [];
    for (const name of names) done.push(await runCheck(name, low, v8));
    return done;
  }),
).then((lanes) => lanes.flat());

// The e2e and command tests run dist/cli.js: the build comes before them.
const buildCode = await new Promise((resolve) => {
  const build = spawn(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  build.on('close', (code) => resolve(code ?? 1));
});
if (buildCode !== 0) {
  for (const child of running) child.kill();
  process.exit(buildCode);
}

const vitest = spawn(
  process.execPath,
  [realpathSync(join(root, 'node_modules/.bin/vitest')), 'run', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => vitest.kill(sig));
const testsCode = await new Promise((resolve) => vitest.on('close', (code) => resolve(code ?? 1)));
const results = await checks;

const line = results.map((r) => `${r.name} ${r.ok ? 'passed' : 'FAILED'} (${r.seconds} s)`).join(', ');
process.stdout.write(`\nChecks: ${line}\n`);
process.exit(testsCode !== 0 || results.some((r) => !r.ok) ? 1 : 0);
