import { afterEach, describe, expect, it } from 'vitest';
import type { CardId } from '../../src/api/read-model.js';
import { isPendingId, MutationError } from '../../src/store/index.js';
import {
  card,
  closeAgents,
  confirmedIds,
  ids,
  ok,
  opened,
  refusal,
  rejection,
  sentText,
  serveMove,
  titles,
} from './helpers.js';

afterEach(closeAgents);

const CARDS = { 11: [card(1, 11), card(2, 11)], 12: [card(4, 12, 'Write \x1b]52;c;ZXZpbA==\x07 docs')], 13: [] };

/** Records JSON bodies of the requests a scripted answer serves. */
function recorder() {
  const bodies: unknown[] = [];
  const answer =
    (data: unknown, status = 200) =>
    (o: { body?: unknown }) => {
      bodies.push(o.body === undefined || o.body === null ? null : JSON.parse(sentText(o.body)));
      return { statusCode: status, data: data as object };
    };
  return { bodies, answer };
}

describe('creating cards', () => {
  it('shows a pending card on top at once, then swaps in the real id', async () => {
    const { store, pool } = await opened(CARDS);
    const { bodies, answer } = recorder();
    pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .reply(answer({ Error: false, Success: 'Card created', taskId: 99 }))
      .delay(50);
    const created = store.getState().createCard('Label_11', 'Call back Ana', 'She asked about pricing');
    const temp = store.getState().view.columns['Label_11']?.[0];
    expect(temp).toBeDefined();
    expect(isPendingId(temp!.id)).toBe(true);
    expect(temp?.title).toBe('Call back Ana');
    expect(temp?.pending).toBe(true);
    expect(store.getState().cursor).toMatchObject({ col: 0, cardId: temp?.id, index: 0 });
    await expect(created).resolves.toBe('99');
    expect(bodies).toEqual([{ BoardId: 1, ColumnId: 11, CardTitle: 'Call back Ana', Note: 'She asked about pricing' }]);
    expect(ids(store, 11)).toEqual(['99', '1', '2']);
    expect(confirmedIds(store, 11)).toEqual(['99', '1', '2']);
    expect(store.getState().cursor.cardId).toBe('99');
    expect(store.getState().view.cards.get('99')?.pending).toBe(false);
  });

  it('sends a move of a not-yet-created card with its real id, after the create', async () => {
    const { store, pool } = await opened(CARDS);
    pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .reply(200, { Error: false, Success: 'Card created', taskId: 99 })
      .delay(50);
    const bodies = serveMove(pool, { status: 200 });
    const created = store.getState().createCard('Label_11', 'Draft reply');
    const tempId = store.getState().cursor.cardId as CardId;
    expect(isPendingId(tempId)).toBe(true);
    const moved = store.getState().moveCard(tempId, 'Label_13', 0);
    expect(titles(store, 13)).toEqual(['Draft reply']);
    await created;
    await moved;
    expect(bodies).toEqual([{ Id: '99', NewColumnId: 13, NewPosition: 0 }]);
    expect(ids(store, 13)).toEqual(['99']);
    expect(ids(store, 11)).toEqual(['1', '2']);
  });

  it('a refused create disappears and rejects with the typed text', async () => {
    const { store, pool } = await opened(CARDS);
    pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .reply(400, refusal(400, 'CardTitle: must be at most 500 characters'));
    const err = await rejection(store.getState().createCard('Label_11', 'A very long title', 'with a note'));
    expect(err).toBeInstanceOf(MutationError);
    const me = err as unknown as MutationError;
    expect(me.message).toBe('CardTitle: must be at most 500 characters');
    expect(me.text).toBe('A very long title');
    expect(me.input).toMatchObject({ kind: 'create', title: 'A very long title', note: 'with a note' });
    expect(me.status).toBe(400);
    expect(ids(store, 11)).toEqual(['1', '2']);
    const s = store.getState();
    expect(s.lastError).toBe('CardTitle: must be at most 500 characters');
    expect(s.failedCount).toBe(1);
    expect(s.pendingCount).toBe(0);
    expect(s.cursor).toMatchObject({ col: 0, cardId: '1' });
  });
});

describe('editing cards', () => {
  it('edits a title optimistically; the PUT repeats board and column and leaves assignees alone', async () => {
    const { store, pool } = await opened(CARDS);
    const { bodies, answer } = recorder();
    pool.intercept({ path: '/v2/card/2', method: 'PUT' }).reply(answer(ok('2')));
    const p = store.getState().editTitle('2', 'Renamed');
    expect(titles(store, 11)).toEqual(['Card 1', 'Renamed']);
    await p;
    expect(bodies).toEqual([{ BoardId: 1, ColumnId: 11, CardTitle: 'Renamed' }]);
    expect(store.getState().confirmed.cards.get('2')?.title).toBe('Renamed');
  });

  it('a refused edit restores the old title and keeps the new text for a retry', async () => {
    const { store, pool } = await opened(CARDS);
    pool.intercept({ path: '/v2/card/2', method: 'PUT' }).reply(403, refusal(403, 'Not your board'));
    const err = (await rejection(store.getState().editTitle('2', 'Mine now'))) as unknown as MutationError;
    expect(err.text).toBe('Mine now');
    expect(titles(store, 11)).toEqual(['Card 1', 'Card 2']);
    expect(store.getState().lastError).toBe('Not your board');
  });

  it('archives at once and brings the card back if the server refuses', async () => {
    const { store, pool } = await opened(CARDS);
    pool.intercept({ path: '/v2/card/1', method: 'DELETE' }).reply(200, ok({ id: '1' }));
    pool.intercept({ path: '/v2/card/2', method: 'DELETE' }).reply(404, refusal(404, 'Card not found'));
    store.getState().focusCardId('1');
    const a = store.getState().archiveCard('1');
    expect(ids(store, 11)).toEqual(['2']);
    expect(store.getState().cursor).toMatchObject({ cardId: '2', index: 0 });
    await a;
    const b = store.getState().archiveCard('2');
    expect(ids(store, 11)).toEqual([]);
    await rejection(b);
    expect(ids(store, 11)).toEqual(['2']);
    expect(store.getState().confirmed.cards.get('1')).toBeUndefined();
  });

  it('sets tags to what the server answers and assignees through the PUT', async () => {
    const { store, pool } = await opened(CARDS);
    const { bodies, answer } = recorder();
    pool.intercept({ path: '/v2/card/1/tags', method: 'PUT' }).reply(answer(ok({ CardId: '1', TagIds: ['5', '7'] })));
    pool.intercept({ path: '/v2/card/1', method: 'PUT' }).reply(answer(ok('1')));
    pool.intercept({ path: '/v2/card/1/tags', method: 'POST' }).reply(answer(ok({ CardId: '1' })));
    const tags = store.getState().setTags('1', [7, 5]);
    expect(store.getState().view.cards.get('1')?.tagIds).toEqual([7, 5]);
    await tags;
    expect(store.getState().confirmed.cards.get('1')?.tagIds).toEqual([5, 7]);
    await store.getState().setAssignees('1', ['ana@example.com']);
    expect(store.getState().view.cards.get('1')?.assignees).toEqual(['ana@example.com']);
    await store.getState().addTag('1', 9);
    expect(store.getState().view.cards.get('1')?.tagIds).toEqual([5, 7, 9]);
    expect(bodies).toEqual([
      { TagIds: ['7', '5'] },
      { BoardId: 1, ColumnId: 11, CardTitle: 'Card 1', Assignee: ['ana@example.com'] },
      { TagId: '9' },
    ]);
  });

  it('comments, notes and sub-tasks reach the server and reload an open detail', async () => {
    const { store, pool } = await opened(CARDS);
    const { bodies, answer } = recorder();
    const detail = (comments: number) =>
      ok({
        ...card(1, 11),
        Notes: [],
        SubTasks: [],
        Tags: [],
        Comments: Array.from({ length: comments }, (_, i) => ({
          CommentId: i + 1,
          Comment: 'On it',
          EntityId: '1',
          CreatedAt: '2026-01-01T00:00:00.000Z',
        })),
      });
    pool.intercept({ path: '/v2/card/1', method: 'GET' }).reply(200, detail(0));
    await store.getState().openCard('1');
    expect(store.getState().detail?.data?.Comments).toEqual([]);
    pool.intercept({ path: '/v2/comment', method: 'POST' }).reply(
      answer(
        ok({
          Error: false,
          Success: 'ok',
          CommentDetails: {
            CommentId: 1,
            UserId: 1,
            Comment: 'On it',
            EntityId: '1',
            CreatedAt: '2026-01-01T00:00:00.000Z',
          },
        }),
      ),
    );
    pool.intercept({ path: '/v2/card/1', method: 'GET' }).reply(200, detail(1));
    pool.intercept({ path: '/v2/card/1/note', method: 'POST' }).reply(answer(ok({ CardId: '1' })));
    pool.intercept({ path: '/v2/card/1', method: 'GET' }).reply(200, detail(1));
    pool.intercept({ path: '/v2/card/1/sub-task', method: 'POST' }).reply(500, refusal(500, 'Try later'));
    await store.getState().addComment('1', 'On it');
    expect(store.getState().detail?.data?.Comments).toHaveLength(1);
    await store.getState().addNote('1', 'Customer is on the Pro plan');
    const err = (await rejection(store.getState().addSubTask('1', 'Send invoice'))) as unknown as MutationError;
    expect(err.text).toBe('Send invoice');
    expect(bodies).toEqual([{ CardId: '1', Body: 'On it' }, { Body: 'Customer is on the Pro plan' }]);
  });
});

describe('columns and boards', () => {
  it('creating a column reloads the columns and loads the new one', async () => {
    const { store, pool } = await opened(CARDS);
    pool.intercept({ path: '/v2/board/1/column', method: 'POST' }).reply(200, ok({ Success: 'Column created' }));
    pool.intercept({ path: '/v2/board/1/columns', method: 'GET' }).reply(
      200,
      ok([
        { Id: 11, ColumnId: 'Label_11', Name: 'Inbox' },
        { Id: 12, ColumnId: 'Label_12', Name: 'Doing' },
        { Id: 13, ColumnId: 'Label_13', Name: 'Done' },
        { Id: 14, ColumnId: 'Label_14', Name: 'Waiting' },
      ]),
    );
    pool.intercept({ path: (p) => p.startsWith('/v2/board/1/column/14/cards?'), method: 'GET' }).reply(200, ok([]));
    await store.getState().createColumn('Waiting');
    expect(store.getState().columns.map((c) => c.name)).toEqual(['Inbox', 'Doing', 'Done', 'Waiting']);
    expect(store.getState().paging['Label_14']).toMatchObject({ pages: 1, hasMore: false });
  });

  it('creating a board reloads the board list and resolves with its id', async () => {
    const { store, pool } = await opened(CARDS);
    const { bodies, answer } = recorder();
    pool.intercept({ path: '/v2/board', method: 'POST' }).reply(answer(ok({ Id: 3, BoardName: 'Hiring' })));
    pool
      .intercept({ path: '/v2/board', method: 'GET' })
      .reply(200, ok([{ Id: 3, Name: 'Hiring', Owner: 'o@example.com', Users: '' }]));
    await expect(store.getState().createBoard('Hiring', ['ana@example.com'])).resolves.toBe(3);
    expect(bodies).toEqual([{ Name: 'Hiring', Users: ['ana@example.com'] }]);
    expect(store.getState().boards.items.map((b) => b.Name)).toEqual(['Hiring']);
  });
});

describe('server text', () => {
  it('keeps the raw title but shows only a sanitised one', async () => {
    const { store } = await opened(CARDS);
    const c = store.getState().view.cards.get('4');
    expect(c?.title).toContain('\x1b');
    expect(c?.displayTitle).toBe('Write ^[]52;c;ZXZpbA==^G docs');
  });
});
