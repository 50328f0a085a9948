/**
 * A mail-enabled service for e2e tests: `inboard serve --demo --smtp … --from …`
 * on a SQLite file in a temporary directory, sending through a real SMTP relay
 * on loopback (smtp-server: the relay is not ours), and the environment a
 * terminal needs to run the TUI against it with its own config and state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, spawnServe, type Child } from '../server/process.js';
import { startRelay, type TestRelay } from './mail.js';
import { migratedSqliteFile } from '../server/helpers.js';

export const SUPPORT_FROM = 'Support <support@inboard.example>';

export interface MailService {
  dir: string;
  /** The service's SQLite file. */
  dbPath: string;
  url: string;
  relay: TestRelay;
  /** INBOARD_URL, INBOARD_API_KEY and private config/data/state directories. */
  termEnv: Record<string, string>;
  close(): Promise<void>;
}

/** `sendDelay`: the service's `--send-delay` in seconds (0 here: these tests are about mail, not the outbox). */
export async function startMailService(name: string, key: string, sendDelay = 0): Promise<MailService> {
  const dir = mkdtempSync(join(tmpdir(), `inboard-e2e-${name}-`));
  const dbPath = migratedSqliteFile(dir, 'e2e.db');
  let relay: TestRelay | undefined;
  let server: Child | undefined;
  const close = async () => {
    server?.proc.kill('SIGTERM');
    if (server) await exited(server.proc);
    await relay?.close();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    relay = await startRelay();
    server = await spawnServe([
      ...['--db', dbPath, '--api-key', key, '--demo', '--rate-limit', '0'],
      ...['--smtp', relay.url, '--from', SUPPORT_FROM, '--send-delay', String(sendDelay)],
    ]);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    dir,
    dbPath,
    url: server.url,
    relay,
    termEnv: {
      INBOARD_URL: server.url,
      INBOARD_API_KEY: key,
      INBOARD_CONFIG_DIR: join(dir, 'cfg'),
      INBOARD_DATA_DIR: join(dir, 'data'),
      INBOARD_STATE_DIR: join(dir, 'state'),
    },
    close,
  };
}
