import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, openDb } from '../../src/server/db.js';
import { UNDO_SENDING_SQLITE } from '../support/undo-sending.js';
import { WAITING_COLUMNS } from '../support/undo-waiting.js';
import { UNDO_REPLIES_SQLITE } from '../support/undo-replies.js';
import { UNDO_RULES_SQLITE } from '../support/undo-rules.js';
import { UNDO_NOTIFICATIONS_SQLITE } from '../support/undo-notifications.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What migration 16 (notifications) added. */
const UNDO_16 = UNDO_NOTIFICATIONS_SQLITE;

/** What migration 15 (rules) added, and all after it. */
const UNDO_15 = `${UNDO_16}
      ${UNDO_RULES_SQLITE}`;

/** What migration 14 (saved replies) added, and all after it. */
const UNDO_14 = `${UNDO_15}
      ${UNDO_REPLIES_SQLITE}`;

/** What migration 13 (history, the sender's address, mentions) added, and all after it. */
const UNDO_13 = `${UNDO_14}
      DROP TRIGGER messages_from_key;
      DROP INDEX messages_from_key;
      DROP INDEX mailbox_messages_card;
      ALTER TABLE messages DROP COLUMN from_key;
      DROP TABLE comment_mentions;
      DROP TABLE card_states;
      DROP TABLE card_history;`;

/** What migration 12 (the cards' resolutions) added. */
const UNDO_12 = `${UNDO_13}
      DROP TRIGGER cards_resolved;
      DROP TABLE card_resolutions;`;

/** What migration 11 (sending) added, and all after it. */
const UNDO_11 = `${UNDO_12}
      ${UNDO_SENDING_SQLITE}`;

/** What migrations 10 (waiting, snooze, response targets) and after added. */
const UNDO_10 = `${UNDO_11}
      DROP TRIGGER messages_waiting_insert;
      DROP TRIGGER messages_waiting_delete;
      DROP TRIGGER messages_waiting_update;
      DROP TABLE board_targets;
      DROP INDEX cards_snooze_due;
      DROP INDEX cards_snoozed;
      ${WAITING_COLUMNS.map((c) => `ALTER TABLE cards DROP COLUMN ${c};`).join('\n')}`;

/** What migrations 7 (mailboxes), 8 (the search index), 9 (outbox, presence) and 10 added, taken away to make an older file. */
const SEARCH_TRIGGERS = ['cards', 'notes', 'subtasks', 'comments', 'messages']
  .flatMap((t) => ['insert', 'update', 'delete'].map((op) => `DROP TRIGGER search_${t}_${op};`))
  .join('\n');
const UNDO_7 = `${UNDO_10}
      DROP TABLE outbox;
      DROP TABLE presence;
      ${SEARCH_TRIGGERS}
      DROP TABLE search;
      DROP TABLE search_rows;
      DROP TABLE mailbox_messages;
      DROP TABLE mailboxes;
      ALTER TABLE messages DROP COLUMN automatic;`;

describe('openDb', () => {
  it('opens WAL with foreign keys, a busy timeout and FULL sync by default', () => {
    const db = openDb(join(dir, 'a.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
  });
  it('uses NORMAL sync when asked for durability "normal"', () => {
    const db = openDb(join(dir, 'b.db'), 'normal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    db.close();
  });
});

describe('ids of deleted rows', () => {
  it('are never handed out again (comments and tags)', () => {
    const db = openDb(join(dir, 'ids.db'));
    db.exec(`INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at) VALUES (1, 1, 1, 't', 'o@x.io', 0, 'now');`);
    const addComment = () =>
      Number(
        db.prepare(`INSERT INTO comments (card_id, user_id, body, created_at) VALUES (1, 1, 'c', 'now')`).run()
          .lastInsertRowid,
      );
    const addTag = () =>
      Number(
        db.prepare(`INSERT INTO tags (board_id, name, color, user_id, created_at) VALUES (1, 't', 1, 1, 'now')`).run()
          .lastInsertRowid,
      );
    const c1 = addComment();
    db.prepare('DELETE FROM comments WHERE id = ?').run(c1);
    expect(addComment()).toBeGreaterThan(c1);
    const t1 = addTag();
    db.prepare('INSERT INTO card_tags (card_id, tag_id) VALUES (1, ?)').run(t1);
    db.prepare('DELETE FROM tags WHERE id = ?').run(t1);
    expect(db.prepare('SELECT count(*) FROM card_tags').pluck().get()).toBe(0); // cascade still on
    expect(addTag()).toBeGreaterThan(t1);
    db.close();
  });
});

describe('migration 3 (archived_at, sub-task ticks)', () => {
  it('upgrades a version 2 file: old archived cards keep no time, old sub-tasks are open', () => {
    const path = join(dir, 'v2.db');
    // A version 2 file, made by taking migration 3 back off a new one.
    const fresh = openDb(path);
    fresh.exec(`${UNDO_7}
      DROP TABLE card_reads;
      ALTER TABLE cards DROP COLUMN version;
      ALTER TABLE boards DROP COLUMN archived_at;
      DROP TABLE changes;
      DROP TABLE messages;
      DROP INDEX cards_archived;
      ALTER TABLE cards DROP COLUMN archived_at;
      ALTER TABLE subtasks DROP COLUMN done;
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at, archived)
        VALUES (1, 1, 1, 'old', 'o@x.io', 0, 'now', 1);
      INSERT INTO subtasks (card_id, user_id, body, created_at) VALUES (1, 1, 's', 'now');`);
    fresh.pragma('user_version = 2');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT archived, archived_at FROM cards WHERE id = 1').get()).toEqual({
      archived: 1,
      archived_at: null,
    });
    expect(db.prepare('SELECT done FROM subtasks').pluck().all()).toEqual([0]);
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM cards WHERE board_id = 1 AND archived = 1 ORDER BY archived_at DESC, id DESC',
      )
      .all() as { detail: string }[];
    // The archived list is read off the index, in its order: no sort step.
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX cards_archived/);
    expect(plan.map((p) => p.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
    db.close();
  });
});

describe('migration 4 (messages)', () => {
  it('upgrades a version 3 file: its cards keep everything and get an empty thread; one Message-ID per card', () => {
    const path = join(dir, 'v3.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_7}
      DROP TABLE card_reads;
      ALTER TABLE cards DROP COLUMN version;
      ALTER TABLE boards DROP COLUMN archived_at;
      DROP TABLE changes;
      DROP TABLE messages;
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at)
        VALUES (1, 1, 1, 'old', 'o@x.io', 0, 'now');`);
    fresh.pragma('user_version = 3');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT title FROM cards').pluck().all()).toEqual(['old']);
    expect(db.prepare('SELECT COUNT(*) FROM messages').pluck().get()).toBe(0);
    const add = db.prepare(
      `INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at)
       VALUES (1, '<a@x>', 'in', 'a@x', 'now', 's', 't', 'now')`,
    );
    add.run();
    expect(() => add.run()).toThrow(/UNIQUE/);
    db.close();
  });
});

describe('migration 6 (card versions, archived boards, read marks)', () => {
  it('upgrades a version 5 file: its cards are version 1, its boards active, no one has a mark yet', () => {
    const path = join(dir, 'v5.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_7}
      DROP TABLE card_reads;
      ALTER TABLE cards DROP COLUMN version;
      ALTER TABLE boards DROP COLUMN archived_at;
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at, read_status)
        VALUES (1, 1, 1, 'old', 'o@x.io', 0, 'now', 0);`);
    fresh.pragma('user_version = 5');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT title, version, read_status FROM cards').all()).toEqual([
      { title: 'old', version: 1, read_status: 0 },
    ]);
    expect(db.prepare('SELECT archived_at FROM boards').pluck().all()).toEqual([null]);
    expect(db.prepare('SELECT COUNT(*) FROM card_reads').pluck().get()).toBe(0);
    db.close();
  });
});

describe('migration 7 (mailboxes)', () => {
  it("upgrades a version 6 file: its messages are a person's, no mailbox yet", () => {
    const path = join(dir, 'v6.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_7}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at)
        VALUES (1, 1, 1, 'old', 'o@x.io', 0, 'now');
      INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at)
        VALUES (1, '<a@x>', 'in', 'a@x', 'now', 's', 't', 'now');`);
    fresh.pragma('user_version = 6');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT automatic FROM messages').pluck().all()).toEqual([null]);
    expect(db.prepare('SELECT COUNT(*) FROM mailboxes').pluck().get()).toBe(0);
    db.close();
  });
});

describe('migration 10 (waiting, snooze, response targets)', () => {
  it('upgrades a version 9 file: a card whose customer wrote last waits since then; one the team answered does not', () => {
    const path = join(dir, 'v9.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_10}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at)
        VALUES (1, 1, 1, 'waiting', 'o@x.io', 0, 'now'), (2, 1, 1, 'answered', 'o@x.io', 1, 'now'),
               (3, 1, 1, 'no mail', 'o@x.io', 2, 'now');
      INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at) VALUES
        (1, '<a1@x>', 'in', 'a@x', '2026-11-20T09:00:00.000Z', 's', 't', '2026-11-20T09:00:05.000Z'),
        (2, '<b1@x>', 'in', 'b@x', '2026-11-20T09:00:00.000Z', 's', 't', '2026-11-20T09:00:05.000Z'),
        (2, '<b2@x>', 'out', 'us@x', '2026-11-20T10:00:00.000Z', 's', 't', '2026-11-20T10:00:00.000Z');`);
    fresh.pragma('user_version = 9');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT id, waiting_since, waiting_first, snoozed FROM cards ORDER BY id').all()).toEqual([
      { id: 1, waiting_since: '2026-11-20T09:00:00.000Z', waiting_first: 1, snoozed: 0 },
      { id: 2, waiting_since: null, waiting_first: 0, snoozed: 0 },
      { id: 3, waiting_since: null, waiting_first: 1, snoozed: 0 },
    ]);
    expect(db.prepare('SELECT COUNT(*) FROM board_targets').pluck().get()).toBe(0);
    db.close();
  });
});

describe('migration 11 (sending)', () => {
  it('upgrades a version 10 file: a waiting reply stays a reply to the customer, messages keep no kind, no signature', () => {
    const path = join(dir, 'v10.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_11}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at)
        VALUES (1, 1, 1, 'old', 'o@x.io', 0, 'now');
      INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at)
        VALUES (1, '<a@x>', 'in', 'a@x', 'now', 's', 't', 'now');
      INSERT INTO outbox (card_id, board_id, user_id, by_email, body, cc, message_id, created_ms, send_at_ms)
        VALUES (1, 1, 1, 'o@x.io', 'Answer', '[]', '<r@x>', 0, 0);`);
    fresh.pragma('user_version = 10');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT kind, to_addrs, bcc, subject, answers, signature FROM outbox').all()).toEqual([
      { kind: 'reply', to_addrs: null, bcc: '[]', subject: null, answers: null, signature: null },
    ]);
    expect(db.prepare('SELECT kind, bcc, mailbox_id FROM messages').all()).toEqual([
      { kind: null, bcc: null, mailbox_id: null },
    ]);
    expect(db.prepare('SELECT COUNT(*) FROM board_signatures').pluck().get()).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM outbox_files').pluck().get()).toBe(0);
    db.close();
  });
});

describe('migration 12 (the cards\u2019 resolutions)', () => {
  it('upgrades a version 11 file: each archived card has its resolution; archiving again adds one, coming back keeps them', () => {
    const path = join(dir, 'v11.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_12}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at, archived, archived_at)
        VALUES (1, 1, 1, 'done', 'o@x.io', 0, 'now', 1, '2026-11-20T09:00:00.000Z'),
               (2, 1, 1, 'open', 'o@x.io', 1, 'now', 0, NULL);`);
    fresh.pragma('user_version = 11');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.exec(`UPDATE cards SET archived = 0, archived_at = NULL WHERE id = 1;
      UPDATE cards SET archived = 1, archived_at = '2026-11-21T09:00:00.000Z' WHERE id = 1;`);
    expect(db.prepare('SELECT card_id, resolved_at FROM card_resolutions ORDER BY resolved_at').all()).toEqual([
      { card_id: 1, resolved_at: '2026-11-20T09:00:00.000Z' },
      { card_id: 1, resolved_at: '2026-11-21T09:00:00.000Z' },
    ]);
    db.close();
  });
});

describe("migration 13 (history, the sender's address, mentions)", () => {
  it("upgrades a version 12 file: each message in gets its sender's bare address, read through the index", () => {
    const path = join(dir, 'v12.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_13}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');
      INSERT INTO columns (id, board_id, name, position) VALUES (1, 1, 'C', 0);
      INSERT INTO cards (id, board_id, column_id, title, thread_owner_email, position, created_at)
        VALUES (1, 1, 1, 'one', 'o@x.io', 0, 'now');
      INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at) VALUES
        (1, '<a1@x>', 'in', 'Jane Doe <Jane@Example.COM>', 'now', 's', 't', 'now'),
        (1, '<a2@x>', 'in', ' jane@example.com ', 'now', 's', 't', 'now');`);
    fresh.pragma('user_version = 12');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT from_key FROM messages ORDER BY id').pluck().all()).toEqual([
      'jane@example.com',
      'jane@example.com',
    ]);
    db.prepare(
      "INSERT INTO messages (card_id, message_id, direction, from_addr, sent_at, subject, body_text, created_at) VALUES (1, '<a3@x>', 'in', '\"Doe, Jane\" <JANE@example.com>', 'now', 's', 't', 'now')",
    ).run();
    expect(db.prepare('SELECT from_key FROM messages WHERE id = 3').pluck().get()).toBe('jane@example.com');
    const plan = db
      .prepare("EXPLAIN QUERY PLAN SELECT card_id FROM messages WHERE from_key = 'x' AND direction = 'in'")
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX messages_from_key/);
    db.close();
  });
});

describe('migration 14 (saved replies)', () => {
  it('upgrades a version 13 file: its boards have no saved replies; a name is one per board, case ignored', () => {
    const path = join(dir, 'v13.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_14}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');`);
    fresh.pragma('user_version = 13');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT COUNT(*) FROM saved_replies').pluck().get()).toBe(0);
    const add = db.prepare(
      "INSERT INTO saved_replies (board_id, name, name_key, text, author_id, created_at, updated_at) VALUES (1, ?, ?, 't', 1, 'now', 'now')",
    );
    add.run('Refund done', 'refund done');
    expect(() => add.run('Refund Done', 'refund done')).toThrow(/UNIQUE/);
    db.prepare('DELETE FROM boards WHERE id = 1').run();
    expect(db.prepare('SELECT COUNT(*) FROM saved_replies').pluck().get()).toBe(0);
    db.close();
  });
});

describe('migration 15 (rules)', () => {
  it("upgrades a version 14 file: a board's rules can be kept, one name once per board whatever its case", () => {
    const path = join(dir, 'v14.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_15}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO boards (id, name, owner_id, created_at) VALUES (1, 'B', 1, 'now');`);
    fresh.pragma('user_version = 14');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const add = db.prepare(
      `INSERT INTO rules (board_id, position, name, query, actions, created_by, created_ms)
       VALUES (1, ?, ?, 'from:@acme.com', '["tag:Billing"]', 'o@x.io', 0)`,
    );
    add.run(1, 'Billing');
    expect(() => add.run(2, 'BILLING')).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT name, enabled, on_what FROM rules').all()).toEqual([
      { name: 'Billing', enabled: 1, on_what: 'new-thread' },
    ]);
    db.close();
  });
});

describe('migration 16 (notifications)', () => {
  it('upgrades a version 15 file: a change meant for one member, a notification once per member and event', () => {
    const path = join(dir, 'v15.db');
    const fresh = openDb(path);
    fresh.exec(`${UNDO_16}
      INSERT INTO users (id, email, name, plan, created_at) VALUES (1, 'o@x.io', 'O', 'pro', 'now');
      INSERT INTO changes (board_id, card_id, kind, user_id, by_email, created_ms) VALUES (1, NULL, 'board', 1, 'o@x.io', 0);`);
    fresh.pragma('user_version = 15');
    fresh.close();
    const db = openDb(path);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT for_user_id FROM changes').pluck().all()).toEqual([null]);
    const add = db.prepare(
      "INSERT INTO notifications (user_id, kind, source, board_id, card_id, by_email, created_ms) VALUES (1, 'mentioned', 'mention:7', 1, NULL, 'o@x.io', 0) ON CONFLICT (user_id, source) DO NOTHING",
    );
    expect([add.run().changes, add.run().changes]).toEqual([1, 0]);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT count(*) FROM notifications WHERE user_id = 1 AND read_ms IS NULL')
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/INDEX notifications_unread/);
    db.close();
  });
});
