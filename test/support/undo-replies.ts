/**
 * Takes the saved replies' migration (server/replies/schema.ts) back out of a
 * database, on either engine, so a test can make an older one.
 */
import type { Database } from '../../src/server/sql/sql.js';

/** The same, as SQLite statements for a file opened directly. */
export const UNDO_REPLIES_SQLITE = 'DROP TABLE saved_replies;';

export async function undoRepliesMigration(db: Database): Promise<void> {
  await db.run('DROP TABLE saved_replies');
}
