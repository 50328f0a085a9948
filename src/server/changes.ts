/**
 * The change log: every write records what it changed (board, card, kind,
 * who) in its own transaction, so a change is in the log exactly when it is
 * in the database. GET /v2/events reads the log by id (changes-feed.ts).
 *
 * Followers read "ids after the last one I saw", so ids must become visible
 * in order: a write's changes are appended at its end, under the 'changes'
 * lock held to its commit (PostgreSQL hands out ids before commit; SQLite's
 * writers are serial already).
 */
import { EVENTS_KEPT_MS, type EventKind } from '../api/schema-events.js';
import type { Principal } from './auth.js';
import { historyOf, recordHistory } from './history/record.js';
import { takeRuleNotes } from './rules/notes.js';
import { notifyFrom } from './notifications/derive.js';
import { addNotification, type NewNotification } from './notifications/store.js';
import type { Sql } from './sql/sql.js';

/**
 * What a write calls for each thing it changed; `cardId` null for a board's
 * or column's change; `by` when someone other than the key's user made it
 * (mail delivered in is the sender's change, not the mail system's).
 */
export type Changed = (boardId: number, cardId: number | null, kind: EventKind, by?: string) => void;

const PURGE_EVERY_MS = 10 * 60_000;

/** What a write with changes signals at commit (Database.listen), so every instance's feed reads the log. */
export const CHANGES_CHANNEL = 'inboard_changes';

export interface Recorder {
  record: Changed;
  /** A notification no change of a card tells (the relay refused a reply); written at the flush. */
  notify(n: NewNotification): void;
  /** Appends what was recorded; call last in the write's transaction. */
  flush(): Promise<void>;
}

export class ChangeLog {
  private lastPurge = 0;

  /** The recorder handed to one write, bound to its transaction. */
  recorder(sql: Sql, p: Principal, nowMs: number): Recorder {
    const rows: [number, number | null, EventKind, string][] = [];
    // A transaction handle can be reused (SQLite's): what a rolled-back write noted is not this one's.
    takeRuleNotes(sql);
    const notes: NewNotification[] = [];
    return {
      record: (boardId, cardId, kind, by) => void rows.push([boardId, cardId, kind, by ?? p.email]),
      notify: (n) => void notes.push(n),
      flush: async () => {
        if (rows.length === 0 && notes.length === 0) return;
        await sql.lock('changes');
        if (nowMs - this.lastPurge > PURGE_EVERY_MS) {
          // The newest row stays: its id is where followers and Last-Event-ID resume from.
          await sql.run('DELETE FROM changes WHERE created_ms < ? AND id < (SELECT MAX(id) FROM changes)', [
            nowMs - EVENTS_KEPT_MS,
          ]);
          this.lastPurge = nowMs;
        }
        for (const [boardId, cardId, kind, by] of rows) {
          await sql.run(
            'INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
            [boardId, cardId, kind, p.userId, by, nowMs],
          );
        }
        // The card's own history, kept as long as the card (history/record.ts).
        const recorded = await recordHistory(sql, historyOf(rows), p.userId, nowMs, takeRuleNotes(sql));
        // Who is told of it (notifications/derive.ts), each on their own streams.
        await notifyFrom(sql, rows, recorded, nowMs);
        for (const n of notes) await addNotification(sql, n, nowMs);
        // Other instances' streams read the log at once, not at their next poll.
        await sql.signal(CHANGES_CHANNEL);
      },
    };
  }
}
