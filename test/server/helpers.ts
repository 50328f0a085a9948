/** A real service on loopback over a real SQLite file in a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createUserKey, type Plan } from '../../src/server/auth.js';
import { openDb, type DB } from '../../src/server/db.js';
import { startService, type ServiceOptions } from '../../src/server/index.js';

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
  dbPath: string;
  call(method: string, path: string, o?: CallOptions): Promise<Reply>;
  /** A second connection to the same file, for setup the API cannot do. */
  withDb<T>(fn: (db: DB) => T): T;
  addUser(email: string, plan?: Plan, trialStartedAt?: string): string;
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

export async function startTestService(opts: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-test-'));
  const dbPath = join(dir, 'inboard.db');
  const svc = await startService({ dbPath, demo: true, ...opts });
  const key = svc.apiKey;
  const withDb = <T>(fn: (db: DB) => T): T => {
    const db = openDb(dbPath);
    try {
      return fn(db);
    } finally {
      db.close();
    }
  };
  return {
    url: svc.url,
    key,
    dir,
    dbPath,
    call: (method, path, o = {}) => callAt(svc.url, o.key === undefined ? key : o.key, method, path, o),
    withDb,
    addUser: (email, plan = 'pro', trialStartedAt) =>
      withDb((db) => createUserKey(db, { email, plan, ...(trialStartedAt ? { trialStartedAt } : {}) })),
    async close() {
      await svc.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const keysOf = (o: object) => Object.keys(o).sort();
