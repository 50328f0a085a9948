/**
 * The change log: every write records what it changed (board, card, kind,
 * who) in its own transaction, so a change is in the log exactly when it is
 * in the database. GET /v2/events reads the log by id (changes-feed.ts); any
 * engine that can append a row in a write's transaction can feed the stream.
 */
import { EVENTS_KEPT_MS, type EventKind } from '../api/schema-events.js';
import type { Principal } from './auth.js';
import type { Query } from './db.js';

/**
 * What a write calls for each thing it changed; `cardId` null for a board's
 * or column's change; `by` when someone other than the key's user made it
 * (mail delivered in is the sender's change, not the mail system's).
 */
export type Changed = (boardId: number, cardId: number | null, kind: EventKind, by?: string) => void;

const PURGE_EVERY_MS = 10 * 60_000;

export class ChangeLog {
  private lastPurge = 0;

  constructor(private readonly q: Query) {}

  /** The recorder handed to one write; call only inside that write's transaction. */
  recorder(p: Principal, nowMs: number): Changed {
    if (nowMs - this.lastPurge > PURGE_EVERY_MS) {
      this.q('DELETE FROM changes WHERE created_ms < ?').run(nowMs - EVENTS_KEPT_MS);
      this.lastPurge = nowMs;
    }
    return (boardId, cardId, kind, by) => {
      this.q(
        'INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(boardId, cardId, kind, p.userId, by ?? p.email, nowMs);
    };
  }
}
