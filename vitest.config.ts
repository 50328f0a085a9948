import { defineConfig, type TestProjectConfiguration } from 'vitest/config';
// @ts-expect-error: a plain .mjs build script, no types
import { inkOverridesVite } from './scripts/ink-overrides.mjs';
import { SlowestFirstSequencer } from './test/support/slowest-first.js';

/**
 * The service's suites that run a second time on PostgreSQL (the run's own
 * cluster, test/global-setup.ts): the contract, model, fuzz and concurrency
 * suites, the extensions' (mail, events), and the engines' conformance.
 */
const ON_POSTGRES = [
  'test/server/contract-*.test.ts',
  'test/server/model.test.ts',
  'test/server/fuzz.test.ts',
  'test/server/concurrency.test.ts',
  'test/server/events.test.ts',
  'test/server/presence.test.ts',
  'test/server/mail-*.test.ts',
  'test/server/messages.test.ts',
  'test/server/seed-mail.test.ts',
  'test/server/me.test.ts',
  'test/server/big-ids.test.ts',
  'test/server/errors-auth.test.ts',
  'test/server/client-errors.test.ts',
  'test/server/instances.test.ts',
  'test/server/postgres-*.test.ts',
  // Health, metrics, a clean stop and migrations (ops/) on either engine.
  'test/server/ops/health.test.ts',
  'test/server/ops/metrics.test.ts',
  'test/server/ops/handover.test.ts',
  'test/server/ops/migrations.test.ts',
  // The team's own mailboxes: imports, cursors and leases on either engine.
  'test/server/mail/imap/*.test.ts',
  'test/server/search-*.test.ts',
  'test/server/search/*.test.ts',
  // Waiting, snooze and response targets: the triggers and the wake-up on either engine.
  'test/server/waiting/*.test.ts',
  // Reports: the figures of a week worked out by hand, and the resolutions' trigger, on either engine.
  'test/server/reports/*.test.ts',
  // A card's history, the customer's other conversations, mentions.
  'test/server/history/*.test.ts',
  // Saved replies: kept, checked and filled on either engine.
  'test/server/replies/*.test.ts',
  // A board's rules: run on arrival once per message, round-robin across instances.
  'test/server/rules/*.test.ts',
  // Notifications: who is told of what, the routes, the live stream, the mail of what stayed unread.
  'test/server/notifications/*.test.ts',
  // Two TUIs, each on its own instance of one database.
  'test/e2e/live.test.ts',
  // Notifications in two TUIs, each on its own instance of one database.
  'test/e2e/notifications.test.ts',
];

/**
 * `npm run test:quick` (INBOARD_TEST_QUICK=1): what a developer runs while
 * working — the unit tests, the store, the client, and the UI's tests that
 * draw nothing (the `.ts` files under test/ui; the `.tsx` ones start a service and
 * an app), on SQLite only. `npm test` stays the whole suite.
 */
const QUICK = [
  'test/*.test.ts',
  'test/text/**/*.test.ts',
  'test/config/**/*.test.ts',
  'test/store/**/*.test.ts',
  'test/api/**/*.test.ts',
  'test/ui/**/*.test.ts',
];
// Left to the whole run: the live clients, the README's check, the exhaustive
// runs (every character's width, the store's property test), and the fault
// proxy's suites, which wait out real time limits and retries.
const QUICK_EXCLUDE = [
  'test/api/**/*.live.test.ts',
  'test/readme.test.ts',
  'test/text/width.test.ts',
  'test/store/property.test.ts',
  'test/store/faults.test.ts',
  'test/store/outcome.test.ts',
  'test/api/faults.test.ts',
];

const PROJECTS: TestProjectConfiguration[] = [
  {
    extends: true,
    test: { name: 'sqlite', include: ['test/**/*.test.{ts,tsx}'], exclude: ['test/server/postgres-*.test.ts'] },
  },
  {
    extends: true,
    test: { name: 'postgres', include: ON_POSTGRES, env: { INBOARD_TEST_ENGINE: 'postgres' } },
  },
  {
    // The contract and the model, each request to one of two instances on one database in turn.
    extends: true,
    test: {
      name: 'postgres, two instances',
      include: ['test/server/contract-*.test.ts', 'test/server/model.test.ts'],
      env: { INBOARD_TEST_ENGINE: 'postgres', INBOARD_TEST_INSTANCES: '2' },
    },
  },
];

export default defineConfig({
  // Tests draw with the same Ink internals the bundle ships (scripts/ink-overrides.mjs).
  plugins: [inkOverridesVite()],
  // JSX for React's production build (test.env's NODE_ENV): `jsx`, not the development build's `jsxDEV`.
  oxc: { jsx: { development: false } },
  test: {
    // React's production build, as the bundle users run has it (scripts/bundle-options.mjs): the
    // development build's extra checks warn and assert nothing, and cost the UI's tests about a
    // fifth of their CPU (test/ui on SQLite, three pairs side by side: 66 s against 79 s).
    // JSX compiles to match (`oxc` above).
    env: { NODE_ENV: 'production' },
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Three files at a time on 2 cores: most files wait on real servers, child processes and
    // tmux (with two workers a whole run used about one core: 780 s of CPU in 817 s), so a
    // third worker fills the waits (DEVELOPERS.md, "Test time").
    maxWorkers: 3,
    // Each worker imports Ink, React, Fastify and the service once for all its
    // files, not once per file (337 s of the last CI run went to it). Tests leave no
    // state behind them: what a file changes (env, theme, colour level) it restores.
    isolate: false,
    // The slowest files first, from durations kept in the repository, so a clean clone starts them
    // first as well (test/support/slowest-first.ts; `npm run test:durations` writes them again).
    sequence: { sequencer: SlowestFirstSequencer },
    // Inlined, so Vite resolves Ink's own imports and the overrides apply.
    server: { deps: { inline: ['ink'] } },
    projects:
      process.env.INBOARD_TEST_QUICK === '1'
        ? [{ extends: true, test: { name: 'quick', include: QUICK, exclude: QUICK_EXCLUDE } }]
        : PROJECTS,
  },
});
