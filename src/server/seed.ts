/**
 * The demo workspace: a believable shared inbox, deterministic (fixed
 * timestamps, no randomness) so tests and screenshots can rely on it.
 * Written only into a database with no boards.
 */
import { ensureUser } from './auth.js';
import type { DB } from './db.js';
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
export function seedDemo(db: DB, ownerId: number): boolean {
  return db
    .transaction(() => {
      if (db.prepare('SELECT 1 FROM boards LIMIT 1').get() !== undefined) return false;
      const owner = db.prepare('SELECT email FROM users WHERE id = ?').pluck().get(ownerId) as string;
      ensureUser(db, { email: DEMO_TEAMMATE, name: 'Sam Rivera', plan: 'pro' });
      const teammateId = db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(DEMO_TEAMMATE) as number;
      const who = { o: [owner], s: [DEMO_TEAMMATE], os: [owner, DEMO_TEAMMATE] };
      let minutes = 0;
      const board = (name: string, columns: Record<string, CardSpec[]>) => {
        const boardId = Number(
          db
            .prepare('INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?)')
            .run(name, ownerId, iso(90 * 1440)).lastInsertRowid,
        );
        db.prepare('INSERT INTO board_members (board_id, email) VALUES (?, ?)').run(boardId, DEMO_TEAMMATE);
        const tagIds = new Map<string, number>();
        for (const [tag, color] of TAGS[name] ?? []) {
          const id = db
            .prepare('INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (?, ?, ?, ?, ?)')
            .run(boardId, tag, color, ownerId, iso(80 * 1440)).lastInsertRowid;
          tagIds.set(tag, Number(id));
        }
        Object.entries(columns).forEach(([colName, cards], colIndex) => {
          const colId = Number(
            db
              .prepare('INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?)')
              .run(boardId, colName, colIndex).lastInsertRowid,
          );
          cards.forEach(([title, s = {}], i) => {
            minutes += 47;
            const author = i % 3 === 2 ? teammateId : ownerId;
            const threadOwner = author === ownerId ? owner : DEMO_TEAMMATE;
            const cardId = Number(
              db
                .prepare(
                  `INSERT INTO cards (board_id, column_id, title, read_status, due_date, thread_owner_email, status, position, created_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
                )
                .run(
                  boardId,
                  colId,
                  title,
                  s.u ? 0 : 1,
                  s.d === undefined ? null : day(s.d),
                  threadOwner,
                  colName === 'Done' || colName === 'Won' ? '1' : '0',
                  i * GAP,
                  iso(minutes),
                ).lastInsertRowid,
            );
            for (const t of s.t ?? [])
              db.prepare('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)').run(cardId, tagIds.get(t));
            for (const email of s.a ? who[s.a] : [])
              db.prepare('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)').run(cardId, email);
            const extra = (table: string, body: string | undefined, user: number) =>
              body &&
              db
                .prepare(`INSERT INTO ${table} (card_id, user_id, body, created_at) VALUES (?, ?, ?, ?)`)
                .run(cardId, user, body, iso(minutes - 20));
            extra('notes', s.n, ownerId);
            extra('comments', s.c, teammateId);
            extra('subtasks', s.s, author);
          });
        });
      };
      board('Support Inbox', SUPPORT);
      board('Sales Pipeline', SALES);
      seedThreads(db, iso);
      // Two threads archived last week, so `A` (the archived-cards extension) has something to show.
      const done = db
        .prepare(
          `SELECT c.id AS col, c.board_id AS board FROM columns c JOIN boards b ON b.id = c.board_id
           WHERE b.name = 'Support Inbox' AND c.name = 'Done'`,
        )
        .get() as { col: number; board: number };
      ARCHIVED.forEach(([title, daysAgo], i) =>
        db
          .prepare(
            `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, status, archived, archived_at, position, created_at)
             VALUES (?, ?, ?, 1, ?, '1', 1, ?, ?, ?)`,
          )
          .run(done.board, done.col, title, owner, iso(daysAgo * 1440), -(i + 1) * GAP, iso((daysAgo + 3) * 1440)),
      );
      SEQUENCES.forEach((seq, k) => {
        const id = db
          .prepare('INSERT INTO sequences (user_id, name, created_at) VALUES (?, ?, ?)')
          .run(ownerId, seq.name, iso((30 - k) * 1440)).lastInsertRowid;
        seq.steps.forEach(([subject, html, days], i) =>
          db
            .prepare(
              'INSERT INTO followups (sequence_id, seq, subject, content, days, duration, view_count, last_sent) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
            )
            .run(
              id,
              i + 1,
              subject,
              html,
              days,
              'days',
              k === 0 ? 40 - i * 9 : 0,
              k === 0 ? iso(1440 * (i + 1)) : null,
            ),
        );
      });
      return true;
    })
    .immediate();
}
