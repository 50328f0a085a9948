import { afterEach, describe, expect, it } from 'vitest';
import { MutationError } from '../../src/store/index.js';
import {
  card,
  closeAgents,
  confirmedIds,
  ids,
  opened,
  rejection,
  sentText,
  serveBoard,
  serveMove,
  titles,
} from './helpers.js';

afterEach(closeAgents);

const BOARD_CARDS = { 11: [card(1, 11), card(2, 11), card(3, 11)], 12: [card(4, 12)], 13: [] };

describe('moving cards', () => {
  it('shows a move at once and sends the numeric column and position', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    const bodies = serveMove(pool, { status: 200 });
    const done = store.getState().moveCard('1', 'Label_12', 0);
    // Same call, before any answer: the screen already has it.
    expect(ids(store, 11)).toEqual(['2', '3']);
    expect(ids(store, 12)).toEqual(['1', '4']);
    expect(store.getState().view.cards.get('1')?.pending).toBe(true);
    expect(store.getState().pendingCount).toBe(1);
    expect(store.getState().cursor).toMatchObject({ col: 1, cardId: '1', index: 0 });
    await done;
    expect(bodies).toEqual([{ Id: '1', NewColumnId: 12, NewPosition: 0 }]);
    expect(confirmedIds(store, 12)).toEqual(['1', '4']);
    expect(store.getState().view.cards.get('1')?.pending).toBe(false);
    expect(store.getState().pendingCount).toBe(0);
  });

  it('folds answers that arrive out of order, each into its own card', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    serveMove(pool, { status: 200, delayMs: 150 }); // card 1's answer comes last
    serveMove(pool, { status: 200 });
    const slow = store.getState().moveCard('1', 'Label_12', 0);
    const fast = store.getState().moveCard('2', 'Label_13', 0);
    await fast;
    // Card 2 is confirmed; card 1 still pending but still shown where it went.
    expect(confirmedIds(store, 13)).toEqual(['2']);
    expect(confirmedIds(store, 11)).toEqual(['1', '3']);
    expect(ids(store, 12)).toEqual(['1', '4']);
    expect(ids(store, 13)).toEqual(['2']);
    expect(store.getState().pendingCount).toBe(1);
    await slow;
    expect(confirmedIds(store, 11)).toEqual(['3']);
    expect(confirmedIds(store, 12)).toEqual(['1', '4']);
    expect(ids(store, 12)).toEqual(['1', '4']);
    expect(store.getState().pendingCount).toBe(0);
    expect(store.getState().failedCount).toBe(0);
  });

  it('puts a card back when its move fails while another card’s move succeeds', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    serveMove(pool, { status: 500, message: 'Database is on fire', delayMs: 100 });
    serveMove(pool, { status: 200 });
    const failing = store.getState().moveCard('1', 'Label_13', 0);
    const fine = store.getState().moveCard('3', 'Label_12', 1);
    expect(ids(store, 13)).toEqual(['1']);
    await fine;
    const err = await rejection(failing);
    expect(err).toBeInstanceOf(MutationError);
    expect(err.message).toBe('Database is on fire');
    // Card 1 is back at its old place; card 3's later move stays.
    expect(ids(store, 11)).toEqual(['1', '2']);
    expect(ids(store, 12)).toEqual(['4', '3']);
    expect(ids(store, 13)).toEqual([]);
    const s = store.getState();
    expect(s.lastError).toBe('Database is on fire');
    expect(s.failedCount).toBe(1);
    expect(s.pendingCount).toBe(0);
  });

  it('runs two moves of one card one after another; only the failed one is dropped', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    const log: string[] = [];
    pool
      .intercept({ path: '/v2/card/move-card', method: 'POST' })
      .reply((o) => {
        log.push(`sent ${sentText(o.body)}`);
        return { statusCode: 200, data: { message: 'OK', error: false, code: 200, data: 'moved' } };
      })
      .delay(80);
    pool.intercept({ path: '/v2/card/move-card', method: 'POST' }).reply((o) => {
      log.push(`sent ${sentText(o.body)} after the first was confirmed: ${confirmedIds(store, 12).includes('1')}`);
      return { statusCode: 409, data: { message: 'Column is locked', error: true, code: 409 } };
    });
    const first = store.getState().moveCard('1', 'Label_12', 0);
    const second = store.getState().moveCard('1', 'Label_13', 0);
    expect(ids(store, 13)).toEqual(['1']);
    await first;
    const err = await rejection(second);
    // The second request left only after the first answer came back.
    expect(log).toEqual([
      'sent {"Id":"1","NewColumnId":12,"NewPosition":0}',
      'sent {"Id":"1","NewColumnId":13,"NewPosition":0} after the first was confirmed: true',
    ]);
    expect(err.message).toBe('Column is locked');
    // The first move stands; the refused second one is undone.
    expect(ids(store, 12)).toEqual(['1', '4']);
    expect(ids(store, 13)).toEqual([]);
    expect(store.getState().cursor).toMatchObject({ col: 1, cardId: '1' });
  });

  it('reorders within a column and keeps untouched columns and cards identical', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    serveMove(pool, { status: 200 });
    const before = store.getState().view;
    const p = store.getState().moveCard('1', 'Label_11', 1);
    const after = store.getState().view;
    expect(ids(store, 11)).toEqual(['2', '1', '3']);
    expect(after.columns['Label_12']).toBe(before.columns['Label_12']);
    expect(after.columns['Label_13']).toBe(before.columns['Label_13']);
    expect(after.cards.get('2')).toBe(before.cards.get('2'));
    expect(after.columns['Label_11']).not.toBe(before.columns['Label_11']);
    await p;
    expect(confirmedIds(store, 11)).toEqual(['2', '1', '3']);
    expect(store.getState().view.cards.get('2')).toBe(before.cards.get('2'));
  });

  it('a move to another board takes the card off this one', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    const bodies = serveMove(pool, { status: 200 });
    await store.getState().moveCard('4', 'Label_12', 0, 7);
    expect(bodies).toEqual([{ Id: '4', NewColumnId: 12, NewPosition: 0, NewBoardId: 7 }]);
    expect(ids(store, 12)).toEqual([]);
    expect(store.getState().confirmed.cards.get('4')).toBeUndefined();
  });
});

describe('refresh while a move is pending', () => {
  it('keeps the move on screen when the list answer predates it', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    serveMove(pool, { status: 200, delayMs: 150 });
    const move = store.getState().moveCard('1', 'Label_13', 0);
    serveBoard(pool, BOARD_CARDS); // the server has not moved it yet
    await store.getState().refresh();
    expect(confirmedIds(store, 11)).toEqual(['1', '2', '3']);
    expect(ids(store, 11)).toEqual(['2', '3']);
    expect(ids(store, 13)).toEqual(['1']);
    expect(store.getState().cursor.cardId).toBe('1');
    await move;
    expect(confirmedIds(store, 13)).toEqual(['1']);
    expect(ids(store, 13)).toEqual(['1']);
  });

  it('keeps a confirmed move when a list answer sent before it lands after it', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    // The refresh's answers are slow and describe the board before the move.
    pool
      .intercept({ path: '/v2/board/1/columns', method: 'GET' })
      .reply(200, {
        message: 'OK',
        error: false,
        code: 200,
        data: [
          { Id: 11, ColumnId: 'Label_11', Name: 'Inbox' },
          { Id: 12, ColumnId: 'Label_12', Name: 'Doing' },
          { Id: 13, ColumnId: 'Label_13', Name: 'Done' },
        ],
      })
      .delay(120);
    for (const [col, list] of Object.entries(BOARD_CARDS)) {
      pool
        .intercept({ path: (p) => p.startsWith(`/v2/board/1/column/${col}/cards?`), method: 'GET' })
        .reply(200, { message: 'OK', error: false, code: 200, data: list });
    }
    serveMove(pool, { status: 200 });
    const refresh = store.getState().refresh();
    await store.getState().moveCard('1', 'Label_13', 0);
    expect(confirmedIds(store, 13)).toEqual(['1']);
    await refresh;
    expect(ids(store, 13)).toEqual(['1']);
    expect(ids(store, 11)).toEqual(['2', '3']);
    expect(confirmedIds(store, 13)).toEqual(['1']);
  });

  it('keeps the cursor on its card across a refresh that reorders the column', async () => {
    const { store, pool } = await opened(BOARD_CARDS);
    store.getState().focusCard(2);
    expect(store.getState().cursor).toMatchObject({ cardId: '3', index: 2 });
    serveBoard(pool, { 11: [card(3, 11), card(1, 11)], 12: [card(4, 12), card(2, 12)], 13: [] });
    await store.getState().refresh();
    expect(store.getState().cursor).toMatchObject({ col: 0, cardId: '3', index: 0 });
    // Card 2 was moved by someone else: marked for the user.
    expect([...store.getState().markedChanged]).toEqual(['2']);
    expect(titles(store, 12)).toEqual(['Card 4', 'Card 2']);
  });
});
