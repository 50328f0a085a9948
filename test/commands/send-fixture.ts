/**
 * A real service whose mail goes to a real SMTP relay (smtp-server) on
 * loopback, for the sending commands' tests: what the relay received is
 * parsed with mailparser, files are compared by sha256. Registers its own
 * beforeAll/afterAll; `S` is read inside tests.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { startRelay, type TestRelay } from '../support/mail.js';
import { KEY, runCli, type Result } from './helpers.js';
import { migratedSqliteFile } from '../server/helpers.js';

export interface SendFixture {
  relay: TestRelay;
  svc: RunningService;
  /** The test's own view of the service. */
  client: Client;
  dir: string;
  run(args: string[], o?: { input?: string; env?: Record<string, string> }): Promise<Result>;
  /** Delivers a message to Support Inbox through `inboard mail-in`; its card's id. */
  mailIn(raw: Buffer): Promise<string>;
  /** A file in the test's folder with these bytes; its path. */
  file(name: string, bytes: Buffer): string;
  /** The newest message the relay received, parsed, with its envelope's recipients. */
  lastSent(): Promise<ParsedMail & { envelopeTo: string[] }>;
}

export function sendFixture(name: string): SendFixture {
  const S = {} as SendFixture;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    S.relay = await startRelay({ refuse: ['bounce@customer.example'] });
    S.dir = mkdtempSync(join(tmpdir(), `inboard-${name}-`));
    S.svc = await startService({
      dbPath: migratedSqliteFile(S.dir, 'x.db'),
      apiKey: KEY,
      demo: true,
      mail: { smtpUrl: S.relay.url, from: 'support@inboard.example' },
    });
    S.client = createClient({ baseUrl: S.svc.url, apiKey: KEY });
    env = {
      INBOARD_URL: S.svc.url,
      INBOARD_API_KEY: KEY,
      INBOARD_DATA_DIR: join(S.dir, 'data'),
      INBOARD_CONFIG_DIR: join(S.dir, 'config'),
    };
  });
  afterAll(async () => {
    await S.svc?.close();
    await S.relay?.close();
    if (S.dir !== undefined) rmSync(S.dir, { recursive: true, force: true });
  });
  S.run = (args, o = {}) => runCli(args, { ...env, ...o.env }, o.input === undefined ? {} : { input: o.input });
  S.mailIn = async (raw) => {
    const r = await S.run(['mail-in', '--board', 'Support Inbox'], { input: raw.toString('latin1') });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim();
  };
  S.file = (fileName, bytes) => {
    const path = join(S.dir, fileName);
    writeFileSync(path, bytes);
    return path;
  };
  S.lastSent = async () => {
    const m = S.relay.received.at(-1);
    if (m === undefined) throw new Error('the relay received nothing');
    return Object.assign(await simpleParser(m.raw), { envelopeTo: m.to });
  };
  return S;
}

/** A run that must succeed quietly: exit 0, nothing on stderr; its stdout. */
export const succeeded = (r: Result): string => {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
};
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
export const addressesOf = (a: ParsedMail['to']) =>
  (Array.isArray(a) ? a : a === undefined ? [] : [a]).flatMap((x) => x.value.map((v) => v.address));
