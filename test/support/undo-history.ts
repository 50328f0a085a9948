/**
 * Takes migration 13 (PostgreSQL 9: a card's history, the sender's address,
 * mentions: server/history/schema.ts) back out of a database, on either
 * engine, so a test can make an older one.
 */
import type { Database } from '../../src/server/sql/sql.js';

export async function undoHistoryMigration(db: Database): Promise<void> {
  if (db.engine === 'sqlite') await db.run('DROP TRIGGER messages_from_key');
  else {
    await db.run('DROP TRIGGER messages_from_key ON messages');
    await db.run('DROP FUNCTION messages_from_key()');
  }
  await db.run('DROP INDEX messages_from_key');
  await db.run('DROP INDEX mailbox_messages_card');
  await db.run('ALTER TABLE messages DROP COLUMN from_key');
  for (const t of ['comment_mentions', 'card_states', 'card_history']) await db.run(`DROP TABLE ${t}`);
}
