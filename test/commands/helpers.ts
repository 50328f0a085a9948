/**
 * The scriptable commands as users run them: `node dist/cli.js <cmd>` in a
 * child process, against a real /v2 service on loopback over a real SQLite
 * file in a temp dir. Needs a build (`npm run build`; `npm test` does it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { startService } from '../../src/server/index.js';
import { runNode } from '../support/recording-server.js';

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
}

/** Async on purpose: the service runs in this process and must keep answering. */
export function runCli(args: string[], env: Record<string, string | undefined>, o: RunOptions = {}): Promise<Result> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first`);
  return runNode([...(o.nodeArgs ?? []), CLI, ...args], { ...env, ...o.env }, { cwd: ROOT, input: o.input });
}

export async function startFixture(): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'inboard-cmd-'));
  const svc = await startService({ dbPath: join(dir, 'x.db'), apiKey: KEY, demo: true });
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
