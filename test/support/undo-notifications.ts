/**
 * Takes migration 16 (PostgreSQL 12: notifications, changes meant for one
 * member: server/notifications/schema.ts) back out of a database, on either
 * engine, so a test can make an older one.
 */
import type { Database } from '../../src/server/sql/sql.js';

/** The same, as one SQLite script (db.test.ts chains them). */
export const UNDO_NOTIFICATIONS_SQLITE = `DROP TABLE notifications;
      ALTER TABLE changes DROP COLUMN for_user_id;`;

export async function undoNotificationsMigration(db: Database): Promise<void> {
  await db.run('DROP TABLE notifications');
  await db.run('ALTER TABLE changes DROP COLUMN for_user_id');
}
