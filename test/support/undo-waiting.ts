/**
 * Takes migration 10 (waiting, snooze, response targets: server/waiting/schema.ts)
 * back out of a database, on either engine, so a test can make an older one.
 */
import type { Database } from '../../src/server/sql/sql.js';

/** The columns migration 10 added to cards. */
export const WAITING_COLUMNS = [
  'waiting_since',
  'waiting_first',
  'snoozed',
  'snooze_until_ms',
  'snooze_reply',
  'snoozed_by',
  'back_from_snooze',
];

/** Migration 12 (SQLite; PostgreSQL 8: the cards' resolutions, server/reports/schema.ts), taken out before the ones it follows. */
export async function undoReportsMigration(db: Database): Promise<void> {
  if (db.engine === 'sqlite') await db.run('DROP TRIGGER cards_resolved');
  else {
    await db.run('DROP TRIGGER cards_resolved ON cards');
    await db.run('DROP FUNCTION cards_resolved()');
  }
  await db.run('DROP TABLE card_resolutions');
}

export async function undoWaitingMigration(db: Database): Promise<void> {
  if (db.engine === 'sqlite') {
    for (const op of ['insert', 'delete', 'update']) await db.run(`DROP TRIGGER messages_waiting_${op}`);
  } else {
    await db.run('DROP TRIGGER messages_waiting ON messages');
    await db.run('DROP FUNCTION messages_waiting()');
  }
  await db.run('DROP TABLE board_targets');
  await db.run('DROP INDEX cards_snooze_due');
  await db.run('DROP INDEX cards_snoozed');
  for (const c of WAITING_COLUMNS) await db.run(`ALTER TABLE cards DROP COLUMN ${c}`);
}
