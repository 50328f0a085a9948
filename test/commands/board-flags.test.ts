/** The board's own flags, refused before anything starts when they make no sense. */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

describe('inboard --refresh', () => {
  it('refuses a refresh faster than every 2 s (0.1 burnt a fifth of a core), naming the limit', async () => {
    const r = await runCli(['--refresh', '0.1'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--refresh takes 0 (off) or a number of seconds from 2 up, got '0.1'");
  });

  it('refuses words, and says how the flags go', async () => {
    const r = await runCli(['--refresh', 'often'], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("got 'often'");
    expect(r.stderr).toContain('Usage: inboard [--board ID|NAME]');
  });
});
