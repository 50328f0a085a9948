/**
 * Two server processes on one database (a SQLite file, or one PostgreSQL
 * database for two instances): parallel creates and moves lose nothing and
 * never share a position.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/sql/open.js';
import { callAt, testDatabase } from './helpers.js';
import { exited, spawnServe, type Child } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-conc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('concurrent writers', () => {
  it('keeps every card and unique positions under parallel creates and moves from two processes', async () => {
    const dbPath = await testDatabase(dir);
    const key = 'concurrency-owner-key-1';
    const env = { INBOARD_API_KEY: key };
    const servers: Child[] = [];
    servers.push(await spawnServe(['--db', dbPath, '--rate-limit', '0'], env));
    servers.push(await spawnServe(['--db', dbPath, '--rate-limit', '0'], env));
    const [a, b] = servers as [Child, Child];
    try {
      const board = (await callAt(a.url, key, 'POST', '/v2/board', { body: { Name: 'Race' } })).json.data.Id;
      await callAt(a.url, key, 'POST', `/v2/board/${board}/column`, { body: { Name: 'One' } });
      await callAt(a.url, key, 'POST', `/v2/board/${board}/column`, { body: { Name: 'Two' } });
      const [one, two] = (await callAt(a.url, key, 'GET', `/v2/board/${board}/columns`)).json.data.map(
        (c: { Id: number }) => c.Id,
      );

      const created = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          callAt(i % 2 ? a.url : b.url, key, 'POST', '/v2/card', {
            body: { BoardId: board, ColumnId: one, CardTitle: `c${i}` },
          }),
        ),
      );
      expect(created.every((r) => r.status === 200)).toBe(true);
      const ids: number[] = created.map((r) => r.json.taskId);
      expect(new Set(ids).size).toBe(120);

      // Everyone moves at once, many to the same few slots, within and across columns.
      const moves = await Promise.all(
        ids.map((id, i) =>
          callAt(i % 2 ? b.url : a.url, key, 'POST', '/v2/card/move-card', {
            body: { Id: String(id), NewColumnId: i % 3 ? one : two, NewPosition: i % 4 },
          }),
        ),
      );
      expect(moves.map((r) => r.status).every((s) => s === 200)).toBe(true);

      const listed: number[] = [];
      for (const col of [one, two]) {
        const r = await callAt(a.url, key, 'GET', `/v2/board/${board}/column/${col}/cards?page=1&limit=200`);
        listed.push(...r.json.data.map((c: { ServiceTaskId: number }) => c.ServiceTaskId));
      }
      expect(listed.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));

      const db = await openDatabase(dbPath);
      try {
        const dups = await db.all(
          'SELECT column_id, position, COUNT(*) AS n FROM cards WHERE board_id = ? AND archived = 0 GROUP BY column_id, position HAVING COUNT(*) > 1',
          [board],
        );
        expect(dups).toEqual([]);
      } finally {
        await db.close();
      }
    } finally {
      for (const s of servers) s.proc.kill('SIGTERM');
      await Promise.all(servers.map((s) => exited(s.proc)));
    }
  });
});
