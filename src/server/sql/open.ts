/**
 * Opening the service's database from what `--db` names: a PostgreSQL URL,
 * or a SQLite file. The PostgreSQL engine (and its driver) loads only when
 * a URL asks for it, so the embedded default starts as fast as before.
 */
import type { Durability } from '../db.js';
import type { Database } from './sql.js';
import { openSqlite } from './sqlite.js';

/** A `postgres://` or `postgresql://` URL (libpq's conventions), not a path. */
export const isDatabaseUrl = (s: string): boolean => /^postgres(ql)?:\/\//i.test(s.trim());

/** A URL → PostgreSQL (connected and migrated); anything else → a SQLite file. */
export async function openDatabase(target: string, durability?: Durability): Promise<Database> {
  if (isDatabaseUrl(target)) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(target.trim());
  }
  return openSqlite(target, durability);
}
