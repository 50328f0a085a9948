/**
 * Every action from the keyboard, end to end: the built CLI in a real
 * terminal (tmux) against `inboard serve` on a temp database, each change
 * checked on the server afterwards through the client.
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

const KEY = 'ibk_e2e_actions_key_0123456789abcdef';
let dir: string;
let server: Child;
let url: string;
let client: Client;
let term: Terminal | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-actions-'));
  server = await spawnServe(['--db', join(dir, 'e2e.db'), '--api-key', KEY, '--demo', '--rate-limit', '0']);
  url = server.url;
  client = createClient({ baseUrl: url, apiKey: KEY, maxAttempts: 1 });
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

async function board(name: string) {
  const b = readableBoards(await client.listBoards()).find((x) => x.Name === name)!;
  const columns = await client.listColumns(b.Id);
  return { board: b, columns };
}

/** The TUI on Support Inbox, cursor on the first card of the first column. */
async function openTui(): Promise<Terminal> {
  const t = Terminal.start({
    cols: 140,
    rows: 36,
    env: {
      INBOARD_URL: url,
      INBOARD_API_KEY: KEY,
      INBOARD_CONFIG_DIR: join(dir, 'cfg'),
      INBOARD_DATA_DIR: join(dir, 'data'),
    },
  });
  term = t;
  t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
  await t.waitFor('In progress (');
  await t.waitFor('›');
  return t;
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`never: ${what}: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!hasTmux())('actions in a real terminal against inboard serve', () => {
  it('n creates a card with a note; e edits its title', async () => {
    const t = await openTui();
    t.keys('n');
    await t.waitFor('New card in New — title');
    t.type('Printer on fire 🔥');
    t.keys('Enter');
    await t.waitFor('note (optional)');
    t.type('Second floor');
    t.keys('Enter');
    await t.waitFor('✓ Card created');
    const { board: b, columns } = await board('Support Inbox');
    const created = await eventually(
      async () => readableCards(await client.listCards(b.Id, columns[0]!.Id, 1)),
      (l) => l[0]?.TaskName === 'Printer on fire 🔥',
      'created',
    );
    expect((await client.getCard(created[0]!.ServiceTaskId)).Notes?.map((n) => n.Body)).toEqual(['Second floor']);
    // The cursor is on the new card: edit its title.
    t.keys('e');
    await t.waitFor('Edit title');
    t.keys('C-a');
    t.type('URGENT ');
    t.keys('Enter');
    await t.waitFor('✓ Title saved');
    expect((await client.getCard(created[0]!.ServiceTaskId)).TaskName).toBe('URGENT Printer on fire 🔥');
  });

  it('c comments, t tags, a archives', async () => {
    const t = await openTui();
    const { board: b, columns } = await board('Support Inbox');
    const first = readableCards(await client.listCards(b.Id, columns[0]!.Id, 1))[0]!;
    t.keys('c');
    await t.waitFor('Comment on');
    t.type('Looking into it');
    t.keys('C-j');
    t.type('ETA tomorrow');
    t.keys('Enter');
    await t.waitFor('✓ Comment added');
    expect((await client.getCard(first.ServiceTaskId)).Comments?.map((c) => c.Comment)).toContain(
      'Looking into it\nETA tomorrow',
    );

    t.keys('t');
    await t.waitFor('Tags — Enter applies or removes');
    const tags = await client.listTags(b.Id);
    const target = tags.find((x) => !(first.Tags ?? []).some((y) => y.Id === x.Id))!;
    const row = tags.indexOf(target);
    for (let i = 0; i < row; i++) t.keys('j');
    t.keys('Enter');
    await t.waitFor(`✓ Tagged ${target.Name}`);
    await eventually(
      () => client.getCard(first.ServiceTaskId),
      (d) => (d.Tags ?? []).some((x) => x.Id === target.Id),
      'tagged',
    );

    t.keys('a');
    await t.waitFor('[y/n]');
    t.keys('y');
    await t.waitFor('✓ Archived');
    expect((await client.getCard(first.ServiceTaskId)).Archived).toBe(true);
  });

  it('m moves a card to a column on another board', async () => {
    const t = await openTui();
    const { board: b, columns } = await board('Support Inbox');
    const first = readableCards(await client.listCards(b.Id, columns[0]!.Id, 1))[0]!;
    t.keys('m');
    await t.waitFor('Another board…');
    t.keys('j', 'j', 'j', 'j', 'Enter');
    await t.waitFor('Move to board');
    t.keys('Enter');
    await t.waitFor('Move to column on Sales Pipeline');
    t.keys('j', 'Enter');
    await t.waitFor('where?');
    t.keys('Enter');
    await t.waitFor('✓ Moved to Sales Pipeline / Contacted');
    const sales = await board('Sales Pipeline');
    const contacted = sales.columns.find((c) => c.Name === 'Contacted')!;
    const there = readableCards(await client.listCards(sales.board.Id, contacted.Id, 1));
    expect(there[0]?.ServiceTaskId).toBe(first.ServiceTaskId);
    expect(there[0]?.BoardId).toBe(sales.board.Id);
  });
});
