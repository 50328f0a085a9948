/**
 * The scriptable commands as the build runs them, against a real /v2 service
 * on loopback over a real SQLite file in a temp dir: the table's commands
 * (dist/commands.cjs) in the worker's command host, one after another; the
 * rest, and any run given stdin, Node flags or `fresh`, as `node
 * dist/cli.js <cmd>` in a child process of its own. own-process.test.ts
 * holds the two ways to the same output. Needs a build (`npm run build`;
 * `npm test` does it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { startService } from '../../src/server/index.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { migratedSqliteFile } from '../server/helpers.js';
import { runHosted } from '../support/command-host.js';
import { childEnv, runNode } from '../support/recording-server.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLI = join(ROOT, 'dist/cli.js');
export const KEY = 'cmd-test-key-7f3a9c0e5b2d4e6f';

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Fixture {
  url: string;
  dir: string;
  /** The test's own view of the server, independent of the commands. */
  client: Client;
  /** Environment for the child: this service, this key, no stray config. */
  env: Record<string, string>;
  run(args: string[], o?: RunOptions): Promise<Result>;
  /** run + JSON.parse(stdout), failing loudly when the command did not succeed. */
  json<T = unknown>(args: string[], o?: RunOptions): Promise<T>;
  close(): Promise<void>;
}

export interface RunOptions {
  input?: string;
  env?: Record<string, string | undefined>;
  nodeArgs?: string[];
  /** A process of its own even where the command host could run it (a test of how a process starts or ends). */
  fresh?: boolean;
}

/**
 * Async on purpose: the service runs in this process and must keep answering.
 * A command of the table with nothing on stdin runs in the worker's command
 * host (test/support/command-host.ts); the rest, and what `fresh` asks for,
 * in a child of its own.
 */
export async function runCli(
  args: string[],
  env: Record<string, string | undefined>,
  o: RunOptions = {},
): Promise<Result> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  const merged = { ...env, ...o.env };
  if (o.input === undefined && o.nodeArgs === undefined && o.fresh !== true) {
    const hosted = await runHosted(args, childEnv(merged));
    if (hosted !== null) return hosted;
  }
  return runNode([...(o.nodeArgs ?? []), CLI, ...args], merged, { cwd: ROOT, input: o.input });
}

export async function startFixture(): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-cmd-'));
  const svc = await startService({ dbPath: migratedSqliteFile(dir, 'x.db'), apiKey: KEY, demo: true });
  const env = {
    INBOARD_URL: svc.url,
    INBOARD_API_KEY: KEY,
    INBOARD_DATA_DIR: join(dir, 'data'),
    INBOARD_CONFIG_DIR: join(dir, 'config'),
  };
  const run = (args: string[], o?: RunOptions) => runCli(args, env, o);
  return {
    url: svc.url,
    dir,
    client: createClient({ baseUrl: svc.url, apiKey: KEY }),
    env,
    run,
    async json<T>(args: string[], o?: RunOptions): Promise<T> {
      const r = await run(args, o);
      if (r.code !== 0) throw new Error(`inboard ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
      return JSON.parse(r.stdout) as T;
    },
    async close() {
      await svc.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A run that must succeed quietly: exit 0, nothing on stderr; its stdout. */
export function ok(r: Result): string {
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

/**
 * Commands run against a fixture server started for the enclosing file or
 * describe block: its URL and key in the environment, a fresh temp config
 * and data dir, both gone afterwards.
 */
export function cliAgainst<S extends { url: string; key: string; close(): Promise<void> }>(
  start: () => Promise<S>,
  name: string,
): { svc: () => S; run: (args: string[]) => Promise<Result> } {
  let svc: S | undefined;
  let dir = '';
  let env: Record<string, string> = {};
  beforeAll(async () => {
    svc = await start();
    dir = mkdtempSync(join(tmpdir(), `inboard-${name}-`));
    env = {
      INBOARD_URL: svc.url,
      INBOARD_API_KEY: svc.key,
      INBOARD_DATA_DIR: join(dir, 'd'),
      INBOARD_CONFIG_DIR: join(dir, 'c'),
    };
  });
  afterAll(async () => {
    await svc?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    svc: () => {
      if (svc === undefined) throw new Error('the fixture server starts in beforeAll');
      return svc;
    },
    run: (args) => runCli(args, env),
  };
}
