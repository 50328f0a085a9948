/**
 * The schema of waiting, snooze and response targets (SQLite migration 10,
 * PostgreSQL 6), the same on both engines.
 *
 * - `cards.waiting_since`: when the oldest customer message that no reply
 *   of the team's has answered was written (its date, never later than it
 *   arrived); NULL when the team wrote last or there is no thread.
 *   `waiting_first` is 1 while the team has never replied (the first
 *   response target applies), 0 after (the next response target). Both are
 *   kept by triggers on `messages`, in the transaction of the message, so
 *   mail-in, the mailboxes and the replies sent from here all keep them.
 *   "Answered" is by arrival order (the messages' ids): a customer's clock
 *   cannot make a new message look answered.
 * - `cards.snoozed` and its terms: until `snooze_until_ms` and/or until the
 *   customer answers (`snooze_reply`). A snoozed card keeps its column and
 *   position but is in no column's listing; `back_from_snooze` marks it
 *   when it woke by itself, until someone reads it.
 * - `board_targets`: a board's response targets, seconds, with business
 *   hours in their own words and a time zone.
 */

/** The cards the migration fills in: those with a thread. */
const BACKFILL = 'EXISTS (SELECT 1 FROM messages x WHERE x.card_id = cards.id)';

/**
 * The statement that works a card's waiting time out from its thread, in
 * either engine's words: `least` is SQLite's `min` of two values.
 * A message's date for waiting is its own, never later than it arrived.
 */
const waiting =
  (least: 'min' | 'least') =>
  (card: string, where = `id = ${card}`) => `
  UPDATE cards SET
    waiting_since = (
      SELECT min(${least}(m.sent_at, m.created_at)) FROM messages m
      WHERE m.card_id = ${card} AND m.direction = 'in' AND m.automatic IS NULL
        AND m.id > coalesce((SELECT max(o.id) FROM messages o WHERE o.card_id = ${card} AND o.direction = 'out'), 0)),
    waiting_first = CASE WHEN EXISTS (SELECT 1 FROM messages o WHERE o.card_id = ${card} AND o.direction = 'out')
      THEN 0 ELSE 1 END
  WHERE ${where};`;
const SQLITE_WAITING = waiting('min');
const PG_WAITING = waiting('least');

/** The columns, indexes and table, in either engine's type for an epoch time and an id. */
const tables = (big: 'INTEGER' | 'BIGINT') => `
  ALTER TABLE cards ADD COLUMN waiting_since TEXT;
  ALTER TABLE cards ADD COLUMN waiting_first INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE cards ADD COLUMN snoozed INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE cards ADD COLUMN snooze_until_ms ${big};
  ALTER TABLE cards ADD COLUMN snooze_reply INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE cards ADD COLUMN snoozed_by TEXT;
  ALTER TABLE cards ADD COLUMN back_from_snooze INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX cards_snooze_due ON cards(snooze_until_ms) WHERE snoozed = 1;
  CREATE INDEX cards_snoozed ON cards(board_id, snoozed);
  CREATE TABLE board_targets (
    board_id ${big} PRIMARY KEY REFERENCES boards(id) ON DELETE CASCADE,
    first_response_s INTEGER,
    next_response_s INTEGER,
    hours TEXT,
    zone TEXT NOT NULL DEFAULT 'UTC'
  );`;

export const SQLITE_WAITING_MIGRATION = `${tables('INTEGER')}
  CREATE TRIGGER messages_waiting_insert AFTER INSERT ON messages BEGIN ${SQLITE_WAITING('NEW.card_id')} END;
  CREATE TRIGGER messages_waiting_delete AFTER DELETE ON messages BEGIN ${SQLITE_WAITING('OLD.card_id')} END;
  CREATE TRIGGER messages_waiting_update AFTER UPDATE OF direction, automatic, sent_at, card_id ON messages BEGIN
    ${SQLITE_WAITING('OLD.card_id')} ${SQLITE_WAITING('NEW.card_id')}
  END;
  ${SQLITE_WAITING('cards.id', BACKFILL)}
`;

export const POSTGRES_WAITING_MIGRATION = `${tables('BIGINT')}
  CREATE FUNCTION messages_waiting() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN ${PG_WAITING('OLD.card_id')} END IF;
    IF TG_OP <> 'DELETE' THEN ${PG_WAITING('NEW.card_id')} END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER messages_waiting AFTER INSERT OR DELETE OR UPDATE OF direction, automatic, sent_at, card_id
    ON messages FOR EACH ROW EXECUTE FUNCTION messages_waiting();
  ${PG_WAITING('cards.id', BACKFILL)}
`;
