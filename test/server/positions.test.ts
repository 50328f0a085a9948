/** Ordering: midpoint inserts, respreads when neighbours touch, agreement with a plain array model. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { positionAt } from '../../src/server/positions.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-pos-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('positions', () => {
  it('matches an array model over thousands of moves into crowded spots', async () => {
    const sqlite = openSqlite(join(dir, 'pos.db'));
    const db = sqlite.raw;
    db.exec(`INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', '')`);
    db.exec(`INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'b', 1, '')`);
    db.exec(`INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'c', 0)`);
    const insert = db.prepare(
      `INSERT INTO cards (board_id, column_id, title, thread_owner_email, position, created_at) VALUES (1, 1, 't', 'o@x.io', ?, '')`,
    );
    const model: number[] = [];
    for (let i = 0; i < 300; i++) model.push(Number(insert.run(i * 4).lastInsertRowid)); // tight gaps force respreads
    const update = db.prepare('UPDATE cards SET position = ? WHERE id = ?');
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let step = 0; step < 3000; step++) {
      const id = model[rand(model.length)]!;
      // Mostly the same few slots near the top, where gaps run out first.
      const to = step % 5 === 0 ? rand(model.length) : 1 + rand(3);
      await sqlite.tx(async (sql) => void update.run(await positionAt(sql, 1, to, id), id));
      model.splice(model.indexOf(id), 1);
      model.splice(Math.min(to, model.length), 0, id);
    }
    const actual = db
      .prepare('SELECT id FROM cards WHERE column_id = 1 AND archived = 0 ORDER BY position, id')
      .pluck()
      .all();
    expect(actual).toEqual(model);
    const distinct = db.prepare('SELECT COUNT(DISTINCT position) FROM cards').pluck().get();
    expect(distinct).toBe(300);
    await sqlite.close();
  });
});
