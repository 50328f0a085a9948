// `npm test`: the build, then every test, with the checks (format, import
// rules, lint, types) running beside the tests rather than before them.
//
// Why beside: the tests spend much of their time waiting (servers, tmux,
// PostgreSQL, IMAP), leaving part of the machine idle, and the checks need
// nothing the tests make. The checks run at a lower CPU priority so the
// tests' timing is not what gives way; a check that fails prints its output at
// once and fails the run. Arguments go to vitest (`npm test -- test/store`).
//
// The checks are the package.json scripts named in LANES, each run as its own
// node process (no shell, no npm) so the priority applies to the process doing
// the work. Two lanes of about equal CPU (lint alone; the type check, the format
// and the import rules one after another), so that what is left when the tests
// end is split over two cores rather than left to lint on one.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';

const LANES = [['lint'], ['typecheck', 'format:check', 'deps']];
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

function runCheck(name) {
  const started = Date.now();
  const [command, ...args] = IDLE_CLASS
    ? ['chrt', '--idle', '0', process.execPath, ...nodeCommand(name)]
    : [process.execPath, ...nodeCommand(name)];
  const child = spawn(command, args, {
    cwd: root,
    env: colourEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!IDLE_CLASS) {
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
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (!ok) process.stdout.write(`\n── npm run ${name} failed (${signal ?? `exit ${code}`}) ──\n${output}\n`);
      resolve({ name, ok, seconds });
    });
  });
}

// The e2e and command tests run dist/cli.js: the build comes first.
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const checks = Promise.all(
  LANES.map(async (lane) => {
    const done = [];
    for (const name of lane) done.push(await runCheck(name));
    return done;
  }),
).then((lanes) => lanes.flat());
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
