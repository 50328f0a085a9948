import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Servers and tmux sessions are real; keep parallelism modest on 2 cores.
    maxWorkers: 2,
  },
});
