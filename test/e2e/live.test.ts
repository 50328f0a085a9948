/**
 * Two people on one board, each in a real terminal, each TUI attached to its
 * own `inboard serve` on one database — a SQLite file, or (the postgres
 * project of vitest.config.ts) one PostgreSQL database, as a team's server
 * runs: a move made in one shows in the other, marked as a teammate's,
 * without `r` and with no periodic refresh.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createUserKey } from '../../src/server/auth.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { initials } from '../../src/ui/card-meta.js';
import { hasTmux, lookAtTheBoard } from './tmux.js';
import { twoInstances } from './two-instances.js';

const KEY = 'ibk_e2e_live_test_key_0123456789abcdef';

describe.skipIf(!hasTmux())('a live board in two terminals', () => {
  let keyB = '';
  const { servers, open } = twoInstances('live', KEY, async (db) => {
    keyB = await createUserKey(db, { email: 'bea@team.test', plan: 'pro' });
    await db.run("INSERT INTO board_members (board_id, email) SELECT id, 'bea@team.test' FROM boards");
  });

  it('a teammate’s move through the other service shows in the new column, marked *', async () => {
    const client = createClient({ baseUrl: servers[0]!.url, apiKey: KEY, maxAttempts: 1 });
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox');
    if (!board) throw new Error('no demo board');
    const [first, second] = await client.listColumns(board.Id);
    if (!first || !second) throw new Error('the demo board needs two columns');
    const top = readableCards(await client.listCards(board.Id, first.Id, 1))[0];
    if (!top) throw new Error('the first column is empty');
    const short = top.TaskName.slice(0, 12);

    const a = open(servers[0]!.url, KEY, 'a');
    const b = open(servers[1]!.url, keyB, 'b');
    // Live, and the cards on screen with the cursor on one (live can come before the first page).
    await a.waitFor((s) => s.includes('│ live') && s.includes('›'));
    await b.waitFor((s) => s.includes('│ live') && s.includes('›'));
    await lookAtTheBoard();
    // B moves the focused card (the first column's top one) to the next column.
    b.keys('L');
    const screen = await a.waitFor((s) => s.includes(`*${short}`) || s.includes(`* ${short}`));
    const header = screen.split('\n').find((l) => l.includes(`${second.Name} (`)) ?? '';
    const row = screen.split('\n').find((l) => l.includes(short)) ?? '';
    expect(row.indexOf(short)).toBeGreaterThan(header.indexOf(`${second.Name} (`));
    expect((await client.getCard(top.ServiceTaskId)).ColumnId).toBe(second.ColumnId ?? `Label_${second.Id}`);
    a.keys('q');
    b.keys('q');
    await a.waitFor(/exit=0/);
    await b.waitFor(/exit=0/);
  });

  it('a teammate on a card shows on its row: ◉ while they read it, ✎ while they write a reply, gone when they leave', async () => {
    const client = createClient({ baseUrl: servers[0]!.url, apiKey: KEY, maxAttempts: 1 });
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const [first] = await client.listColumns(board.Id);
    const top = readableCards(await client.listCards(board.Id, first!.Id, 1))[0]!;
    if ((await client.listMessages(top.ServiceTaskId)).length === 0) throw new Error('the top card has no email');
    const short = top.TaskName.slice(0, 12);
    const who = initials('bea@team.test');
    const rowOf = (screen: string) => screen.split('\n').find((l) => l.includes(short)) ?? '';

    const a = open(servers[0]!.url, KEY, 'a2');
    const b = open(servers[1]!.url, keyB, 'b2');
    await a.waitFor(/│ live/);
    await b.waitFor((s) => s.includes('│ live') && s.includes('›'));
    b.keys('Enter');
    await b.waitFor(/Card id \S+/);
    expect(rowOf(await a.waitFor((s) => rowOf(s).includes(`◉${who}`)))).toContain(short);
    b.keys('w');
    await b.waitFor('Ctrl+S');
    await a.waitFor((s) => rowOf(s).includes(`✎${who}`));
    // Out of the composer (its text kept as a draft) and the card: the row is the card's own again.
    b.keys('Escape');
    // The composer gone (its footer's Ctrl+S), so the next Esc is read on its own, not with this one.
    await b.waitFor((s) => /Card id \S+/.test(s) && !s.includes('Ctrl+S'));
    b.keys('Escape');
    await b.waitFor('Enter detail');
    await a.waitFor((s) => rowOf(s) !== '' && !rowOf(s).includes(who));
    a.keys('q');
    b.keys('q');
    await a.waitFor(/exit=0/);
    await b.waitFor(/exit=0/);
  });
});
