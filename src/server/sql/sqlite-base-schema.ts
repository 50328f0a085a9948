/**
 * The SQLite schema's first migrations as shipped (1–5: the service's tables
 * and the early extensions), listed in order by src/server/db.ts. Never edit
 * a shipped one: a change is a new migration.
 */

/**
 * 1: users and their API keys, boards and their members, columns, cards with their assignees, tags, sub-tasks and comments, and the idempotency keys of writes.
 */
export const SQLITE_M1_BASE = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name TEXT NOT NULL,
    plan TEXT NOT NULL CHECK (plan IN ('pro', 'trial', 'free')),
    trial_started_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    prefix TEXT NOT NULL,
    hash BLOB NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE INDEX api_keys_prefix ON api_keys(prefix);
  CREATE TABLE boards (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX boards_owner ON boards(owner_id);
  CREATE TABLE board_members (
    board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    email TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (board_id, email)
  );
  CREATE INDEX board_members_email ON board_members(email);
  CREATE TABLE columns (
    id INTEGER PRIMARY KEY,
    board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX columns_board ON columns(board_id, position);
  CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    column_id INTEGER NOT NULL REFERENCES columns(id),
    title TEXT NOT NULL,
    read_status INTEGER NOT NULL DEFAULT 1,
    due_date TEXT,
    thread_owner_email TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT '0',
    custom_fields TEXT NOT NULL DEFAULT '[]',
    archived INTEGER NOT NULL DEFAULT 0,
    position INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  -- Listing and ordering read this index only; a move touches one row.
  CREATE INDEX cards_order ON cards(column_id, archived, position);
  CREATE TABLE card_assignees (
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    email TEXT NOT NULL COLLATE NOCASE,
    PRIMARY KEY (card_id, email)
  );
  CREATE TABLE notes (
    id INTEGER PRIMARY KEY,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX notes_card ON notes(card_id);
  CREATE TABLE subtasks (
    id INTEGER PRIMARY KEY,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX subtasks_card ON subtasks(card_id);
  CREATE TABLE comments (
    id INTEGER PRIMARY KEY,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX comments_card ON comments(card_id);
  CREATE TABLE tags (
    id INTEGER PRIMARY KEY,
    board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    color INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX tags_board ON tags(board_id);
  CREATE TABLE card_tags (
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (card_id, tag_id)
  );
  CREATE INDEX card_tags_tag ON card_tags(tag_id);
  CREATE TABLE sequences (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX sequences_user ON sequences(user_id);
  CREATE TABLE followups (
    id INTEGER PRIMARY KEY,
    sequence_id INTEGER NOT NULL REFERENCES sequences(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    subject TEXT NOT NULL,
    content TEXT,
    days INTEGER NOT NULL,
    duration TEXT NOT NULL DEFAULT 'days',
    hours INTEGER,
    minutes INTEGER,
    view_count INTEGER NOT NULL DEFAULT 0,
    last_sent TEXT,
    UNIQUE (sequence_id, seq)
  );
  CREATE TABLE idempotency (
    key_id INTEGER NOT NULL,
    idem_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (key_id, idem_key)
  );
  CREATE INDEX idempotency_created ON idempotency(created_ms);
  `;

/**
 * 2: comments and tags can be deleted; without AUTOINCREMENT SQLite hands a
 * deleted newest id to the next row, and a client still holding the old id
 * would read or edit someone else's comment. Rebuilt with foreign keys off
 * (see openDb), so dropping the old tables cascades nothing.
 */
export const SQLITE_M2_DELETABLE_IDS = `
  CREATE TABLE comments_v2 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  INSERT INTO comments_v2 (id, card_id, user_id, body, created_at) SELECT id, card_id, user_id, body, created_at FROM comments;
  DROP TABLE comments;
  ALTER TABLE comments_v2 RENAME TO comments;
  CREATE INDEX comments_card ON comments(card_id);
  CREATE TABLE tags_v2 (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    board_id INTEGER NOT NULL REFERENCES boards(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    color INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL
  );
  INSERT INTO tags_v2 (id, board_id, name, color, user_id, created_at) SELECT id, board_id, name, color, user_id, created_at FROM tags;
  DROP TABLE tags;
  ALTER TABLE tags_v2 RENAME TO tags;
  CREATE INDEX tags_board ON tags(board_id);
  `;

/**
 * 3: the extensions for restoring archived cards (when, and listing a board's
 * newest first) and ticking sub-tasks. Cards archived before have no time.
 */
export const SQLITE_M3_RESTORE_SUBTASKS = `
  ALTER TABLE cards ADD COLUMN archived_at TEXT;
  ALTER TABLE subtasks ADD COLUMN done INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX cards_archived ON cards(board_id, archived, archived_at);
  `;

/**
 * 4: the email thread behind a card (mail in, replies out). Addresses and
 * references as JSON arrays; the raw message is kept so no part of what
 * arrived (attachments' bytes included) is lost. A Message-ID is once per card.
 */
export const SQLITE_M4_THREADS = `
  CREATE TABLE messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    message_id TEXT NOT NULL,
    direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    from_addr TEXT NOT NULL,
    reply_to TEXT,
    to_addrs TEXT NOT NULL DEFAULT '[]',
    cc_addrs TEXT NOT NULL DEFAULT '[]',
    sent_at TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT,
    attachments TEXT NOT NULL DEFAULT '[]',
    in_reply_to TEXT,
    refs TEXT NOT NULL DEFAULT '[]',
    raw BLOB,
    created_at TEXT NOT NULL,
    UNIQUE (card_id, message_id)
  );
  CREATE INDEX messages_message_id ON messages(message_id);
  `;

/**
 * 5: the change log behind GET /v2/events, written in the transaction of
 * each write and read by id by every process on the file (its cursor). No
 * foreign keys: a change outlives the card or board it names.
 */
export const SQLITE_M5_CHANGE_LOG = `
  CREATE TABLE changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    board_id INTEGER NOT NULL,
    card_id INTEGER,
    kind TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    by_email TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX changes_created ON changes(created_ms);
  `;
