import { defineConfig } from 'vitest/config';
// @ts-expect-error: a plain .mjs build script, no types
import { inkOverridesVite } from './scripts/ink-overrides.mjs';

export default defineConfig({
  // Tests draw with the same Ink internals the bundle ships (scripts/ink-overrides.mjs).
  plugins: [inkOverridesVite()],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Servers and tmux sessions are real; keep parallelism modest on 2 cores.
    maxWorkers: 2,
    // Inlined, so Vite resolves Ink's own imports and the overrides apply.
    server: { deps: { inline: ['ink'] } },
  },
});
