/** `inboard serve --notify-email MINUTES` as a user runs it: a value that cannot work refused in words, before starting; a good one said at start. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runNode } from '../../support/recording-server.js';
import { testDatabase } from '../helpers.js';
import { CLI, exited, spawnServe } from '../process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-serve-notify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inboard serve --notify-email', () => {
  it('refuses minutes that are not 1 to 10080, before starting', async () => {
    for (const bad of ['0', '10081', 'half', '1.5']) {
      const r = await runNode([CLI, 'serve', '--db', join(dir, 'x.db'), '--port', '0', '--notify-email', bad], {});
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--notify-email must be whole minutes from 1 to 10080 (a week), got '${bad}'`);
    }
  });

  it('says at start what it will mail', async () => {
    const child = await spawnServe([
      ...['--db', await testDatabase(dir), '--api-key', 'serve-notify-key-0123456789'],
      ...['--notify-email', '30'],
    ]);
    try {
      // stderr is a pipe of its own: its lines may come after the listening line on stdout.
      const words = 'notifications left unread 30 min are mailed to their member';
      for (const until = Date.now() + 10_000; !child.stderr().includes(words) && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 20));
      expect(child.stderr()).toContain(words);
    } finally {
      child.proc.kill('SIGTERM');
      await exited(child.proc);
    }
  });
});
