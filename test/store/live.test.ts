/**
 * Live events in the store: two stores on one real service, each with its
 * own key; a teammate's change reaches the other's view without a refresh
 * asked for, marked as theirs; the user's own changes are not marked.
 */
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { createBoardStore, type BoardState, type BoardStore } from '../../src/store/index.js';
import { startTestService, type TestService } from '../server/helpers.js';
import { closeAgents, ok, scripted, serveBoard, serveTags, BOARD, KEY, ORIGIN } from './helpers.js';

let s: TestService;
const stores: BoardStore[] = [];
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => {
  for (const st of stores) st.getState().stopLive();
  await s.close();
  await closeAgents();
});

/** Resolves once the store's state passes `test` (now or after a later change). */
const waitFor = (store: BoardStore, test: (st: BoardState) => boolean): Promise<void> =>
  new Promise((resolve) => {
    if (test(store.getState())) return resolve();
    const stop = store.subscribe((st) => {
      if (!test(st)) return;
      stop();
      resolve();
    });
  });

async function openAs(key: string, boardId = 1): Promise<BoardStore> {
  const store = createBoardStore(createClient({ baseUrl: s.url, apiKey: key, maxAttempts: 1 }), { live: true });
  stores.push(store);
  // As the app starts: the boards' list (no board open yet), then one board.
  await store.getState().loadBoards();
  expect(store.getState().live).toBeNull();
  await store.getState().openBoard(boardId);
  await waitFor(store, (st) => st.live === 'live');
  return store;
}

describe('live events in the store', () => {
  it('a teammate’s move shows in the new column, marked; the user’s own move is not marked', async () => {
    const keyB = await s.addUser('bea@team.test');
    s.withDb((db) => db.prepare("INSERT INTO board_members (board_id, email) VALUES (1, 'bea@team.test')").run());
    const a = await openAs(s.key);
    const b = await openAs(keyB);
    const [first, second] = a.getState().columns;
    const theirs = a.getState().view.columns[first!.label]![0]!;
    const mine = a.getState().view.columns[first!.label]![1]!;

    await b.getState().moveCard(theirs.id, second!.label, 0);
    await waitFor(a, (st) => st.view.cards.get(theirs.id)?.columnLabel === second!.label);
    await waitFor(a, (st) => st.markedChanged.has(theirs.id));

    await a.getState().moveCard(mine.id, second!.label, 0);
    // B sees A's move as a teammate's; by then A has had its own event too (one stream, in order).
    await waitFor(b, (st) => st.markedChanged.has(mine.id));
    expect(a.getState().view.cards.get(mine.id)?.columnLabel).toBe(second!.label);
    expect(a.getState().markedChanged.has(mine.id)).toBe(false);
  });

  it('the open card detail is read again when a teammate comments on it', async () => {
    const keyC = await s.addUser('cal@team.test');
    s.withDb((db) => db.prepare("INSERT INTO board_members (board_id, email) VALUES (1, 'cal@team.test')").run());
    const a = await openAs(s.key);
    const [first] = a.getState().columns;
    const card = a.getState().view.columns[first!.label]![0]!;
    await a.getState().openCard(card.id);
    await waitFor(a, (st) => st.detail?.loading === false);
    const c = createClient({ baseUrl: s.url, apiKey: keyC, maxAttempts: 1 });
    await c.createComment(card.id, 'seen live');
    await waitFor(a, (st) => (st.detail?.data?.Comments ?? []).some((x) => x.Comment === 'seen live'));
  });

  it('a teammate’s change never undoes the user’s own change still on its way', async () => {
    const keyE = await s.addUser('eve@team.test');
    s.withDb((db) => db.prepare("INSERT INTO board_members (board_id, email) VALUES (1, 'eve@team.test')").run());
    // The user's moves wait (a slow network) until released; everything else goes through.
    const held: (() => void)[] = [];
    let holding = true;
    let heldOne: () => void = () => {};
    const oneHeld = new Promise<void>((r) => (heldOne = r));
    const agent = new Agent();
    const dispatcher = agent.compose((dispatch) => (o, handler) => {
      if (!holding || !o.path.startsWith('/v2/card/move-card')) return dispatch(o, handler);
      held.push(() => dispatch(o, handler));
      heldOne();
      return true;
    });
    const a = createBoardStore(createClient({ baseUrl: s.url, apiKey: s.key, maxAttempts: 1, dispatcher }), {
      live: true,
    });
    stores.push(a);
    await a.getState().openBoard(1);
    await waitFor(a, (st) => st.live === 'live');
    const [first, second, third] = a.getState().columns;
    const [mine, theirs] = a.getState().view.columns[first!.label]!;
    const moving = a.getState().moveCard(mine!.id, third!.label, 0);
    await oneHeld;
    const e = createClient({ baseUrl: s.url, apiKey: keyE, maxAttempts: 1 });
    await e.moveCard({ Id: theirs!.id, NewColumnId: second!.id, NewPosition: 0 });
    await waitFor(a, (st) => st.view.cards.get(theirs!.id)?.columnLabel === second!.label);
    // The refresh the teammate's move caused kept the user's pending move on top.
    expect(a.getState().view.cards.get(mine!.id)?.columnLabel).toBe(third!.label);
    expect(a.getState().pending.length).toBe(1);
    holding = false;
    for (const send of held.splice(0)) send();
    await moving;
    expect(a.getState().view.cards.get(mine!.id)?.columnLabel).toBe(third!.label);
    expect(a.getState().markedChanged.has(mine!.id)).toBe(false);
    // The stream is a request in flight: it ends before the agent can close.
    a.getState().stopLive();
    await agent.close();
  });

  /** A scripted server whose GET /v2/events answers `status` with `body`; the store opens its board live. */
  async function liveOnScripted(status: number, body: object): Promise<BoardStore> {
    const { pool } = scripted(50, {});
    const live = createBoardStore(createClient({ baseUrl: ORIGIN, apiKey: KEY, dispatcher: pool, maxAttempts: 1 }), {
      live: true,
    });
    stores.push(live);
    serveBoard(pool, {});
    serveTags(pool);
    pool.intercept({ path: '/v2/me', method: 'GET' }).reply(200, ok({ UserId: 1, Email: 'o@x.io', Name: 'O' }));
    pool.intercept({ path: (p) => p.startsWith('/v2/events'), method: 'GET' }).reply(status, body);
    await live.getState().openBoard(BOARD);
    return live;
  }

  it('a board its owner renames shows the new name; one they archive closes, saying who', async () => {
    const keyO = await s.addUser('olga@team.test');
    const olga = createClient({ baseUrl: s.url, apiKey: keyO, maxAttempts: 1 });
    const made = await olga.createBoard({ Name: 'Olga’s queue', Users: ['owner@inboard.local'] });
    const boardId = Number(made.Id);
    await olga.createColumn(boardId, 'Inbox');
    const member = await openAs(s.key, boardId);
    const name = () => member.getState().boards.items.find((b) => b.Id === boardId)?.Name;
    expect(name()).toBe('Olga’s queue');

    await olga.updateBoard(boardId, { name: 'Olga’s escalations' });
    await waitFor(member, () => name() === 'Olga’s escalations');

    await olga.archiveBoard(boardId);
    await waitFor(member, (st) => st.boardId === null);
    expect(member.getState().lastError).toBe('olga@team.test archived this board: pick another');
    await waitFor(member, () => name() === undefined);
  });

  it('a server without events leaves the board to the periodic refresh', async () => {
    const live = await liveOnScripted(404, { message: 'No such endpoint: GET /v2/events', error: true, code: 404 });
    await waitFor(live, (st) => st.live === 'polling');
    expect(live.getState().offers('events')).toBe(false);
  });

  it('so does one that answers the route with JSON instead of an event stream', async () => {
    const live = await liveOnScripted(200, ok([]));
    await waitFor(live, (st) => st.live === 'polling');
    expect(live.getState().offers('events')).toBe(false);
  });
});
