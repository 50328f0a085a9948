/**
 * `F` in a real terminal: a search across every board from Support Inbox,
 * what the query reads said under it as it is typed, the matches listed,
 * and Enter opening the first one on its own board with the cursor on it.
 */
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../src/api/read-model.js';
import { snapshotCli } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('search');

describe.skipIf(!hasTmux())('F searches every board', () => {
  it('finds a card of another board and opens it there', async () => {
    const query = 'board:"Sales Pipeline"';
    const result = await demo.client().search(query);
    const first = result.hits[0] as SearchHit;
    expect(first.BoardName).toBe('Sales Pipeline');

    const cli = snapshotCli(demo.dir());
    const t = demo.terminal();
    t.run(`node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('F');
    await t.waitFor('Search every board');
    t.type('is:urgent');
    await t.waitFor('is: takes unread, read, archived, waiting, snoozed, late');
    for (let i = 0; i < 'is:urgent'.length; i++) t.keys('BSpace');
    t.type(query);
    await t.waitFor('reads: board:sales pipeline');
    t.keys('Enter');
    await t.waitFor(`for board:sales pipeline`);
    t.keys('Enter');
    const screen = await t.waitFor(`Card ${first.ServiceTaskId} — found by search`);
    const focusedRow = screen.split('\n').find((line) => line.includes('›'));
    expect(focusedRow).toContain(first.TaskName.slice(0, 12));
  });
});
