/**
 * Contract: running a board — renaming it and replacing its members,
 * renaming and deleting columns (moving their cards), archiving the board —
 * each recorded for the events, with 400s naming the field in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Board, Column, envelope } from '../../src/api/schema.js';
import { CardDetail, CardListed, CreateCardResponse } from '../../src/api/schema-cards.js';
import { ArchivedBoardData, DeletedColumnData } from '../../src/api/schema-teams.js';
import { DEMO_TEAMMATE } from '../../src/server/seed.js';
import { startTestService, type Reply, type TestService } from './helpers.js';
import { openSse } from './sse.js';

let s: TestService;
let sam: string;
let lee: string;
let owner: string;
beforeAll(async () => {
  s = await startTestService();
  sam = await s.addUser(DEMO_TEAMMATE);
  lee = await s.addUser('lee@example.com');
  owner = (await s.call('GET', '/v2/board/1')).json.data.Owner as string;
});
afterAll(() => s.close());

/** A board of the service's key with these columns; returns its id and the columns' ids. */
async function board(columns: string[], Users: string[] = [DEMO_TEAMMATE]) {
  const id = (await s.call('POST', '/v2/board', { body: { Name: 'Team', Users } })).json.data.Id as number;
  for (const Name of columns) await s.call('POST', `/v2/board/${id}/column`, { body: { Name } });
  const cols = envelope(z.array(Column)).parse((await s.call('GET', `/v2/board/${id}/columns`)).json).data;
  return { id, cols: cols.map((c) => c.Id) };
}
const card = async (BoardId: number, ColumnId: number, CardTitle: string) =>
  CreateCardResponse.parse((await s.call('POST', '/v2/card', { body: { BoardId, ColumnId, CardTitle } })).json).taskId;
const cardsIn = async (boardId: number, col: number) =>
  envelope(z.array(CardListed))
    .parse((await s.call('GET', `/v2/board/${boardId}/column/${col}/cards?page=1&limit=200`)).json)
    .data.map((c) => c.TaskName);
/** The kinds of change the board's events carry, oldest first. */
const kinds = (boardId: number) =>
  s.withSql(async (db) =>
    (await db.all<{ kind: string }>('SELECT kind FROM changes WHERE board_id = ? ORDER BY id', [boardId])).map(
      (r) => r.kind,
    ),
  );

function refused(r: Reply, status: number, message: string) {
  expect(r.status).toBe(status);
  expect(r.json).toEqual({ error: true, code: status, message });
}

describe('PUT /v2/board/:id', () => {
  it('renames the board and replaces its members; the owner is always one and is not listed', async () => {
    const { id } = await board([]);
    const r = await s.call('PUT', `/v2/board/${id}`, {
      body: { Name: 'Support team', Users: ['LEE@example.com', owner, 'lee@example.com'] },
    });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe('Board updated');
    expect(Board.parse(r.json.data)).toEqual({ Id: id, Name: 'Support team', Owner: owner, Users: 'lee@example.com' });
    expect((await s.call('GET', `/v2/board/${id}`)).json.data).toEqual(r.json.data);
    // Sam was dropped: the board is no longer shared with them; Lee now sees it.
    expect((await s.call('GET', `/v2/board/${id}`, { key: sam })).status).toBe(403);
    expect((await s.call('GET', `/v2/board/${id}`, { key: lee })).status).toBe(200);
    const name = await s.call('PUT', `/v2/board/${id}`, { body: { Name: 'Renamed' } });
    expect(name.json.data).toMatchObject({ Name: 'Renamed', Users: 'lee@example.com' });
    expect((await kinds(id)).filter((k) => k === 'board')).toHaveLength(3);
  });

  it('a member added later can be assigned', async () => {
    const { id, cols } = await board(['Inbox'], []);
    const c = await card(id, cols[0]!, 'Needs Lee');
    const assign = () =>
      s.call('PUT', `/v2/card/${c}`, {
        body: { BoardId: id, ColumnId: cols[0], CardTitle: 'Needs Lee', Assignee: ['lee@example.com'] },
      });
    refused(await assign(), 400, `Assignee: lee@example.com is not a member of board ${id}`);
    expect((await s.call('PUT', `/v2/board/${id}`, { body: { Users: ['lee@example.com'] } })).status).toBe(200);
    expect((await assign()).status).toBe(200);
    const detail = envelope(CardDetail).parse((await s.call('GET', `/v2/card/${c}`, { key: lee })).json).data;
    expect(detail.Assignees).toEqual(['lee@example.com']);
  });

  it('refuses what is not a name or a member list, naming the field', async () => {
    const { id } = await board([]);
    const put = (body: unknown) => s.call('PUT', `/v2/board/${id}`, { body });
    refused(await put({}), 400, 'body: give Name, Users or both');
    refused(await put({ Name: '  ' }), 400, 'Name: must not be empty');
    // PostgreSQL's text holds no NUL: refused by name on both engines, never a 500.
    refused(await put({ Name: 'a\u0000b' }), 400, 'Name: must not contain a NUL character');
    refused(
      await s.call('POST', `/v2/board/${id}/column`, { body: { Name: '\u0000' } }),
      400,
      'Name: must not contain a NUL character',
    );
    refused(
      await s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'x\u0000' } }),
      400,
      'CardTitle: must not contain a NUL character',
    );
    refused(await put({ Users: ['lee@example.com', 'nope'] }), 400, "the 2nd email, 'nope', is not an email address");
    refused(await put({ Owner: 'x@example.com' }), 400, 'Owner: unknown field');
    refused(await s.call('PUT', '/v2/board/999999', { body: { Name: 'x' } }), 404, 'Board 999999 not found');
  });
});

describe('PUT /v2/board/:boardId/column/:id', () => {
  it('renames a column (by id or Label_id); reads say the new name', async () => {
    const { id, cols } = await board(['Inbox', 'Doing']);
    const r = await s.call('PUT', `/v2/board/${id}/column/Label_${cols[1]}`, { body: { Name: 'In progress' } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ message: 'Column renamed', data: { Id: cols[1], Name: 'In progress' } });
    const listed = (await s.call('GET', `/v2/board/${id}/columns`)).json.data as { Name: string }[];
    expect(listed.map((c) => c.Name)).toEqual(['Inbox', 'In progress']);
    expect(await kinds(id)).toContain('column');
    refused(
      await s.call('PUT', `/v2/board/${id}/column/${cols[0]}`, { body: { Name: '' } }),
      400,
      'Name: must not be empty',
    );
    refused(
      await s.call('PUT', `/v2/board/${id}/column/1`, { body: { Name: 'x' } }),
      404,
      `Column 1 not found on board ${id}`,
    );
  });
});

describe('DELETE /v2/board/:boardId/column/:id', () => {
  it('an empty column goes', async () => {
    const { id, cols } = await board(['Inbox', 'Spare']);
    const r = await s.call('DELETE', `/v2/board/${id}/column/${cols[1]}`);
    expect(r.status).toBe(200);
    expect(DeletedColumnData.parse(r.json.data)).toEqual({ ColumnId: cols[1], MovedCards: 0, MovedTo: null });
    expect(((await s.call('GET', `/v2/board/${id}/columns`)).json.data as unknown[]).length).toBe(1);
    expect((await s.call('GET', `/v2/board/${id}/column/${cols[1]}`)).status).toBe(404);
  });

  it('one with cards is 409 until MoveCardsTo names where they go: on top, in their order', async () => {
    const { id, cols } = await board(['Inbox', 'Doing']);
    const [inbox, doing] = [cols[0]!, cols[1]!];
    await card(id, inbox, 'kept');
    for (const t of ['c', 'b', 'a']) await card(id, doing, t);
    const moved = await card(id, doing, 'archived one');
    await s.call('DELETE', `/v2/card/${moved}`);
    refused(
      await s.call('DELETE', `/v2/board/${id}/column/${doing}`),
      409,
      `Column 'Doing' has 3 cards: give MoveCardsTo (the id of another column on board ${id}) to move them there first`,
    );
    refused(
      await s.call('DELETE', `/v2/board/${id}/column/${doing}?MoveCardsTo=${doing}`),
      400,
      'MoveCardsTo: must be another column than the one deleted',
    );
    refused(
      await s.call('DELETE', `/v2/board/${id}/column/${doing}`, { body: { MoveCardsTo: 1 } }),
      400,
      `MoveCardsTo: column 1 is not on board ${id}`,
    );
    expect(await cardsIn(id, doing)).toEqual(['a', 'b', 'c']);
    const r = await s.call('DELETE', `/v2/board/${id}/column/${doing}`, { body: { MoveCardsTo: inbox } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      message: 'Column deleted',
      data: { ColumnId: doing, MovedCards: 3, MovedTo: inbox },
    });
    expect(await cardsIn(id, inbox)).toEqual(['a', 'b', 'c', 'kept']);
    // The archived card is restored into a column that exists.
    const restored = await s.call('POST', `/v2/card/${moved}/restore`, { body: {} });
    expect(restored.json.data).toMatchObject({ ColumnId: inbox });
    const k = await kinds(id);
    expect(k.filter((x) => x === 'card-moved')).toHaveLength(3);
    expect(k.at(-2)).toBe('column');
  });

  it('the only column stays', async () => {
    const { id, cols } = await board(['Only']);
    refused(
      await s.call('DELETE', `/v2/board/${id}/column/${cols[0]}`),
      409,
      `Column 'Only' is the only column of board ${id}: a board keeps one`,
    );
  });
});

describe('DELETE /v2/board/:id', () => {
  it('archives: gone from listings, reads 404 "archived", and its events say so', async () => {
    const { id, cols } = await board(['Inbox']);
    const c = await card(id, cols[0]!, 'on an archived board');
    // A member's stream hears it: the board is archived, not just gone quiet.
    const stream = await openSse(`${s.url}/v2/events`, sam);
    const r = await s.call('DELETE', `/v2/board/${id}`);
    expect(r.status).toBe(200);
    expect(r.json.message).toBe('Board archived');
    expect(ArchivedBoardData.parse(r.json.data).Id).toBe(id);
    const listed = (await s.call('GET', '/v2/board')).json.data as { Id: number }[];
    expect(listed.map((b) => b.Id)).not.toContain(id);
    for (const key of [s.key, sam]) {
      refused(await s.call('GET', `/v2/board/${id}`, { key }), 404, `Board ${id} is archived`);
    }
    refused(await s.call('GET', `/v2/card/${c}`), 404, `Board ${id} is archived`);
    refused(await s.call('DELETE', `/v2/board/${id}`), 404, `Board ${id} is archived`);
    expect((await kinds(id)).at(-1)).toBe('board-archived');
    try {
      const heard = await stream.next();
      expect(heard?.event).toBe('board-archived');
      expect(JSON.parse(heard?.data ?? '{}')).toEqual({ BoardId: id, CardId: null, Kind: 'board-archived', By: owner });
    } finally {
      stream.close();
    }
  });
});
