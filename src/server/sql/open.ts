/** A database by where it is: a postgres:// URL, else a SQLite file path. */
import type { Durability } from '../db.js';
import type { Database } from './sql.js';
import { openSqlite } from './sqlite.js';

export const isDatabaseUrl = (s: string): boolean => /^postgres(ql)?:\/\//i.test(s);

export async function openDatabase(target: string, durability?: Durability): Promise<Database> {
  if (isDatabaseUrl(target)) throw new Error('PostgreSQL is not built in yet');
  return openSqlite(target, durability);
}
