/**
 * A real local service with the demo workspace, on loopback with its own
 * SQLite file in a temp dir, for one test file: started before its tests,
 * closed and removed after them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { createBoardStore, type BoardStore, type BoardStoreOptions } from '../../src/store/index.js';
import { migratedSqliteFile } from '../server/helpers.js';

export interface DemoService {
  readonly key: string;
  url(): string;
  /** A client of the owner's key; `options` as createClient's (maxAttempts: 1 fails fast). */
  client(options?: Partial<ClientOptions>): Client;
  /** A store with the named board (the first, without a name) open. */
  open(name?: string, options?: BoardStoreOptions, clientOptions?: Partial<ClientOptions>): Promise<BoardStore>;
}

export function useDemoService(name: string): DemoService {
  const key = `${name}-test-key-0123456789`;
  let dir = '';
  let service: RunningService | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `inboard-${name}-`));
    service = await startService({ dbPath: migratedSqliteFile(dir, 'inboard.db'), apiKey: key, demo: true });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const url = () => {
    if (service === undefined) throw new Error('the demo service is not running (use it inside a test)');
    return service.url;
  };
  const client = (options: Partial<ClientOptions> = {}) => createClient({ baseUrl: url(), apiKey: key, ...options });
  return {
    key,
    url,
    client,
    async open(boardName, options, clientOptions) {
      const store = createBoardStore(client(clientOptions), options);
      await store.getState().loadBoards();
      const items = store.getState().boards.items;
      const board = boardName === undefined ? items[0] : items.find((b) => b.Name === boardName);
      if (board === undefined) throw new Error(`no board ${boardName ?? '(any)'} in the demo workspace`);
      await store.getState().openBoard(board.Id);
      return store;
    },
  };
}
