/**
 * Ids past 2^53 at the local service: a card id is looked up as the text it
 * is and not found, never rounded onto a card that exists; other ids of that
 * size are refused by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './helpers.js';

let s: TestService;
let near: number;
beforeAll(async () => {
  s = await startTestService();
  // A card whose id is what 9007199254740993 would round to: any rounding would hit it.
  near = 9007199254740992;
  await s.withSql(async (db) => {
    const col = await db.get<{ id: number }>('SELECT id FROM columns WHERE board_id = 1 ORDER BY position LIMIT 1');
    await db.run(
      `INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at)
       VALUES (?, 1, ?, 'Rounded onto me', 'owner@example.com', -1, '2026-11-01T00:00:00.000Z')`,
      [near, col?.id ?? null],
    );
  });
});
afterAll(() => s.close());

describe('card ids past 2^53', () => {
  it('GET, DELETE and comments name the exact id in a 404 and leave the near card alone', async () => {
    const get = await s.call('GET', '/v2/card/9007199254740993');
    expect(get.status).toBe(404);
    expect(get.json.message).toBe('Card 9007199254740993 not found');
    const del = await s.call('DELETE', '/v2/card/9007199254740993');
    expect(del.status).toBe(404);
    const comment = await s.call('POST', '/v2/comment', { body: { CardId: '9007199254740993', Body: 'x' } });
    expect(comment.status).toBe(404);
    const move = await s.call('POST', '/v2/card/move-card', {
      body: { Id: '9007199254740993', NewColumnId: 1, NewPosition: 0 },
    });
    expect(move.status).toBe(404);
    // 2^53 is past the safe range too, so the API cannot name it either; the row is untouched.
    const row = await s.withSql((db) => db.get('SELECT title, archived FROM cards WHERE id = ?', [near]));
    expect(row).toEqual({ title: 'Rounded onto me', archived: 0 });
    const comments = await s.withSql((db) => db.get('SELECT COUNT(*) AS n FROM comments WHERE card_id = ?', [near]));
    expect(comments).toEqual({ n: 0 });
  });

  it('a board id past 2^53 is refused in words', async () => {
    const r = await s.call('GET', '/v2/board/9007199254740993');
    expect(r.status).toBe(400);
    expect(r.json.message).toContain('is larger than any id this service gives');
  });
});
