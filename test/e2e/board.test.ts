/**
 * The built CLI in a real terminal (tmux) against `inboard serve` on a temp
 * database: what a person sees and what the server ends up holding.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { CLI, spawnServe, exited, type Child } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_board_test_key_0123456789abcdef';

describe.skipIf(!hasTmux())('board in a real terminal', () => {
  let dir: string;
  let server: Child;
  let client: Client;
  let term: Terminal;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-'));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--demo'], { INBOARD_API_KEY: KEY });
    client = createClient({ baseUrl: server.url, apiKey: KEY, maxAttempts: 1 });
  });

  afterAll(async () => {
    term?.kill();
    if (server.proc.exitCode === null) server.proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const columnsOf = async (boardName: string) => {
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === boardName);
    if (!board) throw new Error(`no board ${boardName}`);
    return { board, columns: await client.listColumns(board.Id) };
  };

  it('renders the board, moves a card, shows a note, survives a dead server, and restores the terminal on q', async () => {
    const { board, columns } = await columnsOf('Support Inbox');
    const [first, second] = columns;
    if (!first || !second) throw new Error('demo board needs two columns');
    const top = readableCards(await client.listCards(board.Id, first.Id, 1))[0];
    if (!top) throw new Error('first column is empty');
    await client.addNote(top.ServiceTaskId, 'E2E note: call the customer back');

    term = Terminal.start({
      cols: 140,
      rows: 32,
      env: { INBOARD_URL: server.url, INBOARD_API_KEY: KEY, INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir },
    });
    term.run(`node ${CLI} --board "Support Inbox"; echo "exit=$?"`);

    // Columns side by side: both headers on one line.
    const screen = await term.waitFor((s) =>
      s.split('\n').some((l) => l.includes(`${first.Name} (`) && l.includes(`${second.Name} (`)),
    );
    expect(term.alternateOn()).toBe(true);
    expect(screen).toContain('Support Inbox');

    // Enter shows the card's detail with the note; Esc goes back.
    term.keys('Enter');
    // The demo's top card carries its email thread, drawn before the notes: scroll to the note.
    await term.waitFor('Thread (');
    term.keys(...Array<string>(40).fill('j'));
    await term.waitFor('E2E note: call the customer back');
    term.keys('Escape');
    await term.waitFor((s) => s.includes(`${second.Name} (`));

    // L moves the focused (top) card to the next column, and the server has it.
    await lookAtTheBoard();
    term.keys('L');
    await expect
      .poll(async () => readableCards(await client.listCards(board.Id, second.Id, 1)).map((c) => c.ServiceTaskId), {
        timeout: 10_000,
      })
      .toContain(top.ServiceTaskId);

    // With the server gone, a move fails visibly and the card comes back.
    server.proc.kill('SIGTERM');
    await exited(server.proc);
    term.keys('H');
    // "✗ Can't reach" leads as soon as a request finds no server; the move's
    // own failure (and its rollback) is the "failed" count.
    const failed = await term.waitFor((s) => s.includes('1 failed'), 30_000);
    expect(failed).toMatch(/✗/);
    if (process.env.E2E_DEBUG) console.log(failed);
    // Focus followed the card; it is back in the second column (rolled back).
    const header = failed.split('\n').find((l) => l.includes(`${second.Name} (`)) ?? '';
    expect(header).not.toBe('');
    const rows = failed.split('\n');
    const focusedRow = rows.find((l) => l.includes('›')) ?? '';
    const col2Start = header.indexOf(`${second.Name} (`) - 1;
    expect(focusedRow.indexOf('›')).toBeGreaterThanOrEqual(col2Start);

    term.keys('q');
    const after = await term.waitFor('exit=0');
    expect(after).toContain('exit=0');
    expect(term.alternateOn()).toBe(false);
  }, 90_000);
});
