/**
 * The SQLite schema's shipped migrations 6, 7 and 9 (teamwork, the team's
 * mailboxes, the outbox and presence), listed in order by src/server/db.ts.
 * Never edit a shipped one: a change is a new migration.
 */

/**
 * 6: teamwork. A card's version counts its changes (If-Match refuses a
 * write from a stale read); boards are archived, not deleted; each user's
 * own read mark on a card, over the card's shared read state.
 */
export const SQLITE_M6_TEAMWORK = `
  ALTER TABLE cards ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE boards ADD COLUMN archived_at TEXT;
  CREATE TABLE card_reads (
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    read_status INTEGER NOT NULL,
    PRIMARY KEY (card_id, user_id)
  );
  CREATE INDEX card_reads_user ON card_reads(user_id);
  `;

/**
 * 7: the team's own mailboxes (server/mail/imap/): where each board's mail
 * is fetched from, its password sealed with a key kept outside the database
 * (server/secrets.ts), the UID cursor (UIDVALIDITY + last UID) written in the
 * transaction of what it imported, the watcher's state in words, and a lease
 * so one instance watches it at a time. mailbox_messages remembers every
 * message seen by what it is (a hash of its bytes), so a redelivery, a new
 * UIDVALIDITY or two overlapping watchers import nothing twice. A message
 * sent by a machine (an auto-reply, a bounce) says why in messages.automatic.
 */
export const SQLITE_M7_MAILBOXES = `
  CREATE TABLE mailboxes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    column_id INTEGER,
    address TEXT NOT NULL,
    imap_url TEXT NOT NULL,
    smtp_url TEXT,
    from_addr TEXT NOT NULL,
    secret BLOB NOT NULL,
    after_import TEXT NOT NULL DEFAULT 'keep',
    created_at TEXT NOT NULL,
    uid_validity TEXT,
    last_uid INTEGER NOT NULL DEFAULT 0,
    imported INTEGER NOT NULL DEFAULT 0,
    last_message_at TEXT,
    state TEXT NOT NULL DEFAULT 'waiting',
    state_words TEXT NOT NULL DEFAULT '',
    state_at TEXT,
    lease_owner TEXT,
    lease_until_ms INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX mailboxes_board ON mailboxes(board_id);
  CREATE TABLE mailbox_messages (
    mailbox_id INTEGER NOT NULL REFERENCES mailboxes(id) ON DELETE CASCADE,
    fingerprint TEXT NOT NULL,
    uid INTEGER NOT NULL,
    card_id INTEGER,
    outcome TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (mailbox_id, fingerprint)
  );
  ALTER TABLE messages ADD COLUMN automatic TEXT;
  `;

/**
 * the outbox (server/mail/outbox.ts), and presence (routes/presence.ts: who
 * has which card open, writing or not, until a time it lapses by itself). Every reply waits here until its
 * send_at_ms (`inboard serve --send-delay`), so it can be taken back, and
 * survives a restart; an instance claims it with a lease before handing it
 * to SMTP, so of several instances exactly one sends it. The Message-ID is
 * chosen when it is queued: a resend after a crash is the same message.
 */
export const SQLITE_M9_OUTBOX_PRESENCE = `
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    board_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    by_email TEXT NOT NULL,
    body TEXT NOT NULL,
    cc TEXT NOT NULL,
    message_id TEXT NOT NULL,
    request_key TEXT,
    created_ms INTEGER NOT NULL,
    send_at_ms INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'waiting',
    words TEXT NOT NULL DEFAULT '',
    lease_owner TEXT,
    lease_until_ms INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX outbox_due ON outbox(state, send_at_ms);
  CREATE INDEX outbox_card ON outbox(card_id);
  CREATE TABLE presence (
    session TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    email TEXT NOT NULL,
    board_id INTEGER NOT NULL,
    card_id INTEGER NOT NULL,
    writing INTEGER NOT NULL DEFAULT 0,
    until_ms INTEGER NOT NULL
  );
  CREATE INDEX presence_board ON presence(board_id, until_ms);
  `;
