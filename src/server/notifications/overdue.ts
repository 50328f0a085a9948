/**
 * Cards past their response target, told to their assignees once per
 * wait: `overdue:<card>:<waiting since>` is the event, so a new wait (the
 * team replied, the customer wrote again later) is a new notification, and
 * instances looking at once make one.
 */
import type { Ctx } from '../context.js';
import { responseDues } from '../waiting/targets.js';
import type { NewNotification } from './store.js';

interface Waiting {
  id: number | string;
  board_id: number | string;
  waiting_since: string;
  waiting_first: number | string;
}

/** Most cards one look considers. */
const BATCH = 500;

/** The notifications due now for cards past their target, not made yet. */
export async function overdueNotifications(ctx: Pick<Ctx, 'sql'>, nowMs: number): Promise<NewNotification[]> {
  const { sql } = ctx;
  const cards = await sql.all<Waiting>(
    `SELECT c.id, c.board_id, c.waiting_since, c.waiting_first FROM cards c
     JOIN board_targets t ON t.board_id = c.board_id
     WHERE c.archived = 0 AND c.snoozed = 0 AND c.waiting_since IS NOT NULL
       AND EXISTS (SELECT 1 FROM card_assignees a WHERE a.card_id = c.id)
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.card_id = c.id AND n.kind = 'overdue'
         AND n.source = 'overdue:' || c.id || ':' || c.waiting_since)
     ORDER BY c.waiting_since, c.id LIMIT ${BATCH}`,
  );
  if (cards.length === 0) return [];
  const dueOf = await responseDues(
    sql,
    cards.map((c) => Number(c.board_id)),
  );
  const out: NewNotification[] = [];
  for (const c of cards) {
    const { due } = dueOf({
      board_id: Number(c.board_id),
      waiting_since: c.waiting_since,
      waiting_first: Number(c.waiting_first),
    });
    if (due === null || Date.parse(due) > nowMs) continue;
    const people = await sql.all<{ id: number | string }>(
      'SELECT u.id FROM card_assignees a JOIN users u ON lower(u.email) = lower(a.email) WHERE a.card_id = ?',
      [Number(c.id)],
    );
    for (const p of people) {
      out.push({
        userId: Number(p.id),
        kind: 'overdue',
        source: `overdue:${c.id}:${c.waiting_since}`,
        boardId: Number(c.board_id),
        cardId: Number(c.id),
        by: '',
        words: `answer due ${due}`,
      });
    }
  }
  return out;
}
