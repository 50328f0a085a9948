/**
 * Safe upgrades: instances starting at once on a new PostgreSQL database run
 * each migration once; an inboard older than its database's schema refuses
 * to start, naming both versions (either engine); `inboard db status` says
 * the version, what is pending, and each table's rows, writing nothing.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../../../src/server/index.js';
import { latestSchema } from '../../../src/server/ops/schema-version.js';
import { openDatabase } from '../../../src/server/sql/open.js';
import { freshPostgresUrl } from '../../support/postgres.js';
import { testDatabase, testEngine } from '../helpers.js';
import { runCli } from '../process.js';

const dir = mkdtempSync(join(tmpdir(), 'inboard-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => testDatabase(mkdtempSync(join(dir, `db${++n}-`)));
const latest = latestSchema(testEngine());

/** A database made by this build, then stamped as if a newer one had upgraded it. */
async function fromTheFuture(): Promise<string> {
  const db = await fresh();
  const svc = await startService({ dbPath: db, apiKey: 'migrations-test-key-00001' });
  await svc.close();
  if (testEngine() === 'sqlite') {
    const raw = new Database(db);
    raw.pragma(`user_version = ${latest + 1}`);
    raw.close();
  } else {
    const d = await openDatabase(db);
    await d.run('UPDATE schema_version SET version = ?', [latest + 1]);
    await d.close();
  }
  return db;
}

describe('migrations', () => {
  it.runIf(testEngine() === 'postgres')(
    'five instances starting at once on a new database run each migration once',
    async () => {
      const url = await freshPostgresUrl();
      const all = await Promise.all(
        Array.from({ length: 5 }, () => startService({ dbPath: url, apiKey: 'five-at-once-key-0000001' })),
      );
      await Promise.all(all.map((s) => s.close()));
      const d = await openDatabase(url);
      try {
        const runs = await d.all<{ version: number; n: number }>(
          'SELECT version, COUNT(*) AS n FROM schema_history GROUP BY version ORDER BY version',
        );
        expect(runs).toEqual(Array.from({ length: latest }, (_, i) => ({ version: i + 1, n: 1 })));
        expect(Number((await d.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n)).toBe(1);
      } finally {
        await d.close();
      }
    },
    60_000,
  );

  it('an inboard older than the schema refuses to start, naming both versions', async () => {
    const db = await fromTheFuture();
    await expect(startService({ dbPath: db })).rejects.toThrow(
      `the database's schema is version ${latest + 1}, newer than this inboard's ${latest}`,
    );
    const serve = await runCli(['serve', '--port', '0', '--db', db]);
    expect(serve.code).toBe(1);
    expect(serve.stderr).toContain(`version ${latest + 1}, newer than this inboard's ${latest}`);
    const status = await runCli(['db', 'status', '--db', db]);
    expect(status.code).toBe(4);
    expect(status.stdout).toContain(`schema: version ${latest + 1}, newer than this inboard's ${latest}`);
  }, 60_000);

  it('db status: a new database has every migration pending, and is left as it was', async () => {
    const db = await fresh();
    if (testEngine() === 'sqlite') new Database(db).close();
    const before = await runCli(['db', 'status', '--db', db]);
    expect(before.code).toBe(3);
    expect(before.stdout).toContain('schema: version 0 of this inboard');
    expect(before.stdout).toContain(
      `pending: migrations ${Array.from({ length: latest }, (_, i) => i + 1).join(', ')}, run by the next inboard serve`,
    );
    // Nothing was migrated by asking.
    expect((await runCli(['db', 'status', '--db', db])).code).toBe(3);
  }, 60_000);

  it('db status: the version, nothing pending, and each table’s rows', async () => {
    const db = await fresh();
    const svc = await startService({ dbPath: db, apiKey: 'migrations-test-key-00002', demo: true });
    await svc.close();
    const r = await runCli(['db', 'status', '--db', db]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`schema: version ${latest} of this inboard's ${latest}\npending: nothing\ntables:\n`);
    const boards = /^ {2}boards +(\d+)$/m.exec(r.stdout);
    expect(Number(boards?.[1])).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/^ {2}users +[1-9]\d*$/m);
    if (testEngine() === 'postgres') expect(r.stdout).toMatch(new RegExp(`^migrations run here:\\n {2}1 `, 'm'));
  }, 60_000);
});
