/**
 * Takes migration 11 (sending: server/mail/sending/schema.ts) back out of a
 * database, on either engine, so a test can make an older one.
 */
import type { Database } from '../../src/server/sql/sql.js';

export const SENDING_OUTBOX_COLUMNS = ['kind', 'to_addrs', 'bcc', 'subject', 'answers', 'signature'];
export const SENDING_MESSAGE_COLUMNS = ['kind', 'bcc', 'mailbox_id'];

/** The same, as one SQLite script. */
export const UNDO_SENDING_SQLITE = `DROP TABLE outbox_files;
      DROP TABLE board_signatures;
      ${SENDING_OUTBOX_COLUMNS.map((c) => `ALTER TABLE outbox DROP COLUMN ${c};`).join('\n')}
      ${SENDING_MESSAGE_COLUMNS.map((c) => `ALTER TABLE messages DROP COLUMN ${c};`).join('\n')}`;

export async function undoSendingMigration(db: Database): Promise<void> {
  await db.run('DROP TABLE outbox_files');
  await db.run('DROP TABLE board_signatures');
  for (const c of SENDING_OUTBOX_COLUMNS) await db.run(`ALTER TABLE outbox DROP COLUMN ${c}`);
  for (const c of SENDING_MESSAGE_COLUMNS) await db.run(`ALTER TABLE messages DROP COLUMN ${c}`);
}
