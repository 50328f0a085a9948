/**
 * `inboard notifications` as users run them, against the local service:
 * Quinn's own, in words and as JSON; one marked read, then all; bad input
 * refused before anything is sent (exit 2); `--follow` prints a new one as
 * Quinn's event stream tells of it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '../../src/api/schema-notifications.js';
import { createUserKey } from '../../src/server/auth.js';
import { openDatabase } from '../../src/server/sql/open.js';
import { CLI, ROOT, ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
let quinn: Record<string, string>;
let cardId = '';
beforeAll(async () => {
  f = await startFixture();
  const db = await openDatabase(join(f.dir, 'x.db'));
  try {
    const key = await createUserKey(db, { email: 'quinn@acme.test', plan: 'pro' });
    await db.run("INSERT INTO board_members (board_id, email) VALUES (1, 'quinn@acme.test')");
    quinn = { ...f.env, INBOARD_API_KEY: key };
  } finally {
    await db.close();
  }
  const [first] = await f.client.listColumns(1);
  const made = await f.client.createCard({ BoardId: 1, ColumnId: first?.Id ?? 1, CardTitle: 'Refund for order 7' });
  cardId = String(made.taskId);
});
afterAll(async () => {
  await f.close();
});

const comment = async (Body: string) => {
  const r = await f.client.raw('POST', '/v2/comment', { CardId: cardId, Body });
  expect(r.status, r.body).toBe(200);
};

describe('inboard notifications', () => {
  it("lists Quinn's own, marks one read and then all", async () => {
    await comment('@quinn can you check the refund?');
    const page = await f.json<NotificationPage>(['notifications', '--unread', '--json'], { env: quinn });
    expect(page.Unread).toBe(1);
    expect(page.Items[0]).toMatchObject({ Kind: 'mentioned', By: 'owner@inboard.local', CardId: cardId });
    const said = ok(await f.run(['notifications'], { env: quinn }));
    expect(said).toMatch(/^1 unread/);
    expect(said).toContain('owner@inboard.local mentioned you');
    expect(said).toContain('Refund for order 7');
    // The owner has none of Quinn's.
    expect(ok(await f.run(['notifications']))).toMatch(/^0 unread/);
    const id = page.Items[0]?.Id ?? '';
    expect(ok(await f.run(['notifications', 'read', id], { env: quinn }))).toBe(`Marked ${id} read; 0 unread\n`);
    await comment('@quinn and this');
    expect(ok(await f.run(['notifications', 'read', '--all'], { env: quinn }))).toBe('Marked 1 read\n');
    const other = await f.run(['notifications', 'read', id]);
    expect([other.code, other.stderr]).toEqual([1, `inboard: Notification ${id} not found (404)\n`]);
  });

  it('refuses what cannot work before asking (exit 2)', async () => {
    const both = await f.run(['notifications', 'read', '5', '--all'], { env: quinn });
    expect([both.code, both.stderr]).toEqual([
      2,
      "inboard notifications: give a notification ID or --all, not both\nSee 'inboard notifications --help'.\n",
    ]);
    const limit = await f.run(['notifications', '--limit', '500'], { env: quinn });
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain("--limit must be a whole number from 1 to 200, got '500'");
  });

  it('--follow prints a new one as it comes, one JSON object a line, until Ctrl+C', async () => {
    const child = spawn(process.execPath, [CLI, 'notifications', '--follow', '--json'], {
      cwd: ROOT,
      env: { ...process.env, ...quinn },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const waitFor = async (what: () => boolean, why: string) => {
      const until = Date.now() + 20_000;
      while (!what()) {
        if (Date.now() > until) throw new Error(`${why}; stdout: ${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await waitFor(() => out.includes('"Unread"'), 'no first page');
    await comment('@quinn one more, live');
    await waitFor(() => out.split('\n').some((l) => l.includes('one more, live')), 'no new line');
    const line = out.split('\n').find((l) => l.includes('one more, live')) ?? '';
    expect(JSON.parse(line)).toMatchObject({ Kind: 'mentioned', CardId: cardId, Read: false });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
