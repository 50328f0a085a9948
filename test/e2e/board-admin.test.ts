/**
 * Running a board from the keyboard, end to end: the built CLI in tmux
 * against `inboard serve`. E renames the focused column; X deletes a column
 * with cards after y/n, its cards going to the column picked. Each checked
 * on the server afterwards.
 */
import { describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('board_admin');

describe.skipIf(!hasTmux())('running a board in a real terminal against inboard serve', () => {
  it('E renames the first column; X deletes it, its cards going to the column picked', async () => {
    const client = demo.client();
    const b = readableBoards(await client.listBoards()).find((x) => x.Name === 'Support Inbox')!;
    const [first, second] = await client.listColumns(b.Id);
    const moving = readableCards(await client.listCards(b.Id, first!.Id, 1, 200)).map((c) => c.ServiceTaskId);
    expect(moving.length).toBeGreaterThan(0);

    const t = demo.terminal();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    await t.waitFor('›');

    t.type('E');
    await t.waitFor(`Rename column “${first!.Name}”`);
    t.keys('C-u');
    t.type('Incoming');
    t.keys('Enter');
    await t.waitFor('✓ Column renamed');
    await t.waitFor(`Incoming (`);
    expect((await client.listColumns(b.Id)).find((c) => c.Id === first!.Id)?.Name).toBe('Incoming');

    t.type('X');
    await t.waitFor('Delete column “Incoming”?');
    t.type('y');
    await t.waitFor('Delete “Incoming”: move its cards to');
    t.keys('Enter'); // the first other column
    await t.waitFor(`✓ Deleted column “Incoming”; ${moving.length} cards moved`);
    expect((await client.listColumns(b.Id)).map((c) => c.Id)).not.toContain(first!.Id);
    const there = readableCards(await client.listCards(b.Id, second!.Id, 1, 200)).map((c) => c.ServiceTaskId);
    for (const id of moving) expect(there).toContain(id);
    expect(t.screen()).not.toContain('Incoming (');
  });
});
