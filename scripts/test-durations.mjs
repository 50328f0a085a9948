// `npm run test:durations`: writes test/durations.json, the seconds each test
// file took, from the record vitest keeps of its last runs
// (node_modules/.vite/vitest/*/results.json). The order files start in
// (test/support/slowest-first.ts) reads it, so that a clean clone starts the
// slowest first as a warm one does. Run it after a whole `npm test`; files
// that no longer exist are left out.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const dir = join(root, 'node_modules/.vite/vitest');
const records = existsSync(dir)
  ? readdirSync(dir)
      .map((d) => join(dir, d, 'results.json'))
      .filter((f) => existsSync(f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  : [];
if (records.length === 0) {
  process.stderr.write('test:durations: vitest has no record of a run yet (run npm test first)\n');
  process.exit(1);
}

/** @type {[string, { duration: number }][]} */
const results = JSON.parse(readFileSync(records[0], 'utf8')).results;
const durations = Object.fromEntries(
  results
    .filter(([key]) => existsSync(join(root, key.slice(key.indexOf(':') + 1))))
    // Tenths of a second: enough to order by, and a record that changes little from run to run.
    .map(([key, { duration }]) => [key, Math.round(duration / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(join(root, 'test/durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
process.stdout.write(`test/durations.json: ${Object.keys(durations).length} files\n`);
