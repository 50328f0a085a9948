import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { selectColumnCards, shouldLoadMore } from '../../src/store/index.js';
import {
  BOARD,
  card,
  closeAgents,
  COLUMNS,
  ids,
  ok,
  opened,
  refusal,
  scripted,
  serveCards,
  serveTags,
} from './helpers.js';

afterEach(closeAgents);

const range = (from: number, n: number, col: number) => Array.from({ length: n }, (_, i) => card(from + i, col));

describe('opening a board', () => {
  it('shows each column as its first page arrives', async () => {
    const { store, pool } = scripted();
    serveTags(pool);
    pool.intercept({ path: `/v2/board/${BOARD}/columns`, method: 'GET' }).reply(200, ok(COLUMNS));
    serveCards(pool, 11, 1, [card(1, 11)]);
    serveCards(pool, 12, 1, [card(2, 12)]);
    serveCards(pool, 13, 1, [card(3, 13)], 150); // a slow column
    const seen: CardId[][] = [];
    const unsubscribe = store.subscribe((s) => {
      const c11 = s.view.columns['Label_11'];
      if (s.boardLoading && c11 && c11.length > 0 && seen.length === 0)
        seen.push([...ids(store, 11), ...ids(store, 13)]);
    });
    const open = store.getState().openBoard(BOARD);
    expect(store.getState().boardLoading).toBe(true);
    await open;
    unsubscribe();
    // Inbox was on screen while Done was still loading.
    expect(seen).toEqual([['1']]);
    expect(store.getState().boardLoading).toBe(false);
    expect(ids(store, 13)).toEqual(['3']);
    expect(store.getState().columns.map((c) => c.label)).toEqual(['Label_11', 'Label_12', 'Label_13']);
    expect(store.getState().cursor).toMatchObject({ col: 0, cardId: '1', index: 0 });
  });

  it('maps cards to columns by their ColumnId string', async () => {
    const { store } = await opened({ 11: [card(1, 11), card(2, 12)], 12: [], 13: [] });
    expect(ids(store, 11)).toEqual(['1']);
    expect(ids(store, 12)).toEqual(['2']);
  });

  it('reports a refused board in the server’s words', async () => {
    const { store, pool } = scripted();
    serveTags(pool);
    pool
      .intercept({ path: `/v2/board/${BOARD}/columns`, method: 'GET' })
      .reply(403, refusal(403, 'Board is not shared with you'));
    await store.getState().openBoard(BOARD);
    expect(store.getState().boardError).toBe('Board is not shared with you');
    expect(store.getState().lastError).toBe('Board is not shared with you');
    expect(store.getState().boardLoading).toBe(false);
  });

  it('drops answers for a board that is no longer open', async () => {
    const { store, pool } = scripted();
    serveTags(pool);
    pool.intercept({ path: '/v2/board/1/columns', method: 'GET' }).reply(200, ok(COLUMNS)).delay(100);
    pool
      .intercept({ path: '/v2/board/2/columns', method: 'GET' })
      .reply(200, ok([{ Id: 21, ColumnId: 'Label_21', Name: 'Other' }]));
    pool
      .intercept({ path: (p) => p.startsWith('/v2/board/2/column/21/cards?'), method: 'GET' })
      .reply(200, ok([{ ...card(7, 21), BoardId: 2 }]));
    const first = store.getState().openBoard(1);
    await store.getState().openBoard(2);
    await first;
    expect(store.getState().boardId).toBe(2);
    expect(store.getState().columns.map((c) => c.name)).toEqual(['Other']);
    expect(store.getState().view.columns['Label_21']?.map((c) => c.id)).toEqual(['7']);
  });

  it('loads boards, or says why not', async () => {
    const { store, pool } = scripted();
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(200, ok([{ Id: 1, Name: 'Support', Owner: 'o@x.io', Users: '' }]));
    await store.getState().loadBoards();
    expect(store.getState().boards).toMatchObject({ loading: false, error: null });
    expect(store.getState().boards.items.map((b) => b.Name)).toEqual(['Support']);
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(401, refusal(401, 'Invalid API key'));
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(401, refusal(401, 'Invalid API key')); // the Bearer retry
    await store.getState().loadBoards();
    expect(store.getState().boards.error).toBe('Invalid API key');
    expect(store.getState().boards.items).toHaveLength(1); // what we had stays
  });
});

describe('paging', () => {
  it('loads the next page when asked, skipping cards a move shifted across the page boundary', async () => {
    const { store, pool } = await opened({ 11: range(1, 3, 11), 12: range(10, 2, 12), 13: [] }, 3);
    expect(store.getState().paging['Label_11']).toMatchObject({ pages: 1, hasMore: true });
    expect(store.getState().paging['Label_12']).toMatchObject({ pages: 1, hasMore: false });
    serveCards(pool, 11, 2, [card(3, 11), card(4, 11)]); // card 3 shifted down onto page 2
    await store.getState().loadMore('Label_11');
    expect(ids(store, 11)).toEqual(['1', '2', '3', '4']);
    expect(store.getState().paging['Label_11']).toMatchObject({ pages: 2, hasMore: false, loading: false });
    await store.getState().loadMore('Label_11'); // nothing more: no request (none is scripted)
    expect(ids(store, 11)).toEqual(['1', '2', '3', '4']);
  });

  it('says when the cursor nears the loaded end of a column that has more', async () => {
    const { store } = await opened({ 11: range(1, 10, 11), 12: [], 13: [] }, 10);
    expect(shouldLoadMore(store.getState(), 3)).toBeNull();
    store.getState().focusCard(7);
    expect(shouldLoadMore(store.getState(), 3)).toBe('Label_11');
  });

  it('refresh reloads every page loaded so far', async () => {
    const { store, pool } = await opened({ 11: range(1, 2, 11), 12: [], 13: [] }, 2);
    serveCards(pool, 11, 2, range(3, 2, 11));
    await store.getState().loadMore('Label_11');
    pool.intercept({ path: `/v2/board/${BOARD}/columns`, method: 'GET' }).reply(200, ok(COLUMNS));
    serveCards(pool, 11, 1, [card(4, 11), card(1, 11)]);
    serveCards(pool, 11, 2, [card(2, 11)]);
    serveCards(pool, 12, 1, []);
    serveCards(pool, 13, 1, [card(3, 13)]);
    await store.getState().refresh();
    expect(ids(store, 11)).toEqual(['4', '1', '2']);
    expect(ids(store, 13)).toEqual(['3']);
    expect(store.getState().paging['Label_11']).toMatchObject({ pages: 2, hasMore: false });
  });
});

describe('cursor', () => {
  it('walks columns and cards, clamped, landing near the same row', async () => {
    const { store } = await opened({ 11: range(1, 3, 11), 12: range(10, 1, 12), 13: [] });
    const s = () => store.getState();
    s().focusCard(1);
    expect(s().cursor).toMatchObject({ col: 0, cardId: '2', index: 1 });
    s().focusCard(10);
    expect(s().cursor).toMatchObject({ cardId: '3', index: 2 });
    s().focusColumn(1);
    expect(s().cursor).toMatchObject({ col: 1, cardId: '10', index: 0 });
    s().focusColumn(1);
    expect(s().cursor).toMatchObject({ col: 2, cardId: null });
    s().focusColumn(5);
    expect(s().cursor.col).toBe(2);
    s().focusColumn(-9);
    s().focusLast();
    expect(s().cursor).toMatchObject({ col: 0, cardId: '3' });
    s().focusFirst();
    expect(s().cursor).toMatchObject({ col: 0, cardId: '1' });
    s().focusCardId('10');
    expect(s().cursor).toMatchObject({ col: 1, cardId: '10', index: 0 });
  });

  it('keeps selector results stable while unrelated state changes', async () => {
    const { store } = await opened({ 11: range(1, 3, 11), 12: [], 13: [] });
    const select = selectColumnCards('Label_11');
    const before = select(store.getState());
    store.getState().focusCard(1);
    store.getState().clearError();
    expect(select(store.getState())).toBe(before);
  });
});

describe('backoff', () => {
  it('shows the client’s wait while it backs off, and clears it once an answer comes', async () => {
    const { store, pool } = scripted(50, { maxAttempts: 2, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
    const seen: (string | null)[] = [];
    store.subscribe((s, prev) => {
      if (s.backoff !== prev.backoff) seen.push(s.backoff?.reason ?? null);
    });
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(429, refusal(429, 'Slow down'), { headers: { 'retry-after': '0' } });
    pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, ok([]));
    await store.getState().loadBoards();
    expect(seen).toEqual(['rate limited (429)', null]);
    expect(store.getState().boards.error).toBeNull();
  });
});
