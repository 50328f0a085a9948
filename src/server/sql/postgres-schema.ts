/**
 * The PostgreSQL schema: the same tables, columns, indexes and constraints
 * as the SQLite migrations of src/server/db.ts, in PostgreSQL's types.
 * - ids are identities never handed out twice (SQLite's AUTOINCREMENT);
 * - emails are citext: equality and UNIQUE ignore case, as NOCASE does;
 * - board_members and card_assignees carry SQLite's implicit rowid as a
 *   real column, so `ORDER BY rowid` lists them in insertion order;
 * - positions and *_ms are BIGINT, flags and small counts stay integer,
 *   JSON stays TEXT (the code stores JSON text), BLOB is BYTEA.
 * Migrations are numbered by their place in the list, like SQLite's.
 */
import { hostname } from 'node:os';
import type pg from 'pg';
import { PG_M1_BASE } from './postgres-base-schema.js';
import { PG_M2_TEAMWORK, PG_M3_MAILBOXES, PG_M5_OUTBOX_PRESENCE } from './postgres-team-schema.js';
import { newerSchemaWords } from '../ops/newer-schema.js';
import { POSTGRES_SEARCH_MIGRATION } from '../search/schema-postgres.js';
import { POSTGRES_SENDING_MIGRATION } from '../mail/sending/schema.js';
import { POSTGRES_REPORTS_MIGRATION } from '../reports/schema.js';
import { POSTGRES_WAITING_MIGRATION } from '../waiting/schema.js';
import { POSTGRES_HISTORY_MIGRATION } from '../history/schema.js';
import { POSTGRES_REPLIES_MIGRATION } from '../replies/schema.js';
import { POSTGRES_RULES_MIGRATION } from '../rules/schema.js';
import { POSTGRES_NOTIFICATIONS_MIGRATION } from '../notifications/schema.js';

/** Each entry upgrades the schema by one version; never edit a shipped one. */
const MIGRATIONS: string[] = [
  // 1: what SQLite has after its migrations 1–5: postgres-base-schema.ts.
  PG_M1_BASE,
  // 2: SQLite's migration 6 (card versions, archived boards, per-user read marks): postgres-team-schema.ts.
  PG_M2_TEAMWORK,
  // 3: SQLite's migration 7 (the team's own mailboxes, their cursors and leases): postgres-team-schema.ts.
  PG_M3_MAILBOXES,
  // 4: SQLite's migration 8 (the search index, kept by triggers): search/schema-postgres.ts.
  POSTGRES_SEARCH_MIGRATION,
  // 5: SQLite's migration 9 (the outbox and presence): postgres-team-schema.ts.
  PG_M5_OUTBOX_PRESENCE,
  // 6: SQLite's migration 10 (waiting, snooze, response targets): waiting/schema.ts.
  POSTGRES_WAITING_MIGRATION,
  // 7: SQLite's migration 11 (sending: the outbox's To, Bcc, kind and files, messages' kind, Bcc and mailbox, signatures): mail/sending/schema.ts.
  POSTGRES_SENDING_MIGRATION,
  // 8: SQLite's migration 12 (card resolutions, for reports): reports/schema.ts.
  POSTGRES_REPORTS_MIGRATION,
  // 9: SQLite's migration 13 (history, the sender's address indexed, mentions): history/schema.ts.
  POSTGRES_HISTORY_MIGRATION,
  // 10: SQLite's migration 14 (saved replies): replies/schema.ts.
  POSTGRES_REPLIES_MIGRATION,
  // 11: SQLite's migration 15 (a board's rules, their runs, round-robin's turn): rules/schema.ts.
  POSTGRES_RULES_MIGRATION,
  // 12: SQLite's migration 16 (notifications, changes meant for one member): notifications/schema.ts.
  POSTGRES_NOTIFICATIONS_MIGRATION,
];

export const PG_SCHEMA_VERSION = MIGRATIONS.length;

/** Any constant of the service's own: the session lock under which one instance migrates. */
const MIGRATION_LOCK = 0x1b0a4d;

/**
 * Brings the database to PG_SCHEMA_VERSION. Instances starting at once take
 * turns on a session advisory lock; each finds the work done or does it, one
 * transaction per migration, each run noted in schema_history (when, by
 * which process) in its transaction. A schema newer than this build is
 * refused, in words naming both versions.
 */
export async function migratePostgres(client: pg.ClientBase): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_history (version INTEGER NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now(), applied_by TEXT NOT NULL)',
    );
    for (;;) {
      const res = await client.query<{ version: number }>('SELECT version FROM schema_version');
      const current = res.rows[0]?.version ?? 0;
      if (current > MIGRATIONS.length) throw new Error(newerSchemaWords(current, MIGRATIONS.length));
      if (current >= MIGRATIONS.length) return;
      await client.query('BEGIN');
      try {
        await client.query(MIGRATIONS[current] ?? '');
        await client.query('INSERT INTO schema_history (version, applied_by) VALUES ($1, $2)', [
          current + 1,
          `${hostname()} pid ${process.pid}`,
        ]);
        if (current === 0) await client.query('INSERT INTO schema_version (version) VALUES (1)');
        else await client.query('UPDATE schema_version SET version = $1', [current + 1]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
