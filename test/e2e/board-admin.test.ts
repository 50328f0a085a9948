/**
 * Running a board from the keyboard, end to end: the built CLI in tmux
 * against `inboard serve`. E renames the focused column; X deletes a column
 * with cards after y/n, its cards going to the column picked. Each checked
 * on the server afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { CLI, exited, spawnServe, type Child } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_board_admin_key_0123456789ab';
let dir: string;
let server: Child;
let client: Client;
let term: Terminal | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-board-admin-'));
  server = await spawnServe(['--db', join(dir, 'e2e.db'), '--api-key', KEY, '--demo', '--rate-limit', '0']);
  client = createClient({ baseUrl: server.url, apiKey: KEY, maxAttempts: 1 });
});

afterAll(async () => {
  server?.proc.kill('SIGTERM');
  if (server) await exited(server.proc);
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  term?.keys('C-c');
  term?.kill();
  term = undefined;
});

describe.skipIf(!hasTmux())('running a board in a real terminal against inboard serve', () => {
  it('E renames the first column; X deletes it, its cards going to the column picked', async () => {
    const b = readableBoards(await client.listBoards()).find((x) => x.Name === 'Support Inbox')!;
    const [first, second] = await client.listColumns(b.Id);
    const moving = readableCards(await client.listCards(b.Id, first!.Id, 1, 200)).map((c) => c.ServiceTaskId);
    expect(moving.length).toBeGreaterThan(0);

    const t = Terminal.start({
      cols: 140,
      rows: 36,
      env: {
        INBOARD_URL: server.url,
        INBOARD_API_KEY: KEY,
        INBOARD_CONFIG_DIR: join(dir, 'cfg'),
        INBOARD_DATA_DIR: join(dir, 'data'),
      },
    });
    term = t;
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    await t.waitFor('›');

    t.type('E');
    await t.waitFor(`Rename column “${first!.Name}”`);
    t.keys('C-u');
    t.type('Incoming');
    t.keys('Enter');
    await t.waitFor('✓ Column renamed');
    await t.waitFor(`Incoming (`);
    expect((await client.listColumns(b.Id)).find((c) => c.Id === first!.Id)?.Name).toBe('Incoming');

    t.type('X');
    await t.waitFor('Delete column “Incoming”?');
    t.type('y');
    await t.waitFor('Delete “Incoming”: move its cards to');
    t.keys('Enter'); // the first other column
    await t.waitFor(`✓ Deleted column “Incoming”; ${moving.length} cards moved`);
    expect((await client.listColumns(b.Id)).map((c) => c.Id)).not.toContain(first!.Id);
    const there = readableCards(await client.listCards(b.Id, second!.Id, 1, 200)).map((c) => c.ServiceTaskId);
    for (const id of moving) expect(there).toContain(id);
    expect(t.screen()).not.toContain('Incoming (');
  });
});
