/**
 * Notifications told from what a write changed, in one place: the change
 * log's flush (changes.ts), after the card's history is recorded — so every
 * route, the mail coming in and the workers notify without a line of their
 * own. Never for the one who caused it.
 *
 * - mentioned: a comment of the write names a member (comment_mentions);
 * - assigned: the card's history says a member was assigned (or a new card
 *   came with them);
 * - answered: the customer wrote again on a card assigned to the member.
 */
import type { EventKind } from '../../api/schema-events.js';
import type { Recorded } from '../history/record.js';
import type { Sql } from '../sql/sql.js';
import { placeholders } from '../sql/sql.js';
import { addNotification, type NewNotification } from './store.js';

type Row = readonly [number, number | null, EventKind, string];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function usersOf(sql: Sql, emails: readonly string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await sql.all<{ id: number | string; email: string }>(
    `SELECT id, email FROM users WHERE lower(email) IN (${placeholders(emails.length)})`,
    emails.map((e) => e.toLowerCase()),
  );
  return new Map(rows.map((r) => [r.email.toLowerCase(), Number(r.id)]));
}

/** The mentions of the comments on these cards that their members have not been told of yet. */
async function mentions(sql: Sql, boardOf: ReadonlyMap<number, number>): Promise<NewNotification[]> {
  const cards = [...boardOf.keys()];
  if (cards.length === 0) return [];
  const rows = await sql.all<{
    comment_id: number | string;
    card_id: number | string;
    user_id: number | string;
    body: string;
    author_id: number | string;
    author: string;
  }>(
    `SELECT cm.comment_id, c.card_id, cm.user_id, c.body, c.user_id AS author_id, u.email AS author
     FROM comments c JOIN comment_mentions cm ON cm.comment_id = c.id JOIN users u ON u.id = c.user_id
     WHERE c.card_id IN (${placeholders(cards.length)})
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = cm.user_id
         AND n.source = 'mention:' || cm.comment_id)`,
    cards,
  );
  return rows
    .filter((r) => Number(r.user_id) !== Number(r.author_id))
    .map((r) => ({
      userId: Number(r.user_id),
      kind: 'mentioned',
      source: `mention:${r.comment_id}`,
      boardId: boardOf.get(Number(r.card_id)) ?? 0,
      cardId: Number(r.card_id),
      by: r.author,
      words: r.body,
    }));
}

/** Assignments and customers' answers, from what the card's history recorded. */
async function fromHistory(sql: Sql, recorded: readonly Recorded[], nowMs: number): Promise<NewNotification[]> {
  const out: { email: string; n: Omit<NewNotification, 'userId'> }[] = [];
  for (const r of recorded) {
    const base = { boardId: r.now.boardId, cardId: r.cardId, by: r.by };
    const added = new Set<string>();
    for (const e of r.entries) {
      if (e.kind === 'assigned') for (const a of e.detail.Added ?? []) added.add(a);
      if (e.kind === 'created') for (const a of r.now.assignees) added.add(a);
    }
    for (const email of added) {
      out.push({ email, n: { ...base, kind: 'assigned', source: `assigned:${r.cardId}:${nowMs}` } });
    }
    if (r.entries.some((e) => e.kind === 'answered')) {
      for (const email of r.now.assignees) {
        out.push({ email, n: { ...base, kind: 'answered', source: `answered:${r.now.lastIn}` } });
      }
    }
  }
  const mine = out.filter((o) => !same(o.email, o.n.by));
  const users = await usersOf(sql, [...new Set(mine.map((o) => o.email.toLowerCase()))]);
  return mine.flatMap((o) => {
    const userId = users.get(o.email.toLowerCase());
    return userId === undefined ? [] : [{ ...o.n, userId }];
  });
}

/** Writes the notifications one write makes; call in its transaction, under the change log's lock. */
export async function notifyFrom(
  sql: Sql,
  rows: readonly Row[],
  recorded: readonly Recorded[],
  nowMs: number,
): Promise<void> {
  const commented = new Map<number, number>();
  for (const [boardId, cardId, kind] of rows) if (cardId !== null && kind === 'comment') commented.set(cardId, boardId);
  for (const n of [...(await mentions(sql, commented)), ...(await fromHistory(sql, recorded, nowMs))]) {
    await addNotification(sql, n, nowMs);
  }
}
