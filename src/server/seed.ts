/**
 * The demo workspace: a believable shared inbox, deterministic (fixed
 * timestamps, no randomness) so tests and screenshots can rely on it.
 * Written only into a database with no boards.
 */
import { ensureUser } from './auth.js';
import type { Sql, Value } from './sql/sql.js';
import { GAP } from './positions.js';
import { ARCHIVED, SALES, SEQUENCES, SUPPORT, TAGS, type CardSpec } from './seed-data.js';
import { seedThreads } from './seed-mail.js';

export const DEMO_TEAMMATE = 'sam.rivera@example.com';
/** Every demo timestamp counts back from here. */
// Dates are relative to the day the demo is written, so due dates read as
// "this week" rather than long overdue; titles and structure stay fixed.
// (Never in the future: created/commented times count back from now.)
const BASE = Math.floor(Date.now() / 60_000) * 60_000;
const iso = (minutesBefore: number) => new Date(BASE - minutesBefore * 60_000).toISOString();
const day = (daysAfter: number) =>
  new Date(BASE + daysAfter * 86_400_000).toISOString().slice(0, 10) + 'T17:00:00.000Z';

/** Fills an empty database; returns false (and writes nothing) if it has boards. */
export function seedDemo(db: Sql, ownerId: number): Promise<boolean> {
  return db.tx(async (sql) => {
    // Two instances starting on one empty database: the second waits, then finds boards.
    await sql.lock('seed');
    if ((await sql.get('SELECT 1 AS one FROM boards LIMIT 1')) !== undefined) return false;
    const id = async (text: string, params: Value[]) =>
      ((await sql.get<{ id: number }>(`${text} RETURNING id`, params)) as { id: number }).id;
    const owner = (
      (await sql.get<{ email: string }>('SELECT email FROM users WHERE id = ?', [ownerId])) as {
        email: string;
      }
    ).email;
    const teammateId = await ensureUser(sql, { email: DEMO_TEAMMATE, name: 'Sam Rivera', plan: 'pro' });
    const who = { o: [owner], s: [DEMO_TEAMMATE], os: [owner, DEMO_TEAMMATE] };
    let minutes = 0;
    const board = async (name: string, columns: Record<string, CardSpec[]>) => {
      const boardId = await id('INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?)', [
        name,
        ownerId,
        iso(90 * 1440),
      ]);
      await sql.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [boardId, DEMO_TEAMMATE]);
      const tagIds = new Map<string, number>();
      for (const [tag, color] of TAGS[name] ?? []) {
        tagIds.set(
          tag,
          await id('INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (?, ?, ?, ?, ?)', [
            boardId,
            tag,
            color,
            ownerId,
            iso(80 * 1440),
          ]),
        );
      }
      for (const [colIndex, [colName, cards]] of Object.entries(columns).entries()) {
        const colId = await id('INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?)', [
          boardId,
          colName,
          colIndex,
        ]);
        for (const [i, [title, s = {}]] of cards.entries()) {
          minutes += 47;
          const author = i % 3 === 2 ? teammateId : ownerId;
          const threadOwner = author === ownerId ? owner : DEMO_TEAMMATE;
          const cardId = await id(
            `INSERT INTO cards (board_id, column_id, title, read_status, due_date, thread_owner_email, status, position, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              boardId,
              colId,
              title,
              s.u ? 0 : 1,
              s.d === undefined ? null : day(s.d),
              threadOwner,
              colName === 'Done' || colName === 'Won' ? '1' : '0',
              i * GAP,
              iso(minutes),
            ],
          );
          for (const t of s.t ?? []) {
            await sql.run('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)', [cardId, tagIds.get(t) ?? null]);
          }
          for (const email of s.a ? who[s.a] : []) {
            await sql.run('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)', [cardId, email]);
          }
          const extra = async (table: string, body: string | undefined, user: number) => {
            if (!body) return;
            await sql.run(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`, [
              cardId,
              user,
              body,
              iso(minutes - 20),
            ]);
          };
          await extra('notes', s.n, ownerId);
          await extra('comments', s.c, teammateId);
          await extra('subtasks', s.s, author);
        }
      }
    };
    await board('Support Inbox', SUPPORT);
    await board('Sales Pipeline', SALES);
    await seedThreads(sql, iso);
    // Two threads archived last week, so `A` (the archived-cards extension) has something to show.
    const done = (await sql.get<{ col: number; board: number }>(
      `SELECT c.id AS col, c.board_id AS board FROM columns c JOIN boards b ON b.id = c.board_id
       WHERE b.name = 'Support Inbox' AND c.name = 'Done'`,
    )) as { col: number; board: number };
    for (const [i, [title, daysAgo]] of ARCHIVED.entries()) {
      await sql.run(
        `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, status, archived, archived_at, position, created_at)
         VALUES (?, ?, ?, 1, ?, '1', 1, ?, ?, ?)`,
        [done.board, done.col, title, owner, iso(daysAgo * 1440), -(i + 1) * GAP, iso((daysAgo + 3) * 1440)],
      );
    }
    for (const [k, seq] of SEQUENCES.entries()) {
      const seqId = await id('INSERT INTO sequences (user_id, name, created_at) VALUES (?, ?, ?)', [
        ownerId,
        seq.name,
        iso((30 - k) * 1440),
      ]);
      for (const [i, [subject, html, days]] of seq.steps.entries()) {
        await sql.run(
          'INSERT INTO followups (sequence_id, seq, subject, content, days, duration, view_count, last_sent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          [seqId, i + 1, subject, html, days, 'days', k === 0 ? 40 - i * 9 : 0, k === 0 ? iso(1440 * (i + 1)) : null],
        );
      }
    }
    return true;
  });
}
