/**
 * `A` in a real terminal: a card archived through the API is listed, Enter
 * restores it, and the server has it back on top of the column it was
 * archived from.
 */
import { describe, expect, it } from 'vitest';
import { readableBoards, readableCards } from '../support/board-view.js';
import { snapshotCli } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('archived');

describe.skipIf(!hasTmux())('A: archived cards', () => {
  it('Enter restores the highlighted card to its column', async () => {
    const client = demo.client();
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox')!;
    const column = (await client.listColumns(board.Id))[1]!;
    const card = readableCards(await client.listCards(board.Id, column.Id, 1)).at(-1)!;
    await client.archiveCard(card.ServiceTaskId);

    // A copy of the build: others rebuilding dist/ meanwhile can't spoil the run.
    const cli = snapshotCli(demo.dir());
    const t = demo.terminal();
    t.run(`node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('A');
    await t.waitFor('Archived cards, newest first');
    await t.waitFor(card.TaskName.slice(0, 20));
    t.keys('Enter');
    await t.waitFor('Restored “');
    const there = readableCards(await client.listCards(board.Id, column.Id, 1));
    expect(there[0]?.ServiceTaskId).toBe(card.ServiceTaskId);
    expect(readableCards(await client.listArchivedCards(board.Id, 1)).map((c) => c.ServiceTaskId)).not.toContain(
      card.ServiceTaskId,
    );
  });
});
