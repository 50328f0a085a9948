/**
 * Drafts across a quit and a restart, in a real terminal: text left with
 * Esc is on disk (INBOARD_STATE_DIR, so nothing touches the real home), the
 * quit line names what was kept once the terminal is restored, and the next
 * run brings each draft back where it was typed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { CLI, exited, spawnServe, type Child } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_drafts_key_0123456789abcdef';
let dir: string;
let server: Child;
let client: Client;
let term: Terminal | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-drafts-'));
  server = await spawnServe(['--db', join(dir, 'e2e.db'), '--api-key', KEY, '--demo', '--rate-limit', '0']);
  client = createClient({ baseUrl: server.url, apiKey: KEY, maxAttempts: 1 });
});

afterAll(async () => {
  server?.proc.kill('SIGTERM');
  if (server) await exited(server.proc);
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

afterEach(() => {
  term?.keys('C-c');
  term?.kill();
  term = undefined;
});

describe.skipIf(!hasTmux())('drafts across a quit and a restart', () => {
  it('a comment and a new card left with Esc are named at quit and come back in the next run', async () => {
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const first = (await client.listColumns(board.Id))[0]!;
    const top = readableCards(await client.listCards(board.Id, first.Id, 1))[0]!;
    const state = join(dir, 'state');
    const t = Terminal.start({
      cols: 180,
      rows: 36,
      env: {
        INBOARD_URL: server.url,
        INBOARD_API_KEY: KEY,
        INBOARD_CONFIG_DIR: join(dir, 'cfg'),
        INBOARD_DATA_DIR: join(dir, 'data'),
        INBOARD_STATE_DIR: state,
      },
    });
    term = t;
    const open = async () => {
      t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
      await t.waitFor('In progress (');
      await t.waitFor('›');
    };

    await open();
    t.keys('c');
    await t.waitFor('Comment on');
    t.type('Checking with billing');
    t.keys('Escape');
    await t.waitFor('Draft kept — press c to go on with it');
    t.keys('n');
    await t.waitFor('New card in New — title');
    t.type('Printer on fire');
    t.keys('Escape');
    await t.waitFor('Draft kept — press n to go on with it');
    t.keys('q');
    const quit = await t.waitFor('exit=0');
    // Long titles are cut (40 cells, with …).
    const kept = /(\d+) drafts? kept \(comment on "([^"]+)", new card\) — they come back when you reopen them/.exec(
      quit,
    );
    expect(kept?.[1]).toBe('2');
    expect(top.TaskName.startsWith(kept![2]!.replace(/…$/, ''))).toBe(true);
    expect(t.alternateOn()).toBe(false);
    const file = join(state, 'drafts.json');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('Checking with billing');

    // The next run: each draft is back where it was typed.
    t.run('clear');
    await open();
    t.keys('c');
    const comment = await t.waitFor('your draft from before');
    expect(comment).toContain('Checking with billing');
    t.keys('Enter');
    await t.waitFor('✓ Comment added');
    t.keys('n');
    const title = await t.waitFor('New card in New — title');
    expect(title).toContain('Printer on fire');
    t.keys('Escape');
    await t.waitFor('Draft kept — press n');
    // Ctrl+C says so too.
    t.keys('C-c');
    const again = await t.waitFor('exit=0');
    expect(again).toContain('1 draft kept (new card) — it comes back when you reopen it');
    expect((await client.getCard(top.ServiceTaskId)).Comments?.map((c) => c.Comment)).toContain(
      'Checking with billing',
    );
  });
});
