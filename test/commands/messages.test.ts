/**
 * What the scripting commands say, in words a person reads: a mistyped flag
 * gets a suggestion, a bound is said without 2^53, a card shows its board's
 * and column's names, a tag change its tags' names, and a refused key says
 * where the key came from and how to give another.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableBoards } from '../support/board-view.js';
import { recordingServer } from '../support/recording-server.js';
import { runCli, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

describe('an unknown flag', () => {
  it.each([
    [['boards', '--jsn'], "inboard boards: Unknown option '--jsn' — did you mean --json?", 'boards'],
    [['cards', '1', '--pgae', '2'], "inboard cards: Unknown option '--pgae' — did you mean --page?", 'cards'],
    [
      ['card', 'tag', '1', '--sett', 'x'],
      "inboard card tag: Unknown option '--sett' — did you mean --set?",
      'card tag',
    ],
    [
      ['card', 'move', '1', '--colum', '2'],
      "inboard card move: Unknown option '--colum' — did you mean --column?",
      'card move',
    ],
    [['boards', '-json'], "inboard boards: Unknown option '-json' — did you mean --json?", 'boards'],
    [['boards', '--api-kye', 'k'], "inboard boards: Unknown option '--api-kye' — did you mean --api-key?", 'boards'],
    [['boards', '--frobnicate'], "inboard boards: Unknown option '--frobnicate'", 'boards'],
  ])('%j', async (args, first, command) => {
    const r = await f.run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${first}\nSee 'inboard ${command} --help'.\n`);
    expect(r.stdout).toBe('');
  });
});

describe('numbers out of range', () => {
  it.each([
    [['cards', '1', '--page', '0'], '--page must be 1 or more, got 0'],
    [['cards', '1', '--page', '9999999999999999'], '--page is too large, got 9999999999999999'],
    [['sequences', '0'], 'the sequence ID must be 1 or more, got 0'],
    [['cards', '1', '--limit', '500'], '--limit must be between 1 and 200, got 500'],
  ])('%j', async (args, message) => {
    const r = await f.run(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(new RegExp(`: ${message.replace(/[-]/g, '\\-')}$`));
    expect(r.stderr).not.toContain('9007199254740991');
  });
});

describe('card ID names its board and column', () => {
  it('by name, with the board id', async () => {
    const card = await f.client.getCard('1');
    const board = readableBoards(await f.client.listBoards()).find((b) => b.Id === card.BoardId);
    const column = (await f.client.listColumns(card.BoardId ?? 0)).find((c) => c.ColumnId === card.ColumnId);
    if (!board || !column) throw new Error('card 1 has no board or column');
    const r = await f.run(['card', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Board: +${board.Name} \\(${board.Id}\\)$`, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^Column: +${column.Name}$`, 'm'));
    expect(r.stdout).not.toContain('Label_');
  });

  it('--json is the server’s card, as before', async () => {
    const r = await f.run(['card', '1', '--json']);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(await f.client.getCard('1'))));
  });

  it('falls back to the ids when the names cannot be read, and still succeeds', async () => {
    const detail = {
      ServiceTaskId: 7,
      TaskName: 'Lonely card',
      ReadUnreadStatus: 1,
      ColumnId: 'Label_9',
      BoardId: 3,
      DueDate: null,
      Assignees: [],
      ThreadOwnerEmail: 'a@example.com',
      CreatedAt: '2026-01-01T00:00:00.000Z',
      Status: '0',
      CustomFields: '[]',
    };
    const srv = await recordingServer((req, res) => {
      const found = req.url?.startsWith('/v2/card/7') === true;
      res.writeHead(found ? 200 : 403, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          found
            ? { message: 'Success', error: false, code: 200, data: detail }
            : { message: 'Forbidden', error: true, code: 403 },
        ),
      );
    });
    const dir = mkdtempSync(join(tmpdir(), 'inboard-msg-'));
    try {
      const r = await runCli(['card', '7'], {
        INBOARD_URL: srv.url,
        INBOARD_API_KEY: 'k-0123456789',
        INBOARD_DATA_DIR: dir,
        INBOARD_CONFIG_DIR: dir,
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Board: +3$/m);
      expect(r.stdout).toMatch(/^Column: +Label_9$/m);
      const asked = srv.requests.map((q) => `${q.method} ${q.url.split('?')[0]}`);
      expect(asked[0]).toBe('GET /v2/card/7');
      // The history is read too, for what rules did to the card (card-history.ts).
      expect(asked.slice(1).sort()).toEqual(['GET /v2/board', 'GET /v2/board/3/columns', 'GET /v2/card/7/history']);
    } finally {
      await srv.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('card tag names the tags', () => {
  it('--set prints names; --json keeps ids', async () => {
    const tags = await f.client.listTags(1);
    const bug = tags.find((t) => t.Name === 'Bug');
    const billing = tags.find((t) => t.Name === 'Billing');
    if (!bug || !billing) throw new Error('demo tags missing');
    const r = await f.run(['card', 'tag', '2', '--set', 'bug,billing']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('Card 2 tags: Bug, Billing\n');
    const removed = await f.run(['card', 'tag', '2', '--remove', 'bug']);
    expect(removed.stdout).toBe('Card 2 tags: Billing\n');
    const json = await f.json<{ TagIds: number[] }>(['card', 'tag', '2', '--set', `bug,${billing.Id}`, '--json']);
    expect(json.TagIds.sort()).toEqual([bug.Id, billing.Id].sort());
    expect((await f.run(['card', 'tag', '2', '--set', ''])).stdout).toBe('Card 2 tags: none\n');
  });
});

describe('a refused key says where it came from and how to give another', () => {
  const BAD = 'wrong-key-0123456789-secret';
  const refused = async (args: string[], env: Record<string, string | undefined>) => {
    const r = await f.run(args, { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain(BAD);
    expect(r.stderr).toMatch(/^inboard: Invalid or revoked API key — the key came from .+ \(401\)\n$/);
    return r.stderr;
  };

  it('INBOARD_API_KEY', async () => {
    expect(await refused(['boards'], { INBOARD_API_KEY: BAD })).toBe(
      'inboard: Invalid or revoked API key — the key came from INBOARD_API_KEY; set a valid one there, then run inboard again (401)\n',
    );
  });

  it('--api-key', async () => {
    expect(await refused(['cards', '1', '--api-key', BAD], { INBOARD_API_KEY: undefined })).toContain(
      'the key came from --api-key; pass a valid one, then run inboard again',
    );
  });

  it('the config file, named by its path', async () => {
    const dir = join(f.dir, 'cfg-401');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ apiKey: BAD }), { mode: 0o600 });
    expect(await refused(['card', '1'], { INBOARD_API_KEY: undefined, INBOARD_CONFIG_DIR: dir })).toContain(
      `the key came from the config file ${join(dir, 'config.json')}; put a valid one in its "apiKey", then run inboard again`,
    );
  });

  it('inboard api: the same words for a 401', async () => {
    const r = await f.run(['api', 'GET', '/v2/board'], { env: { INBOARD_API_KEY: BAD } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'inboard: Invalid or revoked API key — the key came from INBOARD_API_KEY; set a valid one there, then run inboard again (401)\n',
    );
  });
});
