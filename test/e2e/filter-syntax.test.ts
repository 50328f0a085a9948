/**
 * The `/` filter's syntax in the built CLI against `inboard serve --demo`:
 * the header names the terms as read and counts exactly the cards the
 * server holds that match them; a card found by the filter is the one keys
 * act on (the server's state checked after a move).
 */
import { describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, lookAtTheBoard } from './tmux.js';

const demo = useServeDemo('filter-syntax');

async function serverCards() {
  const client = demo.client();
  const b = readableBoards(await client.listBoards()).find((x) => x.Name === 'Support Inbox')!;
  const columns = await client.listColumns(b.Id);
  const all = [];
  for (const c of columns) {
    for (const card of readableCards(await client.listCards(b.Id, c.Id, 1, 200))) all.push({ ...card, col: c.Id });
  }
  return { client, all, columns, boardId: b.Id };
}

describe.skipIf(!hasTmux())('the / filter syntax against inboard serve', () => {
  it('is:unread tag:bug counts what the server has; a word it cannot read is said and keeps the text', async () => {
    const { all } = await serverCards();
    const hasTag = (c: (typeof all)[number], name: string) => (c.Tags ?? []).some((t) => t.Name.toLowerCase() === name);
    const expected = all.filter((c) => c.ReadUnreadStatus === 0 && hasTag(c, 'bug')).length;
    expect(expected).toBeGreaterThan(0);

    const t = demo.terminal();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    await lookAtTheBoard();
    t.keys('/');
    await t.waitFor('Filter —');
    t.type('is:unread tag:bug is:xyz');
    await t.waitFor("is: takes unread, read, overdue, waiting, late or snoozed (not 'xyz')");
    t.keys('Enter');
    // Not applied while part of it can't be read; the text stays.
    const kept = await t.waitFor('is:unread tag:bug is:xyz');
    expect(kept).toContain('Filter —');
    for (let i = 0; i < ' is:xyz'.length; i++) t.keys('BSpace');
    t.keys('Enter');
    const screen = await t.waitFor(`filter: unread · tag:bug (${expected} match`);
    expect(screen.split('\n')[0]).toContain(`(${expected} match`);
  }, 30_000);

  it('-tag: excludes, and L moves the card the filter shows (the server has it in the next column)', async () => {
    const { client, all, columns, boardId } = await serverCards();
    const first = columns[0]!;
    const visible = all.filter((c) => c.col === first.Id && !(c.Tags ?? []).some((t) => t.Name === 'Billing'));
    const top = visible[0]!;
    const t = demo.terminal();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    await lookAtTheBoard();
    t.keys('/');
    await t.waitFor('Filter —');
    // A leading space: tmux would read a leading '-' as one of its own flags.
    t.type(' -tag:billing');
    t.keys('Enter');
    await t.waitFor('filter: not tag:billing (');
    await lookAtTheBoard();
    t.keys('L');
    const deadline = Date.now() + 5000;
    let ids: string[] = [];
    while (Date.now() < deadline) {
      ids = readableCards(await client.listCards(boardId, columns[1]!.Id, 1, 200)).map((c) => c.ServiceTaskId);
      if (ids[0] === top.ServiceTaskId) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ids[0]).toBe(top.ServiceTaskId);
  }, 30_000);
});
