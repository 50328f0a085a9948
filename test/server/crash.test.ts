/** Durability: acknowledged writes survive kill -9 of the serving process. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db.js';
import { callAt } from './helpers.js';
import { exited, spawnServe } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('kill -9', () => {
  it('keeps every acknowledged write and an intact database', async () => {
    const dbPath = join(dir, 'inboard.db');
    const key = 'crash-test-owner-key-01';
    const env = { INBOARD_API_KEY: key };
    const first = await spawnServe(['--db', dbPath, '--demo'], env);
    const ids: number[] = [];
    const writes = Array.from({ length: 40 }, async (_, i) => {
      const r = await callAt(first.url, key, 'POST', '/v2/card', {
        body: { BoardId: 1, ColumnId: 1, CardTitle: `durable ${i}` },
      });
      expect(r.status).toBe(200);
      ids.push(r.json.taskId);
    });
    await Promise.all(writes);
    const moved = await callAt(first.url, key, 'POST', '/v2/card/move-card', {
      body: { Id: String(ids[0]), NewColumnId: 3, NewPosition: 2 },
    });
    expect(moved.status).toBe(200);
    first.proc.kill('SIGKILL');
    await exited(first.proc);

    const second = await spawnServe(['--db', dbPath], env);
    try {
      for (const id of ids) {
        const r = await callAt(second.url, key, 'GET', `/v2/card/${id}`);
        expect(r.status).toBe(200);
      }
      const col3 = await callAt(second.url, key, 'GET', '/v2/board/1/column/3/cards?page=1&limit=200');
      expect(col3.json.data[2].ServiceTaskId).toBe(ids[0]);
    } finally {
      second.proc.kill('SIGTERM');
      expect(await exited(second.proc)).toBe(0);
    }
    const db = openDb(dbPath);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    } finally {
      db.close();
    }
  });
});
