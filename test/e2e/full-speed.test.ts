/**
 * u/U, D, R, and Tab + Space in the detail: the built CLI in tmux against
 * `inboard serve --demo`, the server's state checked after each key.
 */
import { describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { CLI } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, lookAtTheBoard } from './tmux.js';

const demo = useServeDemo('full-speed');

async function board() {
  const client = demo.client();
  const b = readableBoards(await client.listBoards()).find((x) => x.Name === 'Support Inbox')!;
  const columns = await client.listColumns(b.Id);
  const ids = async (i: number): Promise<CardId[]> =>
    readableCards(await client.listCards(b.Id, columns[i]!.Id, 1, 200)).map((c) => c.ServiceTaskId);
  return { client, ids };
}

/**
 * Polls the server until `check` holds (or 15 s pass: a key's change took over
 * 5 s to land on a busy machine); returns the last value read.
 */
async function serverSays<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let v = await read();
  while (!check(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    v = await read();
  }
  return v;
}

/** The id on top of column `col` once it is `top` (or 15 s pass). */
async function topOf(ids: (col: number) => Promise<CardId[]>, top: CardId, col: number): Promise<CardId | undefined> {
  return (
    await serverSays(
      () => ids(col),
      (v) => v[0] === top,
    )
  )[0];
}

async function opened() {
  const t = demo.terminal();
  t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
  await t.waitFor('In progress (');
  await t.waitFor('›');
  await lookAtTheBoard();
  return t;
}

describe.skipIf(!hasTmux())('triage at full speed: keys against inboard serve', () => {
  it('u undoes a move on the server, U redoes it', async () => {
    const { ids } = await board();
    const top = (await ids(0))[0]!;
    const t = await opened();
    t.keys('L');
    expect(await topOf(ids, top, 1)).toBe(top);
    t.keys('u');
    await t.waitFor('Undone: move of');
    expect(await topOf(ids, top, 0)).toBe(top);
    t.keys('U');
    await t.waitFor('Redone: move of');
    expect(await topOf(ids, top, 1)).toBe(top);
  }, 60_000);

  it('u brings back an archived card', async () => {
    const { ids } = await board();
    const top = (await ids(0))[0]!;
    const t = await opened();
    t.keys('a');
    await t.waitFor('Archive “');
    t.keys('y');
    await serverSays(
      () => ids(0),
      (v) => !v.includes(top),
    );
    t.keys('u');
    await t.waitFor('Undone: archive of');
    expect(await topOf(ids, top, 0)).toBe(top);
  }, 60_000);

  it('D sets a due date, showing what it understood first; a bad one keeps the text', async () => {
    const { client, ids } = await board();
    const top = (await ids(0))[0]!;
    const before = (await client.getCard(top)).DueDate ?? null;
    const t = await opened();
    t.keys('D');
    await t.waitFor('Due date of');
    // The prompt starts with the card's own date, editable.
    t.keys('C-u');
    t.type('someday');
    t.keys('Enter');
    await t.waitFor("Can't read");
    expect((await client.getCard(top)).DueDate ?? null).toBe(before);
    t.keys('C-u');
    t.type('2030-12-01 17:00');
    await t.waitFor('→ ');
    t.keys('Enter');
    const due = await serverSays(
      async () => (await client.getCard(top)).DueDate ?? null,
      (v) => v !== before,
    );
    const d = new Date(due!);
    expect([d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()]).toEqual([
      2030, 12, 1, 17, 0,
    ]);
    await t.waitFor('1 Dec');
    // Empty clears.
    t.keys('D');
    await t.waitFor('Due date of');
    t.keys('C-u');
    t.keys('Enter');
    expect(
      await serverSays(
        async () => (await client.getCard(top)).DueDate ?? null,
        (v) => v === null,
      ),
    ).toBeNull();
  }, 60_000);

  it('R toggles read state on the server; opening an unread card marks it read', async () => {
    const { client, ids } = await board();
    const top = (await ids(0))[0]!;
    const t = await opened();
    const read = async () => (await client.getCard(top)).ReadUnreadStatus;
    const first = await read();
    t.keys('R');
    await t.waitFor(first === 1 ? 'Marked unread' : 'Marked read');
    expect(await serverSays(read, (v) => v !== first)).toBe(first === 1 ? 0 : 1);
    if (first === 0) {
      t.keys('R');
      await serverSays(read, (v) => v === 0);
    }
    // Unread now: Enter opens it and marks it read.
    t.keys('Enter');
    await t.waitFor('Thread owner');
    expect(await serverSays(read, (v) => v === 1)).toBe(1);
  }, 60_000);

  it('Tab selects a sub-task in the detail and Space ticks it on the server', async () => {
    const { client, ids } = await board();
    const top = (await ids(0))[0]!;
    await client.addSubTask(top, 'Check the refund went out');
    const t = await opened();
    t.keys('Enter');
    // The demo's top card carries its email thread, drawn before the sub-tasks: scroll to them.
    await t.waitFor('Thread (');
    t.keys(...Array<string>(40).fill('j'));
    await t.waitFor('☐ Check the refund went out');
    // Tab walks notes, comments, then sub-tasks: go to the last item.
    t.keys('BTab');
    t.keys('Space');
    await t.waitFor('☑ Check the refund went out');
    const ticked = async () =>
      (await client.getCard(top)).SubTasks?.find((s) => s.Body === 'Check the refund went out')?.Done;
    expect(await serverSays(ticked, (v) => v === true)).toBe(true);
    t.keys('u');
    await t.waitFor('☐ Check the refund went out');
    expect(await serverSays(ticked, (v) => v === false)).toBe(false);
  }, 60_000);
});
