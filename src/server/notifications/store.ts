/**
 * Writing a notification: one row per member and event (`source` unique per
 * member, so an event told twice is one), and a change meant for that
 * member alone, so their event streams on every instance hear of it.
 * Called inside a write's transaction, under the change log's lock
 * (changes.ts flush), so the change's id is in order with the others.
 */
import type { NotificationKind } from '../../api/schema-notifications.js';
import type { Sql } from '../sql/sql.js';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  /** The event, unique per member: `mention:<comment id>`, `answered:<message id>`… */
  source: string;
  boardId: number;
  cardId: number | null;
  /** Who caused it ('' for the service or the relay). */
  by: string;
  words?: string | null;
}

/** Most of a comment or the relay's words a notification keeps. */
const WORDS_KEPT = 280;

/** Adds it unless the member has it already; true when added. */
export async function addNotification(sql: Sql, n: NewNotification, nowMs: number): Promise<boolean> {
  const words = n.words === undefined || n.words === null ? null : n.words.slice(0, WORDS_KEPT);
  const added = await sql.run(
    `INSERT INTO notifications (user_id, kind, source, board_id, card_id, by_email, words, created_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, source) DO NOTHING`,
    [n.userId, n.kind, n.source, n.boardId, n.cardId, n.by, words, nowMs],
  );
  if (added > 0) await announce(sql, n.userId, n.boardId, n.cardId, n.by, nowMs);
  return added > 0;
}

/** A change only this member's streams carry: their notifications changed (call under the 'changes' lock). */
export async function announce(
  sql: Sql,
  userId: number,
  boardId: number,
  cardId: number | null,
  by: string,
  nowMs: number,
): Promise<void> {
  await sql.run(
    `INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms, for_user_id)
     VALUES (?, ?, 'notification', ?, ?, ?, ?)`,
    [boardId, cardId, userId, by, nowMs, userId],
  );
}
