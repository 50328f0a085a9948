/**
 * `F` in a real terminal: a search across every board from Support Inbox,
 * what the query reads said under it as it is typed, the matches listed as
 * it is typed (before any Enter), and Enter opening the first one on its
 * own board with the cursor on it; and `/` handing its words to the search
 * with Tab.
 */
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../src/api/read-model.js';
import { snapshotCli } from '../server/process.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux } from './tmux.js';

const demo = useServeDemo('search');
/** The built CLI, copied once for the file (both tests run the same build). */
let snapshot: string | undefined;
const cliOf = (): string => (snapshot ??= snapshotCli(demo.dir()));

describe.skipIf(!hasTmux())('F searches every board', () => {
  it('finds a card of another board and opens it there', async () => {
    const query = 'board:"Sales Pipeline"';
    const result = await demo.client().search(query);
    const first = result.hits[0] as SearchHit;
    expect(first.BoardName).toBe('Sales Pipeline');

    const cli = cliOf();
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
    // The matches come as the query is typed: no Enter yet.
    const listed = await t.waitFor(/\d+ cards for board:sales pipeline/);
    expect(listed).toContain(first.TaskName.slice(0, 12));
    t.keys('Enter');
    const screen = await t.waitFor(`Card ${first.ServiceTaskId} — found by search`);
    const focusedRow = screen.split('\n').find((line) => line.includes('›'));
    expect(focusedRow).toContain(first.TaskName.slice(0, 12));
  });

  it('hands the / filter’s words to the search with Tab', async () => {
    const cli = cliOf();
    const t = demo.terminal();
    t.run(`node ${cli} --board "Support Inbox" --refresh 0; echo "exit=$?"`);
    await t.waitFor('In progress (');
    t.keys('/');
    await t.waitFor('Tab searches every board');
    t.type('pricing');
    await t.waitFor('filter: pricing (0 matches)');
    t.keys('Tab');
    const found = await t.waitFor('2 cards for pricing');
    expect(found).toContain('Search every board');
    expect(found).toContain('Sales Pipeline');
  });
});
