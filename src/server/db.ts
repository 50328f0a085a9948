/**
 * Opening the service database: pragmas chosen for a multi-process,
 * crash-safe store, and schema migrations keyed on PRAGMA user_version.
 */
import {
  SQLITE_M1_BASE,
  SQLITE_M2_DELETABLE_IDS,
  SQLITE_M3_RESTORE_SUBTASKS,
  SQLITE_M4_THREADS,
  SQLITE_M5_CHANGE_LOG,
} from './sql/sqlite-base-schema.js';
import { SQLITE_M6_TEAMWORK, SQLITE_M7_MAILBOXES, SQLITE_M9_OUTBOX_PRESENCE } from './sql/sqlite-team-schema.js';
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SQLITE_SEARCH_MIGRATION } from './search/schema-sqlite.js';
import { newerSchemaWords } from './ops/newer-schema.js';
import { registerSearchFunctions } from './search/texts.js';
import { SQLITE_SENDING_MIGRATION } from './mail/sending/schema.js';
import { SQLITE_REPORTS_MIGRATION } from './reports/schema.js';
import { SQLITE_WAITING_MIGRATION } from './waiting/schema.js';
import { SQLITE_HISTORY_MIGRATION } from './history/schema.js';
import { SQLITE_REPLIES_MIGRATION } from './replies/schema.js';
import { SQLITE_RULES_MIGRATION } from './rules/schema.js';
import { SQLITE_NOTIFICATIONS_MIGRATION } from './notifications/schema.js';

export type DB = Database.Database;

/** Each entry upgrades the schema by one version; never edit a shipped one. */
const MIGRATIONS: string[] = [
  // 1: users, keys, boards, columns, cards and what hangs off them: sql/sqlite-base-schema.ts.
  SQLITE_M1_BASE,
  // 2: comments and tags deletable, ids never reused: sql/sqlite-base-schema.ts.
  SQLITE_M2_DELETABLE_IDS,
  // 3: restoring archived cards, ticking sub-tasks: sql/sqlite-base-schema.ts.
  SQLITE_M3_RESTORE_SUBTASKS,
  // 4: the email thread behind a card: sql/sqlite-base-schema.ts.
  SQLITE_M4_THREADS,
  // 5: the change log behind GET /v2/events: sql/sqlite-base-schema.ts.
  SQLITE_M5_CHANGE_LOG,
  // 6: card versions, archived boards, per-user read marks: sql/sqlite-team-schema.ts.
  SQLITE_M6_TEAMWORK,
  // 7: the team's own mailboxes: sql/sqlite-team-schema.ts.
  SQLITE_M7_MAILBOXES,
  // 8: the search index (FTS5, kept by triggers on the texts' tables): search/schema-sqlite.ts.
  SQLITE_SEARCH_MIGRATION,
  // 9: the outbox and presence: sql/sqlite-team-schema.ts.
  SQLITE_M9_OUTBOX_PRESENCE,
  // 10: waiting time (kept by triggers on messages), snooze, response targets: waiting/schema.ts.
  SQLITE_WAITING_MIGRATION,
  // 11: replies to all, forwards, new mail, files sent, signatures, the mailbox of a message: mail/sending/schema.ts.
  SQLITE_SENDING_MIGRATION,
  // 12: when each card was archived, kept across its coming back: reports/schema.ts.
  SQLITE_REPORTS_MIGRATION,
  // 13: a card's history, the sender's address indexed, mentions: history/schema.ts.
  SQLITE_HISTORY_MIGRATION,
  // 14: a board's saved replies: replies/schema.ts.
  SQLITE_REPLIES_MIGRATION,
  // 15: a board's rules, the messages they ran on, round-robin's turn, who is away: rules/schema.ts.
  SQLITE_RULES_MIGRATION,
  // 16: notifications, and changes meant for one member: notifications/schema.ts.
  SQLITE_NOTIFICATIONS_MIGRATION,
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
  if (current() > SCHEMA_VERSION) throw new Error(newerSchemaWords(current(), SCHEMA_VERSION));
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
