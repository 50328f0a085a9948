import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openDb', () => {
  it('opens WAL with foreign keys, a busy timeout and FULL sync by default', () => {
    const db = openDb(join(dir, 'a.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });
  it('uses NORMAL sync when asked for durability "normal"', () => {
    const db = openDb(join(dir, 'b.db'), 'normal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    db.close();
  });
});
