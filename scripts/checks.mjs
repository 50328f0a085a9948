/**
 * `npm test`'s steps before vitest — formatting, the dependency rules, lint,
 * the type check and the build — at once rather than one after another:
 * they read the same files and none needs another's output (vitest needs
 * the build, so it starts after). Each step's output is printed whole when
 * it ends, one step at a time; the exit code is 1 if any step failed.
 */
import { spawn } from 'node:child_process';

const STEPS = [
  ['format', 'npx', ['prettier', '--check', '.']],
  ['deps', 'npm', ['run', '--silent', 'deps']],
  ['lint', 'npx', ['eslint', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['build', 'node', ['scripts/build.mjs']],
];

function run([name, command, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => resolve({ name, ok: false, out: `${out}${err.message}\n`, ms: Date.now() - started }));
    child.on('close', (code) => resolve({ name, ok: code === 0, out, ms: Date.now() - started }));
  }).then((r) => {
    const secs = (r.ms / 1000).toFixed(1);
    process.stdout.write(`${r.ok ? '✓' : '✗'} ${r.name} (${secs} s)\n${r.ok ? '' : r.out}`);
    return r;
  });
}

const results = await Promise.all(STEPS.map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
