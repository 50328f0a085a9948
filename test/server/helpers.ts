/**
 * A real service on loopback over a real database: a SQLite file in a temp
 * dir, or — when INBOARD_TEST_ENGINE=postgres (the PostgreSQL project of
 * vitest.config.ts) — a fresh database on the test run's PostgreSQL.
 */
import type { OutboxWorker } from '../../src/server/mail/outbox-worker.js';
import type { SnoozeWaker } from '../../src/server/waiting/waker.js';
import type { Notifier } from '../../src/server/notifications/index.js';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createUserKey, type Plan } from '../../src/server/auth.js';
import { openDb, type DB } from '../../src/server/db.js';
import { startService, type ServiceOptions } from '../../src/server/index.js';
import { openDatabase } from '../../src/server/sql/open.js';
import type { Database } from '../../src/server/sql/sql.js';

/**
 * How many instances of the service the test talks to (INBOARD_TEST_INSTANCES,
 * the 'postgres, two instances' project of vitest.config.ts): with 2, a second
 * one on the same database, and `call` alternates between them, so every
 * write-then-read of a suite crosses from one instance to the other.
 */
const testInstances = (): number => (process.env.INBOARD_TEST_INSTANCES === '2' ? 2 : 1);

/** The storage engine this test process runs the service on. */
export const testEngine = (): 'sqlite' | 'postgres' =>
  process.env.INBOARD_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Where a new test database lives: a file in `dir`, or a fresh PostgreSQL database. */
export async function testDatabase(dir: string): Promise<string> {
  if (testEngine() === 'sqlite') return join(dir, 'inboard.db');
  const { freshPostgresUrl } = await import('../support/postgres.js');
  return freshPostgresUrl();
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary answers
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  key?: string | null;
  headers?: Record<string, string>;
}

export interface TestService {
  url: string;
  key: string;
  dir: string;
  /** The SQLite file, or the PostgreSQL URL. */
  dbPath: string;
  call(method: string, path: string, o?: CallOptions): Promise<Reply>;
  /** A second connection to the same SQLite file, for setup the API cannot do (SQLite only). */
  withDb<T>(fn: (db: DB) => T): T;
  /** A second connection to the same database, on either engine. */
  withSql<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  addUser(email: string, plan?: Plan, trialStartedAt?: string): Promise<string>;
  /** Each instance's outbox worker: `tick()` sends what is due by the service's clock. */
  outboxes: OutboxWorker[];
  /** Each instance's waker of snoozed cards: `tick()` wakes what is due by the service's clock. */
  snoozes: SnoozeWaker[];
  /** Each instance's notifier: `tick()` looks for targets passed and mail due by the service's clock. */
  notifiers: Notifier[];
  close(): Promise<void>;
}

export async function callAt(
  url: string,
  key: string | null,
  method: string,
  path: string,
  o: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (key !== null) headers.authorization = key;
  let body: string | undefined = o.rawBody;
  if (o.body !== undefined) body = JSON.stringify(o.body);
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const res = await request(url + path, { method: method as 'GET', headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

let sqliteTemplate: string | undefined;

/**
 * A SQLite file in `dir` with every migration applied: a copy of one this
 * worker migrated once (migrating a new file is about 30 ms of every
 * service's start; the migrations' own suites start from empty files).
 */
export function migratedSqliteFile(dir: string, name = 'inboard.db'): string {
  if (sqliteTemplate === undefined) {
    const at = mkdtempSync(join(tmpdir(), 'inboard-template-'));
    process.on('exit', () => rmSync(at, { recursive: true, force: true }));
    const path = join(at, 'template.db');
    const db = openDb(path);
    // All of it in the one file, the write-ahead log emptied into it: the copy is the main file alone.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    sqliteTemplate = path;
  }
  const file = join(dir, name);
  copyFileSync(sqliteTemplate, file);
  return file;
}

/**
 * Where a service under test keeps its boards: as testDatabase, but a copy
 * of a database already migrated (support/postgres.ts on PostgreSQL).
 */
async function serviceDatabase(dir: string): Promise<string> {
  if (testEngine() === 'sqlite') return migratedSqliteFile(dir);
  const { freshMigratedPostgresUrl } = await import('../support/postgres.js');
  return freshMigratedPostgresUrl(async (url) => (await openDatabase(url)).close());
}

export async function startTestService(opts: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-test-'));
  const dbPath = await serviceDatabase(dir);
  const svc = await startService({ dbPath, demo: true, ...opts });
  const key = svc.apiKey;
  const second = testInstances() === 2 ? await startService({ ...opts, dbPath, apiKey: key, demo: false }) : null;
  const urls = second === null ? [svc.url] : [svc.url, second.url];
  let calls = 0;
  const withDb = <T>(fn: (db: DB) => T): T => {
    if (testEngine() !== 'sqlite') throw new Error('withDb reads the SQLite file: use withSql on PostgreSQL');
    const db = openDb(dbPath);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  const withSql = async <T>(fn: (db: Database) => Promise<T>): Promise<T> => {
    const db = await openDatabase(dbPath);
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  return {
    url: svc.url,
    key,
    dir,
    dbPath,
    call: (method, path, o = {}) =>
      callAt(urls[calls++ % urls.length] as string, o.key === undefined ? key : o.key, method, path, o),
    withDb,
    withSql,
    outboxes: second === null ? [svc.outbox] : [svc.outbox, second.outbox],
    snoozes: second === null ? [svc.snoozes] : [svc.snoozes, second.snoozes],
    notifiers: second === null ? [svc.notifier] : [svc.notifier, second.notifier],
    addUser: (email, plan = 'pro', trialStartedAt) =>
      withSql((db) => createUserKey(db, { email, plan, ...(trialStartedAt ? { trialStartedAt } : {}) })),
    async close() {
      await svc.close();
      await second?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const keysOf = (o: object) => Object.keys(o).sort();

/** A card titled `title` on the first column of board `boardId`; its id. */
export async function cardOnFirstColumn(svc: TestService, boardId: number, title: string): Promise<string> {
  const cols = await svc.call('GET', `/v2/board/${boardId}/columns`);
  const col = Number(/\d+$/.exec(String(cols.json.data[0].ColumnId))?.[0]);
  const made = await svc.call('POST', '/v2/card', { body: { BoardId: boardId, ColumnId: col, CardTitle: title } });
  return String(made.json.taskId);
}

/** A board "Support" the owner shares with sam@acme.test, a column "Inbox" and a card "Refund" on it. */
export async function supportBoardWithSam(svc: TestService): Promise<{ sam: string; boardId: number; cardId: string }> {
  const sam = await svc.addUser('sam@acme.test');
  const b = await svc.call('POST', '/v2/board', { body: { Name: 'Support', Users: ['sam@acme.test'] } });
  const boardId = Number(b.json.data.Id);
  await svc.call('POST', `/v2/board/${boardId}/column`, { body: { Name: 'Inbox' } });
  return { sam, boardId, cardId: await cardOnFirstColumn(svc, boardId, 'Refund') };
}
