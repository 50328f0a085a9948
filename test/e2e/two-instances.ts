/**
 * Two `inboard serve` instances on one database — a SQLite file, or (the
 * postgres project of vitest.config.ts) one PostgreSQL database, as a team's
 * server runs — and terminals with the board, each on either instance. For
 * the tests of what one person's change does on another's screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../../src/server/sql/open.js';
import type { Database } from '../../src/server/sql/sql.js';
import { testDatabase } from '../server/helpers.js';
import { CLI, exited, spawnServe, type Child } from '../server/process.js';
import { Terminal } from './tmux.js';

export interface TwoInstances {
  /** The instances, the first with the demo; filled by `beforeAll`. */
  servers: Child[];
  /** A terminal on `url` as `key`, showing the Support Inbox with no periodic refresh; its home a new folder named from `home`. */
  open(url: string, key: string, home: string, cols?: number): Terminal;
}

/**
 * Registers the set-up and tear-down in the calling `describe`; `prepare`
 * runs once on the database, after the demo is in (keys, members).
 */
export function twoInstances(name: string, ownerKey: string, prepare: (db: Database) => Promise<void>): TwoInstances {
  let dir = '';
  const servers: Child[] = [];
  const terms: Terminal[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `inboard-e2e-${name}-`));
    const dbPath = await testDatabase(dir);
    servers.push(await spawnServe(['--db', dbPath, '--demo', '--api-key', ownerKey, '--rate-limit', '0']));
    servers.push(await spawnServe(['--db', dbPath, '--api-key', ownerKey, '--rate-limit', '0']));
    const db = await openDatabase(dbPath);
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
  });

  afterAll(async () => {
    for (const t of terms) t.kill();
    for (const s of servers) {
      s.proc.kill('SIGTERM');
      await exited(s.proc);
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  return {
    servers,
    open(url, key, homeName, cols = 140) {
      const home = mkdtempSync(join(dir, `${homeName}-`));
      const t = Terminal.start({
        cols,
        rows: 32,
        env: { INBOARD_URL: url, INBOARD_API_KEY: key, INBOARD_DATA_DIR: home, INBOARD_CONFIG_DIR: home },
      });
      terms.push(t);
      t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
      return t;
    },
  };
}
