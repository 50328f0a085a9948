/**
 * One `inboard serve --demo` per e2e file, on a temp database, and tmux
 * terminals running the built CLI against it (state, config and data in the
 * same temp dir). Registers its own before/after hooks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { exited, spawnServe, type Child } from '../server/process.js';
import { Terminal } from './tmux.js';

export interface ServeDemo {
  readonly key: string;
  url(): string;
  dir(): string;
  /** A client of the owner's key, to check what the server holds. */
  client(): Client;
  /** A fresh terminal (the one before is closed) with the service's URL and key in its environment, and `env` over it. */
  terminal(size?: { cols: number; rows: number }, env?: Record<string, string>): Terminal;
}

export function useServeDemo(name: string): ServeDemo {
  const key = `ibk_e2e_${name}_key_0123456789abcdef`;
  let dir = '';
  let server: Child | undefined;
  let client: Client | undefined;
  let term: Terminal | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `inboard-e2e-${name}-`));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--api-key', key, '--demo', '--rate-limit', '0']);
    client = createClient({ baseUrl: server.url, apiKey: key, maxAttempts: 1 });
  });
  afterEach(() => {
    term?.keys('C-c');
    term?.kill();
    term = undefined;
  });
  afterAll(async () => {
    server?.proc.kill('SIGTERM');
    if (server) await exited(server.proc);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });
  const running = (): Child => {
    if (server === undefined) throw new Error('the demo service is not running (use it inside a test)');
    return server;
  };
  return {
    key,
    url: () => running().url,
    dir: () => dir,
    client: () => {
      if (client === undefined) throw new Error('the demo service is not running (use it inside a test)');
      return client;
    },
    terminal(size = { cols: 140, rows: 36 }, env = {}) {
      term?.kill();
      term = Terminal.start({
        ...size,
        env: {
          INBOARD_URL: running().url,
          INBOARD_API_KEY: key,
          INBOARD_CONFIG_DIR: join(dir, 'cfg'),
          INBOARD_DATA_DIR: join(dir, 'data'),
          INBOARD_STATE_DIR: join(dir, 'state'),
          ...env,
        },
      });
      return term;
    },
  };
}
