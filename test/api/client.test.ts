import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { readableCards } from '../support/board-view.js';
import { board, boardRead, closeAgents, failure, ok, setup } from './helpers.js';

let ctx: ReturnType<typeof setup>;
afterEach(closeAgents);

const card = {
  ServiceTaskId: 7,
  TaskName: 'Reply to ACME',
  ReadUnreadStatus: 1,
  ColumnId: 'Label_3',
  BoardId: 1,
  DueDate: null,
  Assignees: null,
  ThreadOwnerEmail: 'o@example.com',
  CreatedAt: '2026-01-02T03:04:05.000Z',
  Status: '0',
  CustomFields: '[]',
};
const entry = {
  EmailTemplateId: 1,
  UserId: 2,
  Name: 'Welcome',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  Content: '<p>Hi {{firstName}}</p>',
  Subject: 'Hello',
  EmailFollowupId: 3,
  TotalViewCount: 0,
  LastSent: null,
  OwnerName: 'Ann',
  OwnerEmail: 'ann@example.com',
};
const detail = {
  Id: '9',
  Name: 'Welcome',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  EmailFollowups: [{ EmailFollowupId: 3, Subject: 'Hello', Days: 1, Duration: 'days', Sequence: 1 }],
};

describe('envelope endpoints', () => {
  it('parses a list of boards', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, ok([board(1), board(2)]));
    expect(await ctx.client.listBoards()).toEqual([boardRead(1), boardRead(2)]);
  });

  it('tolerates extra fields', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/board/1', method: 'GET' })
      .reply(200, { ...ok({ ...board(1), Color: 'x' }), extra: 1 });
    expect(await ctx.client.getBoard(1)).toMatchObject(boardRead(1));
  });

  it('names the path of an unexpected shape', async () => {
    ctx = setup();
    // A list endpoint whose data is no list: the one shape of it that fails the whole answer.
    ctx.pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, ok(board(1)));
    const e = await failure(ctx.client.listBoards());
    expect(e).toBeInstanceOf(ApiError);
    expect(e.message).toBe('Unexpected response from GET /v2/board: data expected a list, got an object');
    expect(e).toMatchObject({ status: 200, retryable: false, method: 'GET', path: '/v2/board' });
  });

  it('reads a numeric id sent as its digits; a row without a usable id is unreadable, and only that row', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board', method: 'GET' }).reply(
      200,
      ok([
        { ...board(1), Id: '1' },
        { ...board(2), Id: 'two' },
      ]),
    );
    expect(await ctx.client.listBoards()).toEqual([boardRead(1), { unreadable: 'it has no board id', rawId: 'two' }]);
  });

  it('a missing envelope is reported as such', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/board', method: 'GET' }).reply(200, [board(1)]);
    expect((await failure(ctx.client.listBoards())).message).toMatch(
      /expected the \{message, error, code, data\} envelope/,
    );
  });

  it('sends GET and DELETE parameters in the query string', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/board/1/column/3/cards', method: 'GET', query: { page: '2', limit: '25' } })
      .reply(200, ok([card]));
    ctx.pool
      .intercept({ path: '/v2/tag', method: 'GET', query: { BoardId: '1' } })
      .reply(200, ok([{ Id: 4, Name: 'Urgent', Color: 1, BoardId: 1 }]));
    ctx.pool
      .intercept({ path: '/v2/tag', method: 'DELETE', query: { BoardId: '1', TagId: '4' } })
      .reply(200, ok({ Id: 4 }));
    // Card ids are opaque text, exactly as sent.
    expect(await ctx.client.listCards(1, 3, 2, 25)).toEqual([{ ...card, ServiceTaskId: '7', Assignees: [] }]);
    // A numeric Color (the real service's form is unshown) is held as its string.
    expect(await ctx.client.listTags(1)).toEqual([{ Id: 4, Name: 'Urgent', Color: '1', BoardId: 1 }]);
    expect(await ctx.client.deleteTag(1, 4)).toEqual({ Id: 4 });
  });

  it('normalises Assignees and DueDate in card lists', async () => {
    ctx = setup();
    const odd = { ...card, DueDate: 1767323045, Assignees: [{ Email: 'a@example.com' }, { Name: 'Bo' }] };
    ctx.pool
      .intercept({ path: '/v2/board/1/column/3/cards', method: 'GET', query: { page: '1' } })
      .reply(200, ok([odd]));
    const [c] = readableCards(await ctx.client.listCards(1, 3, 1));
    expect(c?.DueDate).toBe('2026-01-02T03:04:05.000Z');
    expect(c?.Assignees).toEqual(['a@example.com', 'Bo']);
  });

  it('sends the documented bodies', async () => {
    ctx = setup();
    const bodies: unknown[] = [];
    const capture = (data: unknown) => (opts: { body?: unknown }) => {
      bodies.push(JSON.parse(String(opts.body)));
      return data;
    };
    ctx.pool.intercept({ path: '/v2/card/move-card', method: 'POST' }).reply(200, capture(ok('success')));
    ctx.pool.intercept({ path: '/v2/card/7/tags', method: 'POST' }).reply(200, capture(ok({ CardId: '7' })));
    ctx.pool
      .intercept({ path: '/v2/card/7/tags', method: 'PUT' })
      .reply(200, capture(ok({ CardId: '7', TagIds: ['4'] })));
    ctx.pool.intercept({ path: '/v2/comment', method: 'POST' }).reply(
      200,
      capture(
        ok({
          Error: false,
          Success: 'Comment added',
          CommentDetails: {
            CommentId: 1,
            UserId: 2,
            Comment: 'hi',
            EntityId: '7',
            CreatedAt: '2026-01-01T00:00:00.000Z',
          },
        }),
      ),
    );
    expect(await ctx.client.moveCard({ Id: '7', NewColumnId: 3, NewPosition: 0 })).toBe('success');
    expect(await ctx.client.addTag('7', 4)).toEqual({ CardId: '7' });
    // The tag ids the server answers as text are read as numbers (tag ids stay numeric).
    expect(await ctx.client.setTags('7', [4])).toEqual({ CardId: '7', TagIds: [4] });
    expect((await ctx.client.createComment('7', 'hi')).CommentDetails?.CommentId).toBe(1);
    expect(bodies).toEqual([
      { Id: '7', NewColumnId: 3, NewPosition: 0 },
      { TagId: '4' },
      { TagIds: ['4'] },
      { CardId: '7', Body: 'hi' },
    ]);
  });

  it('Error: true inside a comment result is a failure', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/comment/5', method: 'PUT' })
      .reply(200, ok({ Error: true, Success: 'Comment not editable', CommentDetails: null }));
    const e = await failure(ctx.client.updateComment(5, 'x'));
    expect(e).toMatchObject({ message: 'Comment not editable', kind: 'response', retryable: false });
  });
});

describe('endpoints without the envelope', () => {
  it('POST /v2/card answers {Error, Success, taskId}', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .reply(200, { Error: false, Success: 'Card created', taskId: 42 });
    // Read as {taskId, Success}: the id as text; `Error: false` is what let it through.
    expect(await ctx.client.createCard({ BoardId: 1, ColumnId: 3, CardTitle: 'New' })).toEqual({
      Success: 'Card created',
      taskId: '42',
    });
  });

  it('Error: true in a 200 from POST /v2/card is a failure with the server words', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/card', method: 'POST' })
      .reply(200, { Error: true, Success: 'Column does not exist' });
    const e = await failure(ctx.client.createCard({ BoardId: 1, ColumnId: 99, CardTitle: 'New' }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      status: 200,
      message: 'Column does not exist',
      retryable: false,
      method: 'POST',
      path: '/v2/card',
    });
  });

  it.each([
    ['a bare array', [entry, { ...entry, EmailTemplateId: 2 }], 2],
    ['a single object', entry, 1],
    ['an envelope', ok([entry]), 1],
  ])('GET /v2/email-sequence accepts %s', async (_name, body, n) => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/email-sequence', method: 'GET' }).reply(200, body);
    const list = await ctx.client.listEmailSequences();
    expect(list).toHaveLength(n);
    expect(list[0]).toEqual(entry);
  });

  it('email-sequence detail, bare, for GET and POST', async () => {
    ctx = setup();
    ctx.pool.intercept({ path: '/v2/email-sequence/9', method: 'GET' }).reply(200, detail);
    ctx.pool.intercept({ path: '/v2/email-sequence', method: 'POST' }).reply(200, detail);
    expect(await ctx.client.getEmailSequence('9')).toEqual(detail);
    expect(await ctx.client.createEmailSequence({ Name: 'Welcome', Steps: [{ Subject: 'Hello', Days: 1 }] })).toEqual(
      detail,
    );
  });

  it('their error bodies may be the envelope', async () => {
    ctx = setup();
    ctx.pool
      .intercept({ path: '/v2/email-sequence/8', method: 'GET' })
      .reply(404, { message: 'Sequence not found', error: true, code: 404 });
    expect(await failure(ctx.client.getEmailSequence('8'))).toMatchObject({
      status: 404,
      message: 'Sequence not found',
      retryable: false,
    });
  });
});
