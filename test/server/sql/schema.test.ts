/**
 * Both engines hold the same schema: every table, column (and whether it may
 * be NULL) and named index of SQLite's migrations exists on PostgreSQL. A
 * migration added to one engine only fails here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../src/server/db.js';
import { openPostgres, type PostgresDatabase } from '../../../src/server/sql/postgres.js';
import { freshPostgresUrl } from '../../support/postgres.js';

/** table → column → 'null' | 'not null' */
type Shape = Record<string, Record<string, string>>;

/** What only PostgreSQL has on purpose: its migration bookkeeping and SQLite's implicit rowids made real. */
const PG_ONLY = new Set(['schema_version', 'schema_history', 'board_members.rowid', 'card_assignees.rowid']);

/**
 * Each engine's full-text index is its own by design (FTS5 and its shadow
 * tables; a tsvector with GIN indexes): its tables and indexes are left out
 * here, and test/server/search-*.test.ts holds both to the same answers.
 */
const searchIndex = (name: string): boolean => /^search(_|$)/.test(name);

function sqliteShape(): { tables: Shape; indexes: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-schema-'));
  const db = openDb(join(dir, 'db.sqlite'));
  try {
    const tables: Shape = {};
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    for (const table of names.filter((n) => !searchIndex(n))) {
      const cols = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; notnull: number; pk: number }[];
      // A primary key never holds NULL, whatever SQLite's flag says of INTEGER PRIMARY KEY.
      tables[table] = Object.fromEntries(cols.map((c) => [c.name, c.notnull === 1 || c.pk > 0 ? 'not null' : 'null']));
    }
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'")
      .pluck()
      .all() as string[];
    return { tables, indexes: indexes.filter((n) => !searchIndex(n)).sort() };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresShape(db: PostgresDatabase): Promise<{ tables: Shape; indexes: string[] }> {
  const cols = await db.all<{ table_name: string; column_name: string; is_nullable: string }>(
    "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
  );
  const tables: Shape = {};
  for (const c of cols) {
    if (PG_ONLY.has(c.table_name) || PG_ONLY.has(`${c.table_name}.${c.column_name}`) || searchIndex(c.table_name))
      continue;
    (tables[c.table_name] ??= {})[c.column_name] = c.is_nullable === 'YES' ? 'null' : 'not null';
  }
  // Indexes the service named; those behind PRIMARY KEY and UNIQUE are implicit on both engines.
  const indexes = await db.all<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE schemaname = 'public'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
  );
  return {
    tables,
    indexes: indexes
      .map((i) => i.indexname)
      .filter((n) => !searchIndex(n))
      .sort(),
  };
}

describe('the PostgreSQL schema', () => {
  let pg: PostgresDatabase;
  beforeAll(async () => {
    pg = await openPostgres(await freshPostgresUrl());
  });
  afterAll(() => pg.close());

  it("has SQLite's tables and columns, NULL where SQLite allows it", async () => {
    const sqlite = sqliteShape();
    const postgres = await postgresShape(pg);
    expect(postgres.tables).toEqual(sqlite.tables);
  });

  it("has SQLite's named indexes", async () => {
    expect((await postgresShape(pg)).indexes).toEqual(sqliteShape().indexes);
  });

  it('keeps emails case-insensitive where SQLite has NOCASE', async () => {
    const citext = await pg.all<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND udt_name = 'citext' ORDER BY table_name, column_name`,
    );
    expect(citext.map((c) => `${c.table_name}.${c.column_name}`)).toEqual([
      'board_members.email',
      'card_assignees.email',
      'users.email',
    ]);
  });
});
