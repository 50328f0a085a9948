/**
 * The command suites run most commands in a host process (runCli,
 * test/support/command-host.ts); a user runs each in a process of its own.
 * Here the same commands both ways: the same output and exit status, and
 * each process of its own ends by itself once its command is done (nothing
 * left open that would keep a script waiting).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

/** A command and its exit status: done, a usage error (2), a card the server does not have (1). */
const READS: [string[], number][] = [
  [['boards', '--json'], 0],
  [['columns', 'Support Inbox'], 0],
  [['cards', 'Support Inbox', '--column', 'New'], 0],
  [['card', '1', '--json'], 0],
  [['tags', 'Support Inbox'], 0],
  [['search', 'invoice', '--board', 'Support Inbox'], 0],
  [['boards', '--no-such-flag'], 2],
  [['card', '999999'], 1],
];

describe('a command in a process of its own, as users run it', () => {
  it.each(READS.map(([a, code]) => [a.join(' '), a, code] as const))(
    'inboard %s: as in the host, and the process ends',
    async (_, args, code) => {
      const own = await f.run(args, { fresh: true });
      expect(own.code).toBe(code);
      expect(own.stdout + own.stderr).not.toBe('');
      expect(await f.run(args)).toEqual(own);
    },
  );

  it('a change made in a process of its own is there for the next', async () => {
    const made = await f.json<{ taskId: string }>(
      [
        'card',
        'create',
        '--board',
        'Support Inbox',
        '--column',
        'New',
        '--title',
        'From a process of its own',
        '--json',
      ],
      { fresh: true },
    );
    const listed = await f.run(['cards', 'Support Inbox', '--column', 'New', '--json'], { fresh: true });
    expect(listed.code).toBe(0);
    expect(made.taskId).toMatch(/^\d+$/);
    expect(listed.stdout).toContain(`"${made.taskId}"`);
  });
});
