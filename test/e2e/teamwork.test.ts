/**
 * Teamwork you can trust, in real terminals: the owner's TUI and a
 * teammate (their own key) on one `inboard serve --demo`. An open card
 * detail shows the teammate's comment and move with no key pressed; of two
 * title edits (or due dates) at once, the second to save is told and loses nothing; `u`
 * after a tag deletion puts the tag back on its cards and never moves a card.
 * The server's state is checked after through a client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { createUserKey } from '../../src/server/auth.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { CLI, exited, spawnServe, type Child } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux, lookAtTheBoard, Terminal } from './tmux.js';
import { migratedSqliteFile } from '../server/helpers.js';

/** Waits (up to 10 s) for the server to say so. */
async function until(ok: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const KEY = 'ibk_e2e_teamwork_key_0123456789abcdef';

describe.skipIf(!hasTmux())('two people on one board', () => {
  let dir: string;
  let server: Child;
  let owner: Client;
  let bea: Client;
  let keyB = '';
  const terms: Terminal[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inboard-e2e-teamwork-'));
    const dbPath = migratedSqliteFile(dir, 'e2e.db');
    server = await spawnServe(['--db', dbPath, '--demo', '--api-key', KEY, '--rate-limit', '0']);
    const db = openSqlite(dbPath);
    try {
      keyB = await createUserKey(db, { email: 'bea@team.test', plan: 'pro' });
      await db.run("INSERT INTO board_members (board_id, email) SELECT id, 'bea@team.test' FROM boards");
    } finally {
      await db.close();
    }
    owner = createClient({ baseUrl: server.url, apiKey: KEY, maxAttempts: 1 });
    bea = createClient({ baseUrl: server.url, apiKey: keyB, maxAttempts: 1 });
  });

  afterAll(async () => {
    for (const t of terms) t.kill();
    server.proc.kill('SIGTERM');
    await exited(server.proc);
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  /** A TUI on Support Inbox (the owner's, or with `key` a teammate's), live, no periodic refresh. */
  async function ownerTui(key = KEY): Promise<Terminal> {
    const home = mkdtempSync(join(dir, 'home-'));
    const t = Terminal.start({
      cols: 140,
      rows: 100,
      env: { INBOARD_URL: server.url, INBOARD_API_KEY: key, INBOARD_DATA_DIR: home, INBOARD_CONFIG_DIR: home },
    });
    terms.push(t);
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor(/│ live/);
    await lookAtTheBoard();
    return t;
  }

  async function board() {
    const b = readableBoards(await owner.listBoards()).find((x) => x.Name === 'Support Inbox')!;
    const columns = await owner.listColumns(b.Id);
    const cards = async (i: number) => readableCards(await owner.listCards(b.Id, columns[i]!.Id, 1, 200));
    return { b, columns, cards };
  }

  /** Opens the focused card's detail; returns its id as the detail shows it. */
  async function openFocused(t: Terminal): Promise<string> {
    t.keys('Enter');
    const screen = await t.waitFor(/Card id \S+/);
    return /Card id (\S+)/.exec(screen)![1]!;
  }

  const columnLine = (screen: string, name: string): boolean =>
    screen.split('\n').some((l) => new RegExp(`^\\s*Column\\s+${name}\\b`).test(l));

  it('an open detail shows a teammate’s comment and move, with no key pressed', async () => {
    const { columns } = await board();
    const t = await ownerTui();
    const id = await openFocused(t);
    const to = (await owner.getCard(id)).ColumnId === (columns[1]!.ColumnId ?? `Label_${columns[1]!.Id}`) ? 2 : 1;

    await bea.createComment(id, 'Bea: I called the customer');
    await bea.moveCard({ Id: id, NewColumnId: columns[to]!.Id, NewPosition: 0 });
    const screen = await t.waitFor((s) => s.includes('Bea: I called the customer') && columnLine(s, columns[to]!.Name));
    expect(screen).not.toContain('failed');
  });

  it('simultaneous title edits: the second to save is told, chooses, and loses nothing', async () => {
    const a = await ownerTui();
    const b = await ownerTui(keyB);
    const id = await openFocused(a);
    expect(await openFocused(b)).toBe(id);
    a.keys('e');
    await a.waitFor('Edit title');
    b.keys('e');
    await b.waitFor('Edit title');
    b.keys('C-u');
    b.type('Bea: refund approved');
    b.keys('Enter');
    await b.waitFor('Title saved');
    a.keys('C-u');
    a.type('Owner: refund sent');
    a.keys('Enter');
    const told = await a.waitFor('Someone else changed this title while you edited it');
    expect(told).toContain('Theirs: “Bea: refund approved”');
    expect((await owner.getCard(id)).TaskName).toBe('Bea: refund approved');
    a.keys('Down', 'Down', 'Enter'); // edit again: what the owner typed comes back
    const again = await a.waitFor('Edit title');
    expect(again).toContain('Owner: refund sent');
    a.keys('Enter');
    await a.waitFor('Title saved');
    await until(async () => (await owner.getCard(id)).TaskName === 'Owner: refund sent', 'the owner’s title saved');
  });

  it('simultaneous due dates: the second to save is told, and saves their own over the first knowingly', async () => {
    const a = await ownerTui();
    const b = await ownerTui(keyB);
    const id = await openFocused(a);
    expect(await openFocused(b)).toBe(id);
    a.keys('D');
    await a.waitFor('Due date of');
    b.keys('D');
    await b.waitFor('Due date of');
    b.type('2099-12-31');
    b.keys('Enter');
    await until(async () => ((await owner.getCard(id)).DueDate ?? '').startsWith('2099-12-31'), 'Bea’s date saved');
    a.type('2099-12-24');
    a.keys('Enter');
    const told = await a.waitFor('Someone else changed this due date while you edited it');
    expect(told).toMatch(/Theirs: 2099-12-3[01]/);
    expect((await owner.getCard(id)).DueDate).toMatch(/^2099-12-31/);
    a.keys('Enter'); // keep mine
    await a.waitFor('Due date saved: yours, over theirs');
    await until(
      async () => ((await owner.getCard(id)).DueDate ?? '').startsWith('2099-12-24'),
      'the owner’s date saved',
    );
  });

  it('u after a tag deletion puts the tag back on its cards and never moves a card', async () => {
    const { b, columns, cards } = await board();
    const carrying = async (name: string) => {
      const ids: string[] = [];
      for (let i = 0; i < columns.length; i++)
        for (const c of await cards(i)) if ((c.Tags ?? []).some((x) => x.Name === name)) ids.push(c.ServiceTaskId);
      return ids.sort();
    };
    const t = await ownerTui();
    const id = await openFocused(t);
    t.keys('Escape');
    await t.waitFor('Enter detail');
    await lookAtTheBoard();
    const from = (await cards(0)).some((c) => c.ServiceTaskId === id) ? 0 : 1;
    t.keys('L'); // the owner's older change: the card to the next column
    await until(async () => (await cards(from + 1)).some((c) => c.ServiceTaskId === id), 'the move on the server');
    t.keys('T');
    await t.waitFor('Board tags');
    t.keys('d');
    const asked = await t.waitFor('u brings it back. [y/n]');
    const name = /Delete tag “([^”]+)”/.exec(asked)![1]!;
    const color = (await owner.listTags(b.Id)).find((x) => x.Name === name)!.Color;
    const had = await carrying(name);
    t.keys('y');
    await t.waitFor(/Deleted /);
    expect(await carrying(name)).toEqual([]);
    t.keys('Escape');
    await t.waitFor('Enter detail');
    t.keys('u');
    await t.waitFor(`Undone: deletion of tag “${name}”`);
    await until(async () => (await carrying(name)).length === had.length, 'the tag back on its cards');
    expect(await carrying(name)).toEqual(had);
    expect((await owner.listTags(b.Id)).filter((x) => x.Name === name).map((x) => x.Color)).toEqual([color]);
    await lookAtTheBoard();
    expect((await cards(from + 1)).map((c) => c.ServiceTaskId)).toContain(id);
    expect((await cards(from)).map((c) => c.ServiceTaskId)).not.toContain(id);
  });
});
