/**
 * Once per test run:
 * - the seed every property and fuzz test uses, printed so a failure replays
 *   (`FC_SEED=<seed> npm test`, or one file with npx vitest);
 * - a real PostgreSQL (test/support/postgres.ts), or the one INBOARD_TEST_PG_URL
 *   already names. Without it the run fails, saying why: the engine is never
 *   skipped in silence.
 * - one dir for the board's code cache of every CLI the e2e tests start
 *   (test/e2e/tmux.ts), never the user's, removed once every test has ended.
 * Test processes inherit them through the environment (test/setup.ts applies the seed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, TEST_PG_ENV } from './support/postgres.js';

const TEST_CACHE_ENV = 'INBOARD_TEST_CACHE_DIR';

export default async function setup(): Promise<() => Promise<void>> {
  const seed = process.env.FC_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  process.env.FC_SEED = seed;
  console.log(`fast-check seed ${seed} (replay: FC_SEED=${seed} npx vitest run <file>)`);

  const cache = mkdtempSync(join(tmpdir(), 'inboard-test-code-cache-'));
  process.env[TEST_CACHE_ENV] = cache;
  // A board still closing may write its cache as the run ends: the removal retries.
  const removeCache = () => rmSync(cache, { recursive: true, force: true, maxRetries: 3 });

  // The quick subset (npm run test:quick) runs on SQLite only: no cluster to start.
  if (process.env[TEST_PG_ENV] || process.env.INBOARD_TEST_QUICK === '1') return async () => removeCache();
  const started = Date.now();
  const cluster = await startPostgres().catch((err: unknown) => {
    throw new Error(`Could not start PostgreSQL for the tests: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  });
  process.env[TEST_PG_ENV] = cluster.url;
  console.log(`PostgreSQL for the tests at ${cluster.url} (started in ${Date.now() - started} ms)`);
  return async () => {
    removeCache();
    await cluster.stop();
  };
}
