/**
 * Keys from the config in a real terminal, through the built CLI: a config
 * that moves "move card right" from L to Ctrl+L makes Ctrl+L move the card
 * and L say where it went, `?` shows Ctrl+L; a config binding a key twice
 * is refused at start, naming both actions; `inboard keymap` lists the keys.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { CLI, spawnServe, type Child } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';

const KEY = 'ibk_e2e_user_keys_key_0123456789abcdef';

describe.skipIf(!hasTmux())('keys from the config', () => {
  let dir: string;
  let server: Child;
  let client: Client;
  let term: Terminal | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-keys-'));
    server = await spawnServe(['--db', join(dir, 'e2e.db'), '--demo'], { INBOARD_API_KEY: KEY });
    client = createClient({ baseUrl: server.url, apiKey: KEY, maxAttempts: 1 });
  });
  afterEach(() => term?.kill());
  afterAll(() => {
    server.proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const config = (keys: Record<string, string[]>) =>
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ url: server.url, apiKey: KEY, keys }));
  const start = () => {
    term = Terminal.start({ cols: 140, rows: 32, env: { INBOARD_DATA_DIR: dir, INBOARD_CONFIG_DIR: dir } });
    term.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    return term;
  };

  it('Ctrl+L moves the card, L no longer does and says so, and ? shows Ctrl+L', async () => {
    config({ 'move.right': ['ctrl+l'], 'board.filter': ['f'] });
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const [first, second] = await client.listColumns(board.Id);
    const top = readableCards(await client.listCards(board.Id, first!.Id, 1))[0]!;
    const t = start();
    const drawn = await t.waitFor(`${second!.Name} (`);
    expect(drawn).toContain('Ctrl+L move');
    expect(drawn).toContain('f filter');
    await lookAtTheBoard();

    t.keys('L');
    await t.waitFor('L is not bound in your keys: move.right (move card to next column) is on Ctrl+L');
    expect(readableCards(await client.listCards(board.Id, first!.Id, 1)).map((c) => c.ServiceTaskId)).toContain(
      top.ServiceTaskId,
    );

    t.keys('C-l');
    const inSecond = async () =>
      readableCards(await client.listCards(board.Id, second!.Id, 1)).map((c) => c.ServiceTaskId);
    for (let i = 0; i < 100 && !(await inSecond()).includes(top.ServiceTaskId); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await inSecond()).toContain(top.ServiceTaskId);

    t.keys('?');
    await t.waitFor(/Ctrl\+L +move card to next column/);
    t.keys('Escape');
    await t.waitFor('Ctrl+L move');
    t.keys('q');
    await t.waitFor('exit=0');
  });

  it('a key bound twice is refused at start, naming both actions and the file, and nothing starts', async () => {
    config({ 'card.archive': ['X'] });
    const t = start();
    const said = await t.waitFor('exit=2');
    expect(said).toContain(`the config file ${join(dir, 'config.json')} has keys that can't be used`);
    expect(said).toContain('"X" is bound twice in board: to card.archive (keys."card.archive") and to column.delete');
    expect(t.alternateOn()).toBe(false);
  });

  it('inboard keymap lists the keys in force, --json for scripts', () => {
    config({ 'card.archive': ['x'], 'card.due': [] });
    const env = { ...process.env, INBOARD_CONFIG_DIR: dir };
    const text = execFileSync('node', [CLI, 'keymap'], { env, encoding: 'utf8' });
    expect(text).toMatch(/card\.archive +x +archive, or the selected cards .*\(yours\)/);
    const json = JSON.parse(execFileSync('node', [CLI, 'keymap', '--json'], { env, encoding: 'utf8' })) as {
      action: string;
      scope: string;
      keys: string[];
    }[];
    expect(json.find((r) => r.scope === 'detail' && r.action === 'card.due')?.keys).toEqual([]);
    expect(json.find((r) => r.scope === 'board' && r.action === 'move.right')?.keys).toEqual(['shift+right', 'L']);
  });

  it('inboard config check names every problem with its line and exits 1; config schema is the shipped file', () => {
    writeFileSync(join(dir, 'config.json'), '{\n  "frobnicate": "dark",\n  "keys": {"card.archive": ["X"]}\n}\n');
    const env = { ...process.env, INBOARD_CONFIG_DIR: dir };
    const run = (args: string[]) => spawnSync('node', [CLI, ...args], { env, encoding: 'utf8' });
    const bad = run(['config', 'check']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('line 2, column 3: the file has a setting inboard doesn’t know: "frobnicate"');
    writeFileSync(join(dir, 'config.json'), '{\n  "keys": {"card.archive": ["X"]}\n}\n');
    const clash = run(['config', 'check']);
    expect(clash.status).toBe(1);
    expect(clash.stderr).toContain('line 2, column 12: "X" is bound twice in board');
    const schema = run(['config', 'schema']).stdout.trim();
    expect(JSON.parse(readFileSync(schema, 'utf8'))).toMatchObject({ title: 'inboard config' });
    expect(run(['config', 'path']).stdout.trim()).toBe(join(dir, 'config.json'));
  });
});
