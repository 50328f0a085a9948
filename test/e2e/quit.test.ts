/**
 * Quitting in a real terminal while a change is still on its way: q waits
 * for it (saying so) and exits once the server has it; q twice quits at
 * once, and the process exits then, not after its requests time out. The
 * server is frozen with SIGSTOP to hold a request in flight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { CLI, spawnServe, type Child } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_quit_test_key_0123456789abcdef';

describe.skipIf(!hasTmux())('quitting with a change in flight', () => {
  let dir: string;
  let server: Child;
  let client: Client;
  let term: Terminal | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-quit-'));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--demo'], { INBOARD_API_KEY: KEY });
    client = createClient({ baseUrl: server.url, apiKey: KEY, maxAttempts: 1 });
  });
  afterEach(() => {
    server.proc.kill('SIGCONT');
    term?.kill();
  });
  afterAll(() => {
    server.proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  /** The board on screen; resolves with the first column's top card and the second column. */
  const open = async () => {
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox');
    if (!board) throw new Error('no demo board');
    const [first, second] = await client.listColumns(board.Id);
    if (!first || !second) throw new Error('the demo board needs two columns');
    const top = readableCards(await client.listCards(board.Id, first.Id, 1))[0];
    if (!top) throw new Error('the first column is empty');
    term = Terminal.start({
      cols: 140,
      rows: 32,
      env: { INBOARD_URL: server.url, INBOARD_API_KEY: KEY, INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir },
    });
    term.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await term.waitFor(`${second.Name} (`);
    // The cards themselves, not only the columns' headers (drawn while the cards load).
    await term.waitFor('›');
    await lookAtTheBoard();
    return { t: term, board, top, second };
  };

  it('q waits for the pending move, says so, and exits once the server has it', async () => {
    const { t, board, top, second } = await open();
    server.proc.kill('SIGSTOP');
    t.keys('L');
    await t.waitFor('pending');
    t.keys('q');
    const waiting = await t.waitFor('q again quits now');
    expect(waiting).toContain('Quitting once the pending change reaches the server');
    expect(t.alternateOn()).toBe(true);
    server.proc.kill('SIGCONT');
    await t.waitFor('exit=0');
    expect(readableCards(await client.listCards(board.Id, second.Id, 1)).map((c) => c.ServiceTaskId)).toContain(
      top.ServiceTaskId,
    );
    // Put it back for the next test.
    await client.moveCard({
      Id: top.ServiceTaskId,
      NewColumnId: (await client.listColumns(board.Id))[0]!.Id,
      NewPosition: 0,
    });
  });

  it('q twice quits at once, without waiting for the frozen server', async () => {
    const { t } = await open();
    server.proc.kill('SIGSTOP');
    t.keys('L');
    await t.waitFor('pending');
    t.keys('q');
    await t.waitFor('q again quits now');
    t.keys('q');
    // Well inside the client's 10 s request timeout: nothing in flight holds the process.
    const screen = await t.waitFor(/exit=\d+/, 5_000);
    expect(screen).toContain('exit=0');
    expect(t.alternateOn()).toBe(false);
  });
});
