/**
 * PostgreSQL's shipped migrations 2, 3 and 5 (SQLite's 6, 7 and 9: teamwork,
 * the team's mailboxes, the outbox and presence); listed by
 * sql/postgres-schema.ts. Never edit a shipped one: a change is a new migration.
 */

import { ID } from './postgres-base-schema.js';

/** 2: SQLite's migration 6 (card versions, archived boards, per-user read marks). */
export const PG_M2_TEAMWORK = `
  ALTER TABLE cards ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE boards ADD COLUMN archived_at TEXT;
  CREATE TABLE card_reads (
    card_id BIGINT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users(id),
    read_status INTEGER NOT NULL,
    PRIMARY KEY (card_id, user_id)
  );
  CREATE INDEX card_reads_user ON card_reads(user_id);
  `;

/** 3: SQLite's migration 7 (the team's own mailboxes, their cursors and leases). */
export const PG_M3_MAILBOXES = `
  CREATE TABLE mailboxes (
    id ${ID},
    board_id BIGINT NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    column_id BIGINT,
    address TEXT NOT NULL,
    imap_url TEXT NOT NULL,
    smtp_url TEXT,
    from_addr TEXT NOT NULL,
    secret BYTEA NOT NULL,
    after_import TEXT NOT NULL DEFAULT 'keep',
    created_at TEXT NOT NULL,
    uid_validity TEXT,
    last_uid BIGINT NOT NULL DEFAULT 0,
    imported BIGINT NOT NULL DEFAULT 0,
    last_message_at TEXT,
    state TEXT NOT NULL DEFAULT 'waiting',
    state_words TEXT NOT NULL DEFAULT '',
    state_at TEXT,
    lease_owner TEXT,
    lease_until_ms BIGINT NOT NULL DEFAULT 0
  );
  CREATE INDEX mailboxes_board ON mailboxes(board_id);
  CREATE TABLE mailbox_messages (
    mailbox_id BIGINT NOT NULL REFERENCES mailboxes(id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    uid BIGINT NOT NULL,
    card_id BIGINT,
    outcome TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (mailbox_id, fingerprint)
  );
  ALTER TABLE messages ADD COLUMN automatic TEXT;
  `;

/** 5: SQLite's migration 9 (the outbox and presence). */
export const PG_M5_OUTBOX_PRESENCE = `
  CREATE TABLE outbox (
    id ${ID},
    card_id BIGINT NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    board_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    by_email TEXT NOT NULL,
    body TEXT NOT NULL,
    cc TEXT NOT NULL,
    message_id TEXT NOT NULL,
    request_key TEXT,
    created_ms BIGINT NOT NULL,
    send_at_ms BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'waiting',
    words TEXT NOT NULL DEFAULT '',
    lease_owner TEXT,
    lease_until_ms BIGINT NOT NULL DEFAULT 0
  );
  CREATE INDEX outbox_due ON outbox(state, send_at_ms);
  CREATE INDEX outbox_card ON outbox(card_id);
  CREATE TABLE presence (
    session TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    email TEXT NOT NULL,
    board_id BIGINT NOT NULL,
    card_id BIGINT NOT NULL,
    writing INTEGER NOT NULL DEFAULT 0,
    until_ms BIGINT NOT NULL
  );
  CREATE INDEX presence_board ON presence(board_id, until_ms);
  `;
