/**
 * `#` in a real terminal: from Support Inbox to a card of Sales Pipeline by
 * its id. The other board opens with the cursor on the card, and the status
 * bar names it.
 */
import { describe, expect, it } from 'vitest';
import { readableBoards, readableCards } from '../support/board-view.js';
import { snapshotCli } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('jump');

describe.skipIf(!hasTmux())('# jumps to a card by id', () => {
  it('to a card on another board', async () => {
    const client = demo.client();
    const sales = readableBoards(await client.listBoards()).find((b) => b.Name === 'Sales Pipeline')!;
    const column = (await client.listColumns(sales.Id))[1]!;
    const card = readableCards(await client.listCards(sales.Id, column.Id, 1)).at(-1)!;

    // A copy of the build: others rebuilding dist/ meanwhile can't spoil the run.
    const cli = snapshotCli(demo.dir());
    const t = demo.terminal();
    t.run(`node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('#');
    await t.waitFor('Card id');
    t.type(card.ServiceTaskId);
    t.keys('Enter');
    const screen = await t.waitFor(`Card ${card.ServiceTaskId} “`);
    expect(screen).toContain('on Sales Pipeline');
    // The cursor's row is the card's: the focus marker leads it.
    const focusedRow = screen.split('\n').find((line) => line.includes('›'));
    expect(focusedRow).toContain(card.TaskName.slice(0, 12));
  });
});
