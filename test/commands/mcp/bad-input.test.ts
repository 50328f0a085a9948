/**
 * `inboard mcp` when things go wrong: arguments of the wrong type or missing,
 * ids that don't exist, a refused key, a server that is down or limiting
 * requests — each an `isError` result in words with the input named, and the
 * next call served. And with no server named, the embedded one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable } from '../../../src/api/read-model.js';
import { KEY, startFixture, type Fixture } from '../helpers.js';
import { startMcp, type Mcp } from './helpers.js';

let f: Fixture;
let env: Record<string, string>;
let m: Mcp;
beforeAll(async () => {
  f = await startFixture();
  env = f.env;
  m = await startMcp(env);
});
afterAll(async () => {
  await m?.close();
  await f?.close();
});

const idsIn = async (boardId: number, columnId: number): Promise<string[]> =>
  (await f.client.listCards(boardId, columnId, 1, 200)).map((r) => (isUnreadable(r) ? '?' : r.ServiceTaskId));

describe('bad input: isError in words, the input named, and the server serves the next call', () => {
  it('wrong types and missing arguments', async () => {
    expect(await m.fails('get_board', { boardId: 'one' })).toMatch(/boardId/);
    expect(await m.fails('get_card', {})).toMatch(/cardId/);
    expect(await m.fails('create_card', { boardId: 1, columnId: 'New', title: '' })).toMatch(/title/);
    expect(await m.fails('update_card', { cardId: '1', dueDate: '2026-02-30' })).toMatch(/dueDate/);
    expect(await m.fails('update_card', { cardId: '1' })).toMatch(/nothing to change/);
    // Another server's argument names are refused by name, not dropped.
    expect(await m.fails('update_card', { cardId: '1', title: 'X', assignee: 'a@x.com' })).toMatch(/assignee/);
    expect((await f.client.getCard('1')).TaskName).not.toBe('X');
    expect(await m.ok('get_board', { boardId: 1 })).toMatchObject({ boardId: 1 });
  });

  it('ids that do not exist: the server’s words, the input named, what to do', async () => {
    const words = await m.fails('get_card', { cardId: '987654' });
    expect(words).toMatch(/get_card with cardId "987654" failed: .*not found.*\(HTTP 404\)/i);
    expect(words).toMatch(/list_cards_in_column/);
    expect(await m.fails('list_columns', { boardId: 999 })).toMatch(/boardId 999.*404/);
    expect(await m.fails('move_card', { cardId: '1', columnId: 'Nowhere' })).toMatch(
      /columnId: no column 'Nowhere' on board 1 \(1 New, 2 In progress/,
    );
    const before = await idsIn(1, 1);
    expect(await m.fails('add_tag_to_card', { cardId: '1', tagId: 9999 })).toMatch(/tagId 9999/);
    expect(await idsIn(1, 1)).toEqual(before);
    expect(await m.ok('list_boards')).toBeDefined();
  });

  it('a board the key cannot see: words, the board named', async () => {
    const made = await f.run(['keys', 'create', '--email', 'stranger@example.com', '--db', join(f.dir, 'x.db')]);
    expect(made.code, made.stderr).toBe(0);
    const stranger = await startMcp({ ...env, INBOARD_API_KEY: made.stdout.trim() });
    try {
      expect((await stranger.ok<{ boards: unknown[] }>('list_boards')).boards).toEqual([]);
      expect(await stranger.fails('list_columns', { boardId: 1 })).toMatch(
        /list_columns with boardId 1 failed: .*\(HTTP 40[34]\)/,
      );
      expect(await stranger.fails('create_card', { boardId: 1, columnId: 'New', title: 'Sneaky' })).toMatch(
        /boardId 1/,
      );
      const titles = (await f.client.listCards(1, 1, 1, 200)).map((r) => (isUnreadable(r) ? '' : r.TaskName));
      expect(titles).not.toContain('Sneaky');
    } finally {
      await stranger.close();
    }
  });

  it('a refused key and a server that is down: words, never the key', async () => {
    const wrong = 'wrong-key-0123456789abcdef';
    const bad = await startMcp({ ...env, INBOARD_API_KEY: wrong });
    try {
      const words = await bad.fails('list_boards');
      expect(words).toMatch(/401/);
      expect(words).not.toContain(wrong);
      expect(words).not.toContain(KEY);
    } finally {
      await bad.close();
    }
    const down = await startMcp({ ...env, INBOARD_URL: 'http://127.0.0.1:9' });
    try {
      expect(await down.fails('list_boards')).toMatch(/could not be reached/);
      expect(await down.fails('get_card', { cardId: '1' })).toMatch(/get_card with cardId "1" failed/);
    } finally {
      await down.close();
    }
  });

  it('429: how long to wait, in words; the next call is served', async () => {
    let asked = 0;
    const limiter = createServer((_req, res) => {
      asked++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '120' });
      res.end(JSON.stringify({ error: true, message: 'Too many requests for this key', data: null }));
    });
    await new Promise<void>((resolve) => limiter.listen(0, '127.0.0.1', resolve));
    const limited = await startMcp({
      ...env,
      INBOARD_URL: `http://127.0.0.1:${(limiter.address() as AddressInfo).port}`,
    });
    try {
      expect(await limited.fails('list_columns', { boardId: 1 })).toMatch(
        /list_columns with boardId 1 failed: Too many requests for this key \(HTTP 429\)\. .*wait 120 s/,
      );
      expect(await limited.fails('get_card', { cardId: '7' })).toMatch(/get_card with cardId "7" failed: .*429/);
      expect(asked).toBeGreaterThanOrEqual(2);
    } finally {
      await limited.close();
      await new Promise((resolve) => limiter.close(resolve));
    }
  });
});

describe('no server named: the embedded service, as every command', () => {
  it('serves the demo boards, and nothing but the protocol reaches stdout', async () => {
    const own = mkdtempSync(join(tmpdir(), 'inboard-mcp-embedded-'));
    const embedded = await startMcp({ INBOARD_DATA_DIR: join(own, 'd'), INBOARD_CONFIG_DIR: join(own, 'c') });
    try {
      const { boards } = await embedded.ok<{ boards: { name: string }[] }>('list_boards');
      expect(boards.map((b) => b.name)).toContain('Support Inbox');
      const { cardId } = await embedded.ok<{ cardId: string }>('create_card', {
        boardId: 1,
        columnId: 'New',
        title: 'Made by an assistant',
      });
      expect(await embedded.ok('get_card', { cardId })).toMatchObject({ title: 'Made by an assistant' });
      expect(embedded.stderr()).toContain('on embedded');
    } finally {
      await embedded.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});
