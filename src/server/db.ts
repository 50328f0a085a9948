/**
 * Opening the service database: pragmas chosen for a multi-process,
 * crash-safe store, and schema migrations keyed on PRAGMA user_version.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SQLITE_SEARCH_MIGRATION } from './search/schema-sqlite.js';
import { registerSearchFunctions } from './search/texts.js';
import { SQLITE_WAITING_MIGRATION } from './waiting/schema.js';
import { SQLITE_HISTORY_MIGRATION } from './history/schema.js';

export type DB = Database.Database;

/** Each entry upgrades the schema by one version; never edit a shipped one. */
const MIGRATIONS: string[] = [
  `
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
  `,
  // 2: comments and tags can be deleted; without AUTOINCREMENT SQLite hands a
  // deleted newest id to the next row, and a client still holding the old id
  // would read or edit someone else's comment. Rebuilt with foreign keys off
  // (see openDb), so dropping the old tables cascades nothing.
  `
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
  `,
  // 3: the extensions for restoring archived cards (when, and listing a board's
  // newest first) and ticking sub-tasks. Cards archived before have no time.
  `
  ALTER TABLE cards ADD COLUMN archived_at TEXT;
  ALTER TABLE subtasks ADD COLUMN done INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX cards_archived ON cards(board_id, archived, archived_at);
  `,
  // 4: the email thread behind a card (mail in, replies out). Addresses and
  // references as JSON arrays; the raw message is kept so no part of what
  // arrived (attachments' bytes included) is lost. A Message-ID is once per card.
  `
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
  `,
  // 5: the change log behind GET /v2/events, written in the transaction of
  // each write and read by id by every process on the file (its cursor). No
  // foreign keys: a change outlives the card or board it names.
  `
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
  `,
  // 6: teamwork. A card's version counts its changes (If-Match refuses a
  // write from a stale read); boards are archived, not deleted; each user's
  // own read mark on a card, over the card's shared read state.
  `
  ALTER TABLE cards ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE boards ADD COLUMN archived_at TEXT;
  CREATE TABLE card_reads (
    card_id INTEGER NOT NULL REFERENCES cards(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    read_status INTEGER NOT NULL,
    PRIMARY KEY (card_id, user_id)
  );
  CREATE INDEX card_reads_user ON card_reads(user_id);
  `,
  // 7: the team's own mailboxes (server/mail/imap/): where each board's mail
  // is fetched from, its password sealed with a key kept outside the database
  // (server/secrets.ts), the UID cursor (UIDVALIDITY + last UID) written in the
  // transaction of what it imported, the watcher's state in words, and a lease
  // so one instance watches it at a time. mailbox_messages remembers every
  // message seen by what it is (a hash of its bytes), so a redelivery, a new
  // UIDVALIDITY or two overlapping watchers import nothing twice. A message
  // sent by a machine (an auto-reply, a bounce) says why in messages.automatic.
  `
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
  `,
  // 8: the search index (FTS5, kept by triggers on the texts' tables): search/schema-sqlite.ts.
  SQLITE_SEARCH_MIGRATION,
  // 9:
  // the outbox (server/mail/outbox.ts), and presence (routes/presence.ts: who
  // has which card open, writing or not, until a time it lapses by itself). Every reply waits here until its
  // send_at_ms (`inboard serve --send-delay`), so it can be taken back, and
  // survives a restart; an instance claims it with a lease before handing it
  // to SMTP, so of several instances exactly one sends it. The Message-ID is
  // chosen when it is queued: a resend after a crash is the same message.
  `
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
  `,
  // 10: waiting time (kept by triggers on messages), snooze, response targets: waiting/schema.ts.
  SQLITE_WAITING_MIGRATION,
  // 11: a card's history, the sender's address indexed, mentions: history/schema.ts.
  SQLITE_HISTORY_MIGRATION,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * FULL (default): an acknowledged write survives kill -9 and power loss, at
 * one fsync per commit. NORMAL (WAL's usual level): survives kill -9 — the
 * WAL is in the OS cache — but a power loss may roll back the last commits;
 * about 5× the write throughput on this machine's disk.
 */
export type Durability = 'full' | 'normal';

export function openDb(path: string, durability: Durability = 'full'): DB {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // Set first: every later statement may meet another process's lock.
  db.pragma('busy_timeout = 5000');
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability === 'normal' ? 'NORMAL' : 'FULL'}`);
  // Migrations run with foreign keys off (table rebuilds must not cascade),
  // then the result is checked before they are switched on for good.
  db.pragma('foreign_keys = OFF');
  // The search index's triggers call these: every connection that writes needs them.
  registerSearchFunctions(db);
  migrate(db);
  const broken = db.pragma('foreign_key_check') as unknown[];
  if (broken.length > 0) throw new Error(`database ${path}: ${broken.length} foreign-key violations after migration`);
  db.pragma('foreign_keys = ON');
  return db;
}

function migrate(db: DB): void {
  const current = () => Number(db.pragma('user_version', { simple: true }));
  if (current() >= SCHEMA_VERSION) return;
  // IMMEDIATE: two processes opening a fresh file must not both migrate.
  db.transaction(() => {
    for (let v = current(); v < MIGRATIONS.length; v++) {
      db.exec(MIGRATIONS[v] ?? '');
      db.pragma(`user_version = ${v + 1}`);
    }
  }).immediate();
}

/** Prepared statements cached by their SQL text: prepare once, run often. */
export function statementCache(db: DB) {
  const cache = new Map<string, Database.Statement>();
  return (sql: string): Database.Statement => {
    let stmt = cache.get(sql);
    if (stmt === undefined) {
      stmt = db.prepare(sql);
      cache.set(sql, stmt);
    }
    return stmt;
  };
}
export type Query = ReturnType<typeof statementCache>;

export const isoNow = (ms: number = Date.now()) => new Date(ms).toISOString();
