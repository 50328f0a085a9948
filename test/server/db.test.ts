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

describe('ids of deleted rows', () => {
  it('are never handed out again (comments and tags)', () => {
    const db = openDb(join(dir, 'ids.db'));
    db.exec(`INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at) VALUES (1, 1, 1, 't', 'o@x.io', 0, 'now');`);
    const addComment = () =>
      Number(
        db.prepare(`INSERT INTO comments (card_id, user_id, body, created_at) VALUES (1, 1, 'c', 'now')`).run()
          .lastInsertRowid,
      );
    const addTag = () =>
      Number(
        db.prepare(`INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (1, 't', 1, 1, 'now')`).run()
          .lastInsertRowid,
      );
    const c1 = addComment();
    db.prepare('DELETE FROM comments WHERE id = ?').run(c1);
    expect(addComment()).toBeGreaterThan(c1);
    const t1 = addTag();
    db.prepare('INSERT INTO card_tags (card_id, tag_id) VALUES (1, ?)').run(t1);
    db.prepare('DELETE FROM tags WHERE id = ?').run(t1);
    expect(db.prepare('SELECT count(*) FROM card_tags').pluck().get()).toBe(0); // cascade still on
    expect(addTag()).toBeGreaterThan(t1);
    db.close();
  });
});
