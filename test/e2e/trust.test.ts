/**
 * Keys act only on the card the user sees: not on one the filter hides, not
 * on one the board had not drawn yet when the key came. The built CLI in
 * tmux against `inboard serve --demo`, the server's state checked after.
 */
import { describe, expect, it } from 'vitest';
import { CLI } from '../server/process.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { useServeDemo } from './serve-demo.js';
import { hasTmux, lookAtTheBoard } from './tmux.js';

const demo = useServeDemo('trust');

async function columnIds() {
  const client = demo.client();
  const b = readableBoards(await client.listBoards()).find((x) => x.Name === 'Support Inbox')!;
  const columns = await client.listColumns(b.Id);
  const ids = async (i: number) =>
    readableCards(await client.listCards(b.Id, columns[i]!.Id, 1, 200)).map((c) => c.ServiceTaskId);
  return { ids };
}

const start = () => demo.terminal();

describe.skipIf(!hasTmux())('keys act on what the user sees', () => {
  it('with a filter that hides every card, L J H move nothing and say why', async () => {
    const { ids } = await columnIds();
    const before = [await ids(0), await ids(1)];
    const t = start();
    t.run(`node ${CLI} --board "Support Inbox" --refresh 0`);
    await t.waitFor('In progress (');
    await t.waitFor('›');
    t.keys('/');
    await t.waitFor('Filter —');
    t.type('nomatch');
    t.keys('Enter');
    await t.waitFor('(0 matches)');
    for (const k of ['L', 'J', 'H']) {
      t.keys(k);
      await t.waitFor('No card here matches the filter');
    }
    t.keys('Escape');
    await t.waitFor((s) => !s.includes('(0 matches)'));
    expect([await ids(0), await ids(1)]).toEqual(before);
  });

  it('L typed before the board is drawn moves nothing', async () => {
    const { ids } = await columnIds();
    const before = [await ids(0), await ids(1)];
    const t = start();
    t.runTypingAhead(`node ${CLI} --board "Support Inbox" --refresh 0`, 'L');
    // The L reached the app, which says why it moved nothing: the cards were not on screen long
    // enough, or (on a slow start, the first frame drawn before the cards came) not there at all.
    await t.waitFor(/The board was not on screen yet when the key was typed|No card here/);
    await t.waitFor('›');
    expect([await ids(0), await ids(1)]).toEqual(before);
    // Once the card has been on screen a moment (a person's reaction), L moves it.
    await lookAtTheBoard();
    const top = before[0]![0];
    t.keys('L');
    const deadline = Date.now() + 5000;
    while ((await ids(1))[0] !== top && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await ids(1))[0]).toBe(top);
  }, 20_000);

  it('--board takes what `inboard cards` takes: a unique start of a name', async () => {
    const t = start();
    t.run(`node ${CLI} --board support --refresh 0`);
    const screen = await t.waitFor('In progress (');
    expect(screen).toContain('Support Inbox');
  });
});
