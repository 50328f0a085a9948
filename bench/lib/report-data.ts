/**
 * The report bench's data: one board of BENCH_CARDS cards (20,000) and
 * BENCH_MESSAGES messages (100,000) over the 60 days before `NOW`, written
 * straight into either engine (through the triggers, as any write is), from
 * a seeded generator so both engines hold the same conversations: a
 * customer's message, the team's reply hours later, sometimes a follow-up;
 * one message in ten automatic; a third of the cards archived; each card
 * assigned to one of 8 people and tagged with one of 12 tags.
 */
import type { Database, Sql } from '../../src/server/sql/sql.js';
import { rng } from './search-data.js';

export const NOW = Date.parse('2026-11-30T12:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface ReportShape {
  cards: number;
  messages: number;
}

export const reportShapeFromEnv = (): ReportShape => ({
  cards: Number(process.env.BENCH_CARDS ?? 20_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 100_000),
});

async function batches(db: Database, n: number, size: number, one: (sql: Sql, i: number) => Promise<void>) {
  for (let start = 0; start < n; start += size) {
    await db.tx(async (sql) => {
      for (let i = start; i < Math.min(n, start + size); i++) await one(sql, i);
    });
  }
}

/** Seeds the board; resolves to its id. */
export async function seedReportBoard(db: Database, owner: number, shape: ReportShape, seedNo = 7): Promise<number> {
  const r = rng(seedNo);
  const iso = (ms: number) => new Date(ms).toISOString();
  const board =
    (
      await db.get<{ id: number }>('INSERT INTO boards (name, owner_id, created_at) VALUES (?, ?, ?) RETURNING id', [
        'Support',
        owner,
        iso(NOW - 90 * DAY),
      ])
    )?.id ?? 0;
  const people = Array.from({ length: 8 }, (_, i) => `agent${i}@bench.example`);
  for (const p of people) await db.run('INSERT INTO board_members (board_id, email) VALUES (?, ?)', [board, p]);
  const columns: number[] = [];
  for (const [i, name] of ['New', 'Doing', 'Done'].entries()) {
    const c = await db.get<{ id: number }>(
      'INSERT INTO columns (board_id, name, position) VALUES (?, ?, ?) RETURNING id',
      [board, name, i],
    );
    columns.push(c?.id ?? 0);
  }
  const tags: number[] = [];
  for (let t = 0; t < 12; t++) {
    const row = await db.get<{ id: number }>(
      'INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
      [board, `tag${t}`, t, owner, iso(NOW - 90 * DAY)],
    );
    tags.push(row?.id ?? 0);
  }
  await db.run(
    `INSERT INTO board_targets (board_id, first_response_s, next_response_s, hours, zone)
     VALUES (?, 14400, 28800, 'Mon-Fri 09:00-17:00', 'Europe/Berlin')`,
    [board],
  );
  // Each card's conversation: its start, and where the next message falls.
  const perCard = shape.messages / shape.cards;
  const starts: number[] = [];
  const cards: number[] = [];
  await batches(db, shape.cards, 500, async (sql, i) => {
    const start = NOW - Math.floor(r() * 60 * DAY);
    starts.push(start);
    const row = await sql.get<{ id: number }>(
      `INSERT INTO cards (board_id, column_id, title, read_status, thread_owner_email, position, created_at)
       VALUES (?, ?, ?, 1, 'owner@bench', ?, ?) RETURNING id`,
      [board, columns[i % 3] ?? 0, `Conversation ${i}`, i, iso(start)],
    );
    const id = row?.id ?? 0;
    cards.push(id);
    await sql.run('INSERT INTO card_assignees (card_id, email) VALUES (?, ?)', [id, people[i % people.length] ?? '']);
    await sql.run('INSERT INTO card_tags (card_id, tag_id) VALUES (?, ?)', [id, tags[i % tags.length] ?? 0]);
  });
  const at = [...starts];
  let m = 0;
  await batches(db, shape.cards, 200, async (sql, i) => {
    const n = Math.max(1, Math.round(perCard + (r() - 0.5) * 2));
    for (let k = 0; k < n && m < shape.messages; k++, m++) {
      const out = k % 2 === 1;
      const t = Math.min(NOW - 1000, at[i] ?? NOW);
      await sql.run(
        `INSERT INTO messages (card_id, message_id, direction, from_addr, to_addrs, sent_at, subject, body_text, created_at, automatic)
         VALUES (?, ?, ?, ?, '[]', ?, 'Question', 'Hello', ?, ?)`,
        [
          cards[i] ?? 0,
          `<m${m}@bench>`,
          out ? 'out' : 'in',
          out ? 'support@bench' : 'c@x',
          iso(t),
          iso(t),
          !out && r() < 0.1 ? 'auto-replied' : null,
        ],
      );
      at[i] = t + (out ? Math.floor(r() * 2 * DAY) : Math.floor(r() * 8 * HOUR) + 60_000);
    }
    if (r() < 0.33)
      await sql.run('UPDATE cards SET archived = 1, archived_at = ? WHERE id = ?', [
        iso(Math.min(NOW - 1000, (at[i] ?? NOW) + HOUR)),
        cards[i] ?? 0,
      ]);
  });
  return board;
}
