/**
 * Takes the rules' migration (SQLite 15, PostgreSQL 11: server/rules/schema.ts)
 * back out of a database, on either engine, so a test can make an older one.
 */
import { RULES_TABLES } from '../../src/server/rules/schema.js';
import type { Database } from '../../src/server/sql/sql.js';

/** The same, as SQLite's statements, for a file opened with better-sqlite3 (test/server/db.test.ts). */
export const UNDO_RULES_SQLITE = RULES_TABLES.map((t) => `DROP TABLE ${t};`).join('\n');

export async function undoRulesMigration(db: Database): Promise<void> {
  for (const t of RULES_TABLES) await db.run(`DROP TABLE ${t}`);
}
