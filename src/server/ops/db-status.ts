/**
 * What `inboard db status` reports, read without migrating or writing: the
 * schema's version against this build's, what is pending, and each table's
 * rows. SQLite opened read-only; PostgreSQL through one plain connection.
 */
import { existsSync } from 'node:fs';
import { SCHEMA_VERSION } from '../db.js';
import { PG_SCHEMA_VERSION } from '../sql/postgres-schema.js';
import { isDatabaseUrl } from '../sql/open.js';
import type { Engine } from '../sql/sql.js';

export interface DbStatus {
  engine: Engine;
  where: string;
  current: number;
  latest: number;
  tables: { name: string; rows: number }[];
  /** PostgreSQL: each migration run this database has noted (schema_history). */
  history: { version: number; at: string; by: string }[];
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function sqliteStatus(path: string): Promise<DbStatus> {
  if (!existsSync(path)) throw new Error(`no database at ${path}`);
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const current = Number(db.pragma('user_version', { simple: true }));
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[];
    const tables = names.map((name) => ({
      name,
      rows: Number(
        db
          .prepare(`SELECT COUNT(*) FROM ${quoted(name)}`)
          .pluck()
          .get(),
      ),
    }));
    return { engine: 'sqlite', where: path, current, latest: SCHEMA_VERSION, tables, history: [] };
  } finally {
    db.close();
  }
}

async function postgresStatus(url: string): Promise<DbStatus> {
  const { default: pg } = await import('pg');
  const { reason, redactUrl, target } = await import('../sql/postgres-errors.js');
  const client = new pg.Client({ connectionString: url, application_name: 'inboard db status' });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(`PostgreSQL at ${target(url)}: ${reason(err)}`, { cause: err });
  }
  try {
    const has = async (t: string) =>
      (await client.query<{ yes: boolean }>('SELECT to_regclass($1) IS NOT NULL AS yes', [t])).rows[0]?.yes === true;
    const current = (await has('schema_version'))
      ? Number((await client.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]?.version ?? 0)
      : 0;
    const names = (
      await client.query<{ t: string }>(
        'SELECT tablename AS t FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
      )
    ).rows.map((r) => r.t);
    const tables = [];
    for (const name of names)
      tables.push({
        name,
        rows: Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${quoted(name)}`)).rows[0]?.n ?? 0),
      });
    const history = (await has('schema_history'))
      ? (
          await client.query<{ version: number; at: string; by: string }>(
            'SELECT version, to_char(applied_at AT TIME ZONE \'UTC\', \'YYYY-MM-DD"T"HH24:MI:SS"Z"\') AS at, applied_by AS by FROM schema_history ORDER BY applied_at, version',
          )
        ).rows.map((r) => ({ version: Number(r.version), at: r.at, by: r.by }))
      : [];
    return { engine: 'postgres', where: redactUrl(url), current, latest: PG_SCHEMA_VERSION, tables, history };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function dbStatus(target: string): Promise<DbStatus> {
  return isDatabaseUrl(target) ? postgresStatus(target.trim()) : sqliteStatus(target);
}
