/** buildServer and startService lifecycle: 500 envelope, key reuse across restarts, log lines. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../src/api/schema.js';
import { buildServer } from '../../src/server/app.js';
import { openDb } from '../../src/server/db.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { startService } from '../../src/server/index.js';
import { callAt } from './helpers.js';

const dirs: string[] = [];
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-svc-'));
  dirs.push(dir);
  return join(dir, 'inboard.db');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('service lifecycle', () => {
  it('an internal error answers a generic 500 envelope with a requestId, no stack or SQL', async () => {
    const dbPath = tempDb();
    const first = await startService({ dbPath, apiKey: 'internal-error-key-0001' });
    await first.close();
    const sqlite = openSqlite(dbPath);
    const db = sqlite.raw;
    const lines: string[] = [];
    const app = buildServer({ db: sqlite, log: (l) => lines.push(l) });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      expect((await callAt(url, 'internal-error-key-0001', 'GET', '/v2/board')).status).toBe(200);
      db.exec('DROP TABLE board_members'); // the listing query now fails inside SQLite
      const r = await callAt(url, 'internal-error-key-0001', 'GET', '/v2/board');
      expect(r.status).toBe(500);
      const e = ErrorEnvelope.parse(r.json);
      expect(e.requestId).toMatch(/\w{8}/);
      expect(r.text).not.toMatch(/board_members|SELECT|at .*\.ts/);
      expect(lines.some((l) => l.includes(e.requestId ?? '?') && l.includes('board_members'))).toBe(true);
      expect(lines.some((l) => /^GET \/v2\/board 200 [\d.]+ms [\w-]+$/.test(l))).toBe(true);
      expect(lines.join('\n')).not.toContain('internal-error-key-0001');
    } finally {
      await app.close();
      db.close();
    }
  });

  it('reuses a given key on restart and creates no second owner key', async () => {
    const dbPath = tempDb();
    const a = await startService({ dbPath, apiKey: 'stable-owner-key-0001', demo: true });
    await a.close();
    const b = await startService({ dbPath, apiKey: 'stable-owner-key-0001', demo: true });
    try {
      expect(b.seeded).toBe(false);
      const r = await callAt(b.url, b.apiKey, 'GET', '/v2/board');
      expect(r.json.data).toHaveLength(2);
    } finally {
      await b.close();
    }
    const c = await startService({ dbPath });
    try {
      expect(c.apiKey).toBe('');
      expect(c.keyCreated).toBe(false);
    } finally {
      await c.close();
    }
    const db = openDb(dbPath);
    expect(db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get()).toBe(1);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(1);
    db.close();
  });

  it('the demo workspace is deterministic', async () => {
    const snapshot = async () => {
      const s = await startService({ dbPath: tempDb(), demo: true });
      try {
        const r = await callAt(s.url, s.apiKey, 'GET', '/v2/board/1/column/2/cards?page=1');
        return r.json.data;
      } finally {
        await s.close();
      }
    };
    const [a, b] = [await snapshot(), await snapshot()];
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(3);
  });
});
