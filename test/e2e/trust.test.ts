/**
 * Keys act only on the card the user sees: not on one the filter hides, not
 * on one the board had not drawn yet when the key came. The built CLI in
 * tmux against `inboard serve --demo`, the server's state checked after.
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

const KEY = 'ibk_e2e_trust_key_0123456789abcdef';
let dir: string;
let server: Child;
let client: Client;
let term: Terminal | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-trust-'));
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

async function columnIds() {
  const b = readableBoards(await client.listBoards()).find((x) => x.Name === 'Support Inbox')!;
  const columns = await client.listColumns(b.Id);
  const ids = async (i: number) =>
    readableCards(await client.listCards(b.Id, columns[i]!.Id, 1, 200)).map((c) => c.ServiceTaskId);
  return { ids };
}

function start(): Terminal {
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
  return t;
}

describe.skipIf(!hasTmux())('keys act on what the user sees', () => {
  it('with a filter that hides every card, L J H move nothing and say why', async () => {
    const { ids } = await columnIds();
    const before = [await ids(0), await ids(1)];
    const t = start();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('/');
    await t.waitFor('Filter —');
    t.type('nomatch');
    t.keys('Enter');
    await t.waitFor('(0 matches)');
    for (const k of ['L', 'J', 'H']) {
      t.keys(k);
      await t.waitFor('No card here matches the filter');
    }
    t.keys('Escape');
    await t.waitFor((s) => !s.includes('(0 matches)'));
    expect([await ids(0), await ids(1)]).toEqual(before);
  });

  it('L typed before the board is drawn moves nothing', async () => {
    const { ids } = await columnIds();
    const before = [await ids(0), await ids(1)];
    const t = start();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    t.keys('L');
    await t.waitFor('In progress (');
    await t.waitFor('›');
    await new Promise((r) => setTimeout(r, 500));
    expect([await ids(0), await ids(1)]).toEqual(before);
    // Once the card is on screen, L moves it.
    const top = before[0]![0];
    t.keys('L');
    const deadline = Date.now() + 5000;
    while ((await ids(1))[0] !== top && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await ids(1))[0]).toBe(top);
  }, 20_000);

  it('--board takes what `inboard cards` takes: a unique start of a name', async () => {
    const t = start();
    t.run(`node ${CLI} --board support --refresh 0`);
    const screen = await t.waitFor('In progress (');
    expect(screen).toContain('Support Inbox');
  });
});
