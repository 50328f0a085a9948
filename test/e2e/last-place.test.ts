/**
 * Reopening where the user left off: without --board, inboard opens the
 * board (and the card) it was on at quit; --board overrides. The built CLI
 * in tmux against `inboard serve --demo`, state in a temp state dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, exited, spawnServe, type Child } from '../server/process.js';
import { hasTmux, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_last_place_key_0123456789abcdef';
let dir: string;
let server: Child;
let term: Terminal | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-last-'));
  server = await spawnServe(['--db', join(dir, 'e2e.db'), '--api-key', KEY, '--demo', '--rate-limit', '0']);
});
afterAll(async () => {
  server?.proc.kill('SIGTERM');
  if (server) await exited(server.proc);
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  term?.kill();
  term = undefined;
});

const start = (): Terminal => {
  term?.kill();
  const t = Terminal.start({
    cols: 140,
    rows: 36,
    env: {
      INBOARD_URL: server.url,
      INBOARD_API_KEY: KEY,
      INBOARD_CONFIG_DIR: join(dir, 'cfg'),
      INBOARD_DATA_DIR: join(dir, 'data'),
      INBOARD_STATE_DIR: join(dir, 'state'),
    },
  });
  term = t;
  return t;
};

/** The focused row's text (the row starting with ›). */
const focusedRow = (screen: string): string => (/›[●\s]*(.+?)\s{2,}/.exec(screen)?.[1] ?? '').trim();

describe.skipIf(!hasTmux())('reopening where you left off', () => {
  it('without --board, the board and card of the last quit; --board overrides', async () => {
    let t = start();
    t.run(`node ${CLI} --board "Sales Pipeline" --refresh 0; echo "exit=$?"`);
    await t.waitFor('›');
    t.keys('j', 'j');
    await new Promise((r) => setTimeout(r, 300));
    const before = focusedRow(t.screen());
    expect(before).not.toBe('');
    t.keys('q');
    await t.waitFor('exit=0');

    t = start();
    t.run(`node ${CLI} --refresh 0; echo "exit=$?"`);
    const again = await t.waitFor((s) => s.includes('Sales Pipeline') && s.includes('›'));
    expect(focusedRow(again)).toBe(before);
    t.keys('q');
    await t.waitFor('exit=0');

    t = start();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    const other = await t.waitFor((s) => s.includes('Support Inbox') && s.includes('›'));
    expect(other).not.toContain('Sales Pipeline');
  });
});
