/**
 * A change whose answer never came is checked, not failed: the real store
 * over the real client and service, through the fault proxy, which delays,
 * drops or replaces the answers. What the store ends with is what the
 * service holds; the status never said "failed" for a change that was made.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client } from '../../src/api/types.js';
import { createBoardStore, type BoardStore } from '../../src/store/index.js';
import { readableBoards, serverColumns, storeColumns } from '../support/board-view.js';
import { PASS, startFaultProxy, type FaultProxy, type Plan } from '../support/fault-proxy.js';
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

/** What the status said over the store's life: every error, the most changes checked at once, cards marked. */
interface Seen {
  errors: string[];
  mostChecking: number;
  marked: Set<string>;
  /** The status bar named the server unreachable at some point. */
  unreachable: boolean;
}

async function openStore(): Promise<{ store: BoardStore; seen: Seen }> {
  proxy.setPlan(PASS);
  const client = createClient({
    baseUrl: proxy.url,
    apiKey: proxy.apiKey,
    // A limit the answered requests keep on a busy machine; the late answers come well after it.
    timeoutMs: 1_500,
    maxAttempts: 1,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  const store = createBoardStore(client);
  await store.getState().openBoard(boardId);
  const seen: Seen = { errors: [], mostChecking: 0, marked: new Set(), unreachable: false };
  store.subscribe((s) => {
    if (s.lastError !== null) seen.errors.push(s.lastError);
    seen.mostChecking = Math.max(seen.mostChecking, s.checkingCount);
    for (const c of s.view.cards.values()) if (c.checking === true) seen.marked.add(c.id);
    if (s.unreachable !== null) seen.unreachable = true;
  });
  return { store, seen };
}

async function expectMatchesServer(store: BoardStore): Promise<void> {
  proxy.setPlan(PASS);
  await store.getState().refresh();
  expect(store.getState().pending).toEqual([]);
  expect(storeColumns(store)).toEqual(await serverColumns(direct, boardId));
}

const isMove = (r: { method: string; path: string }) => r.method === 'POST' && r.path === '/v2/card/move-card';

/** `fault` for the first request `which` matches, the real answer for the rest. */
function once(which: (r: { method: string; path: string }) => boolean, fault: ReturnType<Plan>): Plan {
  let left = 1;
  return (r) => (which(r) && left-- > 0 ? fault : { kind: 'pass' });
}

function firstTwoColumns(store: BoardStore) {
  const s = store.getState();
  const [a, b] = s.columns;
  return { from: a!.label, to: b!.label, card: s.view.columns[a!.label]![0]! };
}

describe('a change whose answer never came', () => {
  it('a move answered after the time limit ends where the server has it; "checking…", never "failed"', async () => {
    const { store, seen } = await openStore();
    const { to, card } = firstTwoColumns(store);
    // The first send reaches the service only after the client gave up on it.
    proxy.setPlan(once(isMove, { kind: 'pass', delayMs: 4_000 }));
    const start = proxy.log.length;

    await store.getState().moveCard(card.id, to, 0);

    expect(seen.errors).toEqual([]);
    expect(store.getState().failedCount).toBe(0);
    expect(seen.mostChecking).toBe(1);
    expect(seen.marked).toEqual(new Set([card.id]));
    // The server answered the check: a lost answer to a write does not name it unreachable.
    expect(seen.unreachable).toBe(false);
    expect(store.getState().view.columns[to]![0]!.id).toBe(card.id);
    const moves = proxy.log.slice(start).filter(isMove);
    expect(moves).toHaveLength(2); // the late one and the resend, one key: the service acts once
    expect(moves[0]!.idempotencyKey).toBe(moves[1]!.idempotencyKey);
    // The late send arrives too; the service answers it from its first answer.
    await vi.waitFor(() => expect(moves.every((m) => m.forwarded && m.upstreamStatus === 200)).toBe(true), {
      timeout: 10_000,
    });
    await expectMatchesServer(store);
    expect((await serverColumns(direct, boardId))[to]![0]!.id).toBe(card.id);
  });

  it('a move whose connection dropped after the service made it: the read finds it, nothing is resent', async () => {
    const { store, seen } = await openStore();
    const { to, card } = firstTwoColumns(store);
    proxy.setPlan(once(isMove, { kind: 'resetAfter' }));
    const start = proxy.log.length;

    await store.getState().moveCard(card.id, to, 0);

    expect(seen.errors).toEqual([]);
    expect(seen.mostChecking).toBe(1);
    expect(proxy.log.slice(start).filter(isMove)).toHaveLength(1);
    expect(seen.unreachable).toBe(false);
    expect(store.getState().confirmed.cards.get(card.id)!.columnLabel).toBe(to);
    await expectMatchesServer(store);
  });

  it('a title saved whose answer was dropped: read back, confirmed, and still undoable', async () => {
    const { store, seen } = await openStore();
    const { card } = firstTwoColumns(store);
    let left = 1;
    proxy.setPlan((r) => (r.method === 'PUT' && left-- > 0 ? { kind: 'resetAfter' } : { kind: 'pass' }));
    const start = proxy.log.length;

    await store.getState().editTitle(card.id, 'outcome: saved, answer dropped');

    expect(seen.errors).toEqual([]);
    expect(seen.mostChecking).toBe(1);
    expect(proxy.log.slice(start).map((r) => r.method)).toEqual(['PUT', 'GET']); // the save, the read back
    expect(store.getState().confirmed.cards.get(card.id)!.title).toBe('outcome: saved, answer dropped');
    expect(store.getState().history.undo).toMatch(/title change/);
    await expectMatchesServer(store);
  });

  it('nothing answers, not even the resend: rolled back with what was learned', async () => {
    const { store, seen } = await openStore();
    const { from, to, card } = firstTwoColumns(store);
    proxy.setPlan((r) => (isMove(r) ? { kind: 'hang' } : { kind: 'pass' }));

    const e = await rejection(store.getState().moveCard(card.id, to, 0));
    expect(e.message).toBe('Request timed out after 1.5 s — the server does not have this change');
    expect(seen.mostChecking).toBe(1);
    expect(store.getState().view.columns[from]![0]!.id).toBe(card.id);
    await expectMatchesServer(store);
  });

  it('a refusal in the server’s words rolls back at once: no read, no resend', async () => {
    const { store, seen } = await openStore();
    const { from, to, card } = firstTwoColumns(store);
    const body = JSON.stringify({ message: 'Column is full', error: true, code: 409 });
    proxy.setPlan((r) => (isMove(r) ? { kind: 'status', status: 409, body } : { kind: 'pass' }));
    const start = proxy.log.length;

    await rejection(store.getState().moveCard(card.id, to, 0));
    expect(store.getState().lastError).toBe('Column is full');
    expect(seen.mostChecking).toBe(0);
    expect(proxy.log.slice(start).map((r) => r.method)).toEqual(['POST']);
    expect(store.getState().view.columns[from]![0]!.id).toBe(card.id);
  });
});

describe('a comment edit or delete whose answer never came', () => {
  it('is checked by reading the comment back: made is no failure, and nothing is sent twice', async () => {
    const { store, seen } = await openStore();
    const { card } = firstTwoColumns(store);
    const made = await direct.createComment(card.id, 'first words');
    const commentId = made.CommentDetails?.CommentId ?? -1;
    // The comment changed the card: the store reads it again, so its edits start from the current version.
    await store.getState().refresh();
    const isComment = (r: { method: string; path: string }) => r.path === `/v2/comment/${commentId}`;
    const start = proxy.log.length;

    proxy.setPlan(once((r) => isComment(r) && r.method === 'PUT', { kind: 'resetAfter' }));
    await store.getState().updateComment(card.id, commentId, 'second words');
    expect((await direct.getComment(commentId)).Comment).toBe('second words');

    proxy.setPlan(once((r) => isComment(r) && r.method === 'DELETE', { kind: 'resetAfter' }));
    await store.getState().deleteComment(card.id, commentId);
    await expect(direct.getComment(commentId)).rejects.toMatchObject({ status: 404 });

    expect(seen.errors).toEqual([]);
    expect(store.getState().failedCount).toBe(0);
    const writes = proxy.log.slice(start).filter((r) => isComment(r) && r.method !== 'GET');
    expect(writes.map((r) => r.method)).toEqual(['PUT', 'DELETE']);
  });
});

describe('a tag made or deleted whose answer never came', () => {
  it('a create is sent again with its key and answered with the one tag made; a delete found done is no failure', async () => {
    const { store, seen } = await openStore();
    const isTag = (r: { method: string; path: string }) => r.path.startsWith('/v2/tag');
    const start = proxy.log.length;

    proxy.setPlan(once((r) => isTag(r) && r.method === 'POST', { kind: 'resetAfter' }));
    const id = await store.getState().createTag('Escalated', 3);
    const named = (await direct.listTags(boardId)).filter((t) => t.Name === 'Escalated');
    expect(named.map((t) => t.Id)).toEqual([id]);
    const posts = proxy.log.slice(start).filter((r) => isTag(r) && r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotencyKey).toBe(posts[1]!.idempotencyKey);

    proxy.setPlan(once((r) => isTag(r) && r.method === 'DELETE', { kind: 'resetAfter' }));
    await store.getState().deleteTag(id);
    expect((await direct.listTags(boardId)).map((t) => t.Id)).not.toContain(id);

    expect(seen.errors).toEqual([]);
    expect(store.getState().failedCount).toBe(0);
    expect(proxy.log.slice(start).filter((r) => isTag(r) && r.method === 'DELETE')).toHaveLength(1);
  });
});
