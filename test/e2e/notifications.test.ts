/**
 * Notifications in two terminals, each TUI attached to its own `inboard
 * serve` on one database (a SQLite file, or — the postgres project of
 * vitest.config.ts — one PostgreSQL database): Sam's header counts up when
 * the owner names "@sam" in a comment and when the owner assigns Sam a
 * card, through the other instance, without a refresh; the owner's stays
 * quiet; `I` lists them, Enter opens the card and marks it read, `'` comes
 * back.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createUserKey } from '../../src/server/auth.js';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { hasTmux } from './tmux.js';
import { twoInstances } from './two-instances.js';

const KEY = 'ibk_e2e_notify_test_key_0123456789abcdef';

describe.skipIf(!hasTmux())('notifications in two terminals', () => {
  let samKey = '';
  const { servers, open } = twoInstances('notify', KEY, async (db) => {
    samKey = await createUserKey(db, { email: DEMO_TEAMMATE, plan: 'pro' });
  });

  it('Sam’s count rises with the owner’s @sam and assignment; I lists them, Enter opens the card, marked read', async () => {
    const client = createClient({ baseUrl: servers[0]!.url, apiKey: KEY, maxAttempts: 1 });
    const board = readableBoards(await client.listBoards()).find((b) => b.Name === 'Support Inbox');
    if (!board) throw new Error('no demo board');
    const [, second] = await client.listColumns(board.Id);
    if (!second) throw new Error('the demo board needs two columns');
    // A card away from the cursor's start: the jump has somewhere to go, and back from.
    const card = readableCards(await client.listCards(board.Id, second.Id, 1))[0];
    if (!card) throw new Error('the second column is empty');
    const short = card.TaskName.slice(0, 14);

    const owner = open(servers[0]!.url, KEY, 'owner', 160);
    const sam = open(servers[1]!.url, samKey, 'sam', 160);
    await owner.waitFor((s) => s.includes('│ live') && s.includes('›'));
    await sam.waitFor((s) => s.includes('│ live') && s.includes('›'));
    expect(sam.screen()).not.toMatch(/unread notification/);

    const said = await client.raw('POST', '/v2/comment', {
      CardId: card.ServiceTaskId,
      Body: '@sam can you check the refund?',
    });
    expect(said.status, said.body).toBe(200);
    await sam.waitFor(/1 unread notification \(I\)/);
    const detail = await client.getCard(card.ServiceTaskId);
    const assign = (Assignee: string[]) =>
      client.updateCard(card.ServiceTaskId, {
        BoardId: board.Id,
        ColumnId: Number(/\d+$/.exec(String(detail.ColumnId))?.[0]),
        CardTitle: card.TaskName,
        Assignee,
      });
    // The demo may have given Sam the card already: taken off first, then given.
    await assign([]);
    await assign([DEMO_TEAMMATE]);
    await sam.waitFor(/2 unread notifications \(I\)/);
    expect(owner.screen()).not.toMatch(/unread notification/);

    sam.keys('I');
    const list = await sam.waitFor(/Notifications, newest first — 2 unread/);
    expect(list).toContain('owner@inboard.local assigned you');
    expect(list).toContain('owner@inboard.local mentioned you');
    sam.keys('Enter');
    expect(await sam.waitFor(new RegExp(`Card id ${card.ServiceTaskId}\\b`))).toContain(short);
    // Out of the card: one left unread; then back to where the cursor was before the jump.
    sam.keys('Escape');
    await sam.waitFor((s) => s.includes('Enter detail') && /1 unread notification \(I\)/.test(s));
    sam.keys("'");
    await sam.waitFor(/Back on Support Inbox/);
    owner.keys('q');
    sam.keys('q');
    await owner.waitFor(/exit=0/);
    await sam.waitFor(/exit=0/);
  });
});
