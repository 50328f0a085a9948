/**
 * The real store over the real client and service, through the fault proxy.
 * Every failure lands in `lastError` in words; nothing is lost or applied
 * twice; after settling and a refresh the view is what the service has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { readableBoards, serverColumns, settleAll, storeColumns } from '../support/board-view.js';
import { forwardedByKey, PASS, seeded, startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { rejection } from './helpers.js';

let proxy: FaultProxy;
let direct: Client;
let boardId: number;

beforeAll(async () => {
  proxy = await startFaultProxy();
  direct = createClient({ baseUrl: proxy.serviceUrl, apiKey: proxy.apiKey });
  boardId = readableBoards(await direct.listBoards())[0]!.Id;
});
afterAll(async () => {
  await proxy?.close();
});

async function openStore(extra: Partial<ClientOptions> = {}): Promise<BoardStore> {
  proxy.setPlan(PASS);
  const client = createClient({
    baseUrl: proxy.url,
    apiKey: proxy.apiKey,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...extra,
  });
  const store = createBoardStore(client);
  await store.getState().openBoard(boardId);
  expect(store.getState().boardError).toBeNull();
  return store;
}

async function expectMatchesServer(store: BoardStore): Promise<void> {
  proxy.setPlan(PASS);
  await store.getState().refresh();
  expect(store.getState().pending).toEqual([]);
  expect(storeColumns(store)).toEqual(await serverColumns(direct, boardId));
}

const titleCount = async (title: string) =>
  Object.values(await serverColumns(direct, boardId))
    .flat()
    .filter((c) => c.title === title).length;

const isPost = (path: string) => (r: { method: string; path: string }) => r.method === 'POST' && r.path === path;

describe('store through the fault proxy', () => {
  it('a create reset after commit: not a failure; resent with its key, it yields exactly one card', async () => {
    const store = await openStore();
    const label = store.getState().columns[0]!.label;
    const title = 'store faults: reset after commit';
    let left = 1;
    proxy.setPlan((r) => (isPost('/v2/card')(r) && left-- > 0 ? { kind: 'resetAfter' } : { kind: 'pass' }));

    const id = await store.getState().createCard(label, title);
    expect(store.getState().lastError).toBeNull();
    expect(store.getState().failedCount).toBe(0);
    const sent = proxy.log.filter(isPost('/v2/card')).filter((e) => e.body.includes(title));
    expect(sent).toHaveLength(2); // the lost answer's send, and the resend…
    expect(new Set(sent.map((e) => e.idempotencyKey)).size).toBe(1); // …with the same key
    expect(await titleCount(title)).toBe(1);
    expect([...store.getState().view.cards.values()].filter((c) => c.title === title).map((c) => c.id)).toEqual([id]);
    await expectMatchesServer(store);
    expect(await titleCount(title)).toBe(1);
  });

  it('a 429 storm: 200 moves through ~50% 429s, every move applied once, none lost', async () => {
    const store = await openStore({ maxAttempts: 4 });
    const rnd = seeded(4242);
    const refusals = new Map<string, number>();
    let served429 = 0;
    proxy.setPlan((r) => {
      if (!isPost('/v2/card/move-card')(r) || r.idempotencyKey === undefined) return { kind: 'pass' };
      const n = refusals.get(r.idempotencyKey) ?? 0;
      // At most 3 refusals per move, so 4 attempts always get through.
      if (n < 3 && rnd() < 0.5) {
        refusals.set(r.idempotencyKey, n + 1);
        served429++;
        return { kind: 'status', status: 429, retryAfter: '0' };
      }
      return { kind: 'pass' };
    });
    const start = proxy.log.length;
    const s = store.getState();
    const cards = [...s.view.cards.values()].map((c) => c.id);
    const labels = s.columns.map((c) => c.label);
    const moves: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      const card = cards[Math.floor(rnd() * cards.length)]!;
      const to = labels[Math.floor(rnd() * labels.length)]!;
      moves.push(store.getState().moveCard(card, to, Math.floor(rnd() * 6)));
    }
    const done = await settleAll(moves);
    expect(done).toEqual({ fulfilled: 200, rejected: [] });
    expect(store.getState().failedCount).toBe(0);

    const sent = proxy.log.slice(start).filter(isPost('/v2/card/move-card'));
    const byKey = forwardedByKey(sent);
    expect(byKey.size).toBe(200); // every move reached the service…
    expect([...byKey.values()].every((l) => l.length === 1 && l[0]!.upstreamStatus === 200)).toBe(true); // …once
    expect(sent.filter((e) => e.fault === 'status')).toHaveLength(served429);
    expect(served429).toBeGreaterThan(100);
    console.log(`429 storm: 200 moves, ${sent.length} requests, ${served429} answered 429, ${byKey.size} applied once`);
    await expectMatchesServer(store);
  }, 60_000); // 200 moves and their retries: on a busy machine, more than the usual limit

  it('while requests hang, actions still apply at once; the timeouts roll back with a message', async () => {
    // A limit the answered requests (the board's, the check) keep on a busy machine.
    const store = await openStore({ timeoutMs: 1_000, maxAttempts: 1 });
    proxy.setPlan((r) => (r.method === 'GET' ? { kind: 'pass' } : { kind: 'hang' }));
    const s = store.getState();
    const [a, b] = s.columns;
    const first = s.view.columns[a!.label]![0]!;
    const second = s.view.columns[a!.label]![1]!;

    const pending = [
      store.getState().moveCard(first.id, b!.label, 0),
      store.getState().editTitle(second.id, 'hanging edit'),
      store.getState().createCard(b!.label, 'hanging create'),
    ];
    // Synchronously, before any answer: the view already shows all three.
    const now = store.getState();
    expect(now.view.columns[b!.label]![1]!.id).toBe(first.id);
    expect(now.view.columns[b!.label]![0]!.title).toBe('hanging create');
    expect(now.view.cards.get(second.id)!.title).toBe('hanging edit');
    expect(now.pending).toHaveLength(3);

    const done = await settleAll(pending);
    expect(done.rejected).toHaveLength(3);
    // Checked and resent before rolling back: the words say what was learned.
    expect(store.getState().lastError).toMatch(/^Request timed out after 1 s — /);
    expect(store.getState().view.columns[a!.label]![0]!.id).toBe(first.id); // rolled back
    await expectMatchesServer(store);
  });

  it('an HTML gateway page on a move and a truncated list on refresh: messages, no lost pending work', async () => {
    const store = await openStore();
    const s = store.getState();
    const [a, b] = s.columns;
    const card = s.view.columns[a!.label]![0]!;
    proxy.setPlan((r) => (isPost('/v2/card/move-card')(r) ? { kind: 'html', status: 502 } : { kind: 'pass' }));
    await rejection(store.getState().moveCard(card.id, b!.label, 0));
    expect(store.getState().lastError).toBe(
      'The server answered 502 with an HTML page instead of JSON — the server does not have this change',
    );
    expect(store.getState().view.columns[a!.label]![0]!.id).toBe(card.id);

    // A move held by a slow answer while the refresh's list comes back cut off.
    proxy.setPlan((r) => (r.method === 'GET' ? { kind: 'truncate' } : { kind: 'pass', delayMs: 50 }));
    const move = store.getState().moveCard(card.id, b!.label, 0);
    await store.getState().refresh();
    expect(store.getState().lastError).toMatch(/the JSON body is cut off/);
    expect(store.getState().view.columns[b!.label]![0]!.id).toBe(card.id); // the move still shows
    await move;
    await expectMatchesServer(store);
  });

  it('a 5xx burst on edits (PUT) is retried through; after a reset-after-commit archive the view matches', async () => {
    const store = await openStore();
    const s = store.getState();
    const [x, y] = s.view.columns[s.columns[1]!.label]!;
    let bursts = 3;
    proxy.setPlan((r) => (r.method === 'PUT' && bursts-- > 0 ? { kind: 'status', status: 503 } : { kind: 'pass' }));
    await store.getState().editTitle(x!.id, 'edited through 503s');
    expect(store.getState().lastError).toBeNull();

    let resets = 1;
    proxy.setPlan((r) => (r.method === 'DELETE' && resets-- > 0 ? { kind: 'resetAfter' } : { kind: 'pass' }));
    await store.getState().archiveCard(y!.id); // DELETE is retried; archiving twice is harmless
    expect(store.getState().view.cards.get(y!.id)).toBeUndefined();
    await expectMatchesServer(store);
    expect(store.getState().view.cards.get(x!.id)!.title).toBe('edited through 503s');
  });

  it('a tag change whose answer was lost is sent again; the card changed by it is known as the user’s own, not a teammate’s', async () => {
    const store = await openStore({ maxAttempts: 1 });
    const s = store.getState();
    const card = s.view.columns[s.columns[0]!.label]![0]!;
    const tag = s.tags.find((t) => !card.tagIds.includes(t.Id))!;
    let resets = 1;
    proxy.setPlan((r) =>
      r.method === 'PUT' && r.path.endsWith('/tags') && resets-- > 0 ? { kind: 'resetAfter' } : { kind: 'pass' },
    );
    await store.getState().setTags(card.id, [...card.tagIds, tag.Id]);
    expect(store.getState().lastError).toBeNull();
    expect((await direct.getCard(card.id)).Tags?.map((t) => t.Id)).toContain(tag.Id);
    await expectMatchesServer(store);
  });
});
