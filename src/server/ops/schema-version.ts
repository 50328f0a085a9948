/**
 * Which schema version a database is at and which this build brings: what
 * `/readyz` checks and `inboard db status` prints. Read without migrating.
 */
import { SCHEMA_VERSION } from '../db.js';
import { PG_SCHEMA_VERSION } from '../sql/postgres-schema.js';
import type { Engine, Sql } from '../sql/sql.js';

export interface SchemaVersions {
  /** The database's version (0: no schema yet). */
  current: number;
  /** This build's newest version. */
  latest: number;
}

export const latestSchema = (engine: Engine): number => (engine === 'sqlite' ? SCHEMA_VERSION : PG_SCHEMA_VERSION);

export async function schemaVersions(sql: Sql): Promise<SchemaVersions> {
  if (sql.engine === 'sqlite') {
    const row = await sql.get<{ user_version: number }>('PRAGMA user_version');
    return { current: Number(row?.user_version ?? 0), latest: SCHEMA_VERSION };
  }
  const row = await sql.get<{ version: number }>('SELECT version FROM schema_version');
  return { current: Number(row?.version ?? 0), latest: PG_SCHEMA_VERSION };
}
