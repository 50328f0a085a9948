/**
 * `W` in a real terminal, in real time, against `inboard serve` whose waker
 * looks every second: a card snoozed for 3 seconds leaves the board at once
 * and comes back by itself, on top of its column, marked ↺ — the board hears
 * it on the live events.
 */
import { describe, expect, it } from 'vitest';
import { readableBoards, readableCards } from '../support/board-view.js';
import { snapshotCli } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('snooze');

/** The board's rows: the screen without the status bar's notice. */
const rows = (screen: string): string[] => screen.split('\n').filter((l) => !l.startsWith('✓') && !l.startsWith('✗'));

describe.skipIf(!hasTmux())('W: snooze', () => {
  it('a card snoozed for 3 seconds leaves at once and comes back by itself, marked ↺', async () => {
    const client = demo.client();
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const column = (await client.listColumns(board.Id))[0]!;
    const card = readableCards(await client.listCards(board.Id, column.Id, 1))[0]!;
    const title = card.TaskName.slice(0, 16);

    const cli = snapshotCli(demo.dir());
    const t = demo.terminal();
    t.run(`node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    await t.waitFor((s) => rows(s).some((l) => l.includes(`›`) && l.includes(title)));
    t.keys('W');
    await t.waitFor('Snooze “');
    // An ISO time, as the prompt takes one: the due date's words count in minutes.
    t.type(new Date(Date.now() + 3000).toISOString());
    await t.waitFor('→ until ');
    t.keys('Enter');
    await t.waitFor('✓ Snoozed “');
    expect(rows(t.screen()).some((l) => l.includes(title))).toBe(false);
    expect((await client.listSnoozedCards(board.Id)).length).toBe(1);

    const back = await t.waitFor((s) => rows(s).some((l) => l.includes(`↺ ${title}`)));
    expect(back).toContain('↺');
    const top = readableCards(await client.listCards(board.Id, column.Id, 1))[0]!;
    expect(top.ServiceTaskId).toBe(card.ServiceTaskId);
    expect(top.BackFromSnooze).toBe(true);
    expect(await client.listSnoozedCards(board.Id)).toEqual([]);
  });
});
