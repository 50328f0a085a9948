/**
 * Two `inboard serve` instances on one database — a SQLite file on one
 * machine, or one PostgreSQL database for a team's server (the postgres
 * project of vitest.config.ts): what one writes the other reads at once, a
 * revoke holds on both, one Idempotency-Key is one write whichever instance
 * gets it, the demo is added once, events cross over, and kill -9 of one
 * instance loses nothing it acknowledged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callAt, testDatabase, testEngine } from './helpers.js';
import { exited, spawnServe, type Child } from './process.js';
import { openSse } from './sse.js';

const KEY = 'instances-owner-key-0001';
const env = { INBOARD_API_KEY: KEY };
const dir = mkdtempSync(join(tmpdir(), 'inboard-instances-'));
let dbPath: string;
let a: Child;
let b: Child;
let board: number;
let column: number;

/** Every title in the column, read through `url`, page by page. */
const titlesAt = async (url: string): Promise<string[]> => {
  const titles: string[] = [];
  for (let page = 1; ; page++) {
    const r = await callAt(url, KEY, 'GET', `/v2/board/${board}/column/${column}/cards?page=${page}&limit=100`);
    expect(r.status).toBe(200);
    titles.push(...r.json.data.map((c: { TaskName: string }) => c.TaskName));
    if (r.json.data.length < 100) return titles;
  }
};

beforeAll(async () => {
  dbPath = await testDatabase(dir);
  a = await spawnServe(['--db', dbPath, '--demo', '--rate-limit', '0'], env);
  b = await spawnServe(['--db', dbPath, '--demo', '--rate-limit', '0'], env);
  const made = await callAt(a.url, KEY, 'POST', '/v2/board', { body: { Name: 'Shared' } });
  board = made.json.data.Id;
  await callAt(a.url, KEY, 'POST', `/v2/board/${board}/column`, { body: { Name: 'Inbox' } });
  column = (await callAt(a.url, KEY, 'GET', `/v2/board/${board}/columns`)).json.data[0].Id;
});

afterAll(async () => {
  for (const c of [a, b]) c.proc.kill('SIGTERM');
  await Promise.all([a, b].map((c) => exited(c.proc)));
  rmSync(dir, { recursive: true, force: true });
});

describe(`two instances on one ${testEngine() === 'postgres' ? 'PostgreSQL database' : 'SQLite file'}`, () => {
  it('the second one started with --demo does not add the demo again', async () => {
    expect(b.stderr()).toContain('--demo ignored, the database already has boards');
    const boards = (await callAt(b.url, KEY, 'GET', '/v2/board')).json.data.map((x: { Name: string }) => x.Name);
    expect(boards.filter((n: string) => n === 'Support Inbox')).toHaveLength(1);
  });

  it('a card made through one is listed by the other at once, though the other had the page cached', async () => {
    expect(await titlesAt(b.url)).toEqual([]);
    expect(await titlesAt(b.url)).toEqual([]);
    const r = await callAt(a.url, KEY, 'POST', '/v2/card', {
      body: { BoardId: board, ColumnId: column, CardTitle: 'Seen everywhere' },
    });
    expect(r.status).toBe(200);
    expect(await titlesAt(b.url)).toEqual(['Seen everywhere']);
  });

  it('a key revoked through the database stops working on both instances at once', async () => {
    const made = await callAt(a.url, KEY, 'POST', '/v2/board', { body: { Name: 'Revoke check' } });
    expect(made.status).toBe(200);
    const { openDatabase } = await import('../../src/server/sql/open.js');
    const { createUserKey, revokeKey } = await import('../../src/server/auth.js');
    const db = await openDatabase(dbPath);
    try {
      const other = await createUserKey(db, { email: 'leaving@team.test', plan: 'pro' });
      for (const url of [a.url, b.url]) expect((await callAt(url, other, 'GET', '/v2/me')).status).toBe(200);
      await revokeKey(db, other.slice(0, 12));
      for (const url of [a.url, b.url]) {
        const r = await callAt(url, other, 'GET', '/v2/me');
        expect(r.status).toBe(401);
        expect(r.json.message).toMatch(/revoked/);
      }
    } finally {
      await db.close();
    }
  });

  it('one Idempotency-Key sent to both at once is one card, and both answers are the same', async () => {
    const send = (url: string) =>
      callAt(url, KEY, 'POST', '/v2/card', {
        body: { BoardId: board, ColumnId: column, CardTitle: 'Only once' },
        headers: { 'idempotency-key': 'both-instances-1' },
      });
    const [ra, rb] = await Promise.all([send(a.url), send(b.url)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(ra.json.taskId).toBe(rb.json.taskId);
    expect([ra.headers['idempotent-replayed'], rb.headers['idempotent-replayed']]).toContain('true');
    expect((await titlesAt(a.url)).filter((t) => t === 'Only once')).toHaveLength(1);
  });

  it('a write through one reaches an event stream held on the other', async () => {
    const stream = await openSse(`${b.url}/v2/events?BoardId=${board}`, KEY);
    try {
      expect(stream.status).toBe(200);
      const r = await callAt(a.url, KEY, 'POST', '/v2/card', {
        body: { BoardId: board, ColumnId: column, CardTitle: 'Evented' },
      });
      const e = await stream.next();
      expect(e?.event).toBe('card-created');
      expect(JSON.parse(e?.data ?? '{}')).toMatchObject({ BoardId: board, CardId: String(r.json.taskId) });
    } finally {
      stream.close();
    }
  });

  it('kill -9 of one instance during writes loses nothing it acknowledged', async () => {
    const victim = await spawnServe(['--db', dbPath, '--rate-limit', '0'], env);
    const acknowledged: string[] = [];
    let byVictim = 0;
    let n = 0;
    let writing = true;
    const writer = async (url: string) => {
      while (writing) {
        const title = `w${n++}`;
        try {
          const r = await callAt(url, KEY, 'POST', '/v2/card', {
            body: { BoardId: board, ColumnId: column, CardTitle: title },
          });
          if (r.status === 200) {
            acknowledged.push(title);
            if (url === victim.url) byVictim++;
          }
        } catch {
          return; // the connection died with the instance
        }
      }
    };
    const writers = [writer(victim.url), writer(victim.url), writer(a.url)];
    try {
      // Killed in the middle of its writes, once it has acknowledged some, however slow the machine.
      await vi.waitFor(() => expect(byVictim).toBeGreaterThanOrEqual(10), { timeout: 15_000, interval: 5 });
      victim.proc.kill('SIGKILL');
      await exited(victim.proc);
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect(byVictim).toBeGreaterThanOrEqual(10);
    const listed = new Set(await titlesAt(b.url));
    expect(acknowledged.filter((t) => !listed.has(t))).toEqual([]);
  });
});
