/**
 * The client against the real local service (Fastify + SQLite on loopback,
 * a fresh database in a temp dir): every Client function once, in the order
 * a user would reach them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Client } from '../../src/api/types.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { readableBoards, readableCards } from '../support/board-view.js';
import { failure } from './helpers.js';

const KEY = 'live-test-key-0123456789abcdef';
const OWNER = 'owner@example.com';

let dir: string;
let service: RunningService;
let client: Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inboard-live-'));
  service = await startService({
    dbPath: join(dir, 'inboard.db'),
    apiKey: KEY,
    ownerEmail: OWNER,
    demo: false,
    rateLimit: 0,
  });
  client = createClient({ baseUrl: service.url, apiKey: KEY });
});
afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('client ↔ local service', () => {
  it('exercises every endpoint', async () => {
    // boards
    const b = await client.createBoard({ Name: 'Live board' });
    expect(b.BoardName).toBe('Live board');
    expect(readableBoards(await client.listBoards()).map((x) => x.Id)).toContain(b.Id);
    expect(await client.getBoard(b.Id)).toMatchObject({ Id: b.Id, Name: 'Live board', Owner: OWNER });

    // columns
    expect(typeof (await client.createColumn(b.Id, 'Todo')).Success).toBe('string');
    await client.createColumn(b.Id, 'Done');
    const cols = await client.listColumns(b.Id);
    const todo = cols.find((c) => c.Name === 'Todo');
    const done = cols.find((c) => c.Name === 'Done');
    if (!todo || !done) throw new Error(`columns not listed: ${JSON.stringify(cols)}`);
    expect(await client.getColumn(b.Id, todo.Id)).toEqual(todo);

    // cards
    const created = await client.createCard({
      BoardId: b.Id,
      ColumnId: todo.Id,
      CardTitle: 'Reply to ACME',
      Note: 'n1',
      Comment: 'c1',
      SubTask: 's1',
      Assignee: [OWNER],
    });
    // `Error: true` would have rejected; the answer names the new card.
    expect(created).toEqual({ Success: 'Card created', taskId: expect.any(String) });
    const id = created.taskId;
    if (id === null) throw new Error("the service did not say the new card's id");
    const listed = readableCards(await client.listCards(b.Id, todo.Id, 1, 10));
    expect(listed.find((c) => c.ServiceTaskId === id)).toMatchObject({
      TaskName: 'Reply to ACME',
      ColumnId: todo.ColumnId,
      Assignees: [OWNER],
    });
    expect(await client.getCard(id)).toMatchObject({ ServiceTaskId: id, TaskName: 'Reply to ACME' });
    expect(await client.updateCard(id, { BoardId: b.Id, ColumnId: todo.Id, CardTitle: 'Reply to ACME today' })).toBe(
      id,
    );
    expect(typeof (await client.moveCard({ Id: id, NewColumnId: done.Id, NewPosition: 0 }))).toBe('string');
    expect(readableCards(await client.listCards(b.Id, done.Id, 1)).map((c) => c.ServiceTaskId)).toEqual([id]);
    expect(await client.addNote(id, 'a note')).toEqual({ CardId: id });
    expect(await client.addSubTask(id, 'a sub-task')).toEqual({ CardId: id });

    // tags
    const tag = await client.createTag({ BoardId: b.Id, Name: 'Urgent', Color: 1 });
    // The read model keeps no Description (documented as always null): exactly these fields.
    expect(tag).toEqual({ Id: expect.any(Number), Name: 'Urgent', Color: '1', BoardId: b.Id });
    expect((await client.listTags(b.Id)).map((t) => t.Id)).toContain(tag.Id);
    expect(await client.addTag(id, tag.Id)).toEqual({ CardId: id });
    expect(await client.setTags(id, [])).toEqual({ CardId: id, TagIds: [] });
    expect(await client.deleteTag(b.Id, tag.Id)).toEqual({ Id: tag.Id, CardIds: [] });

    // comments
    const c = await client.createComment(id, 'first!');
    expect(c).toMatchObject({ Success: 'Comment added', CommentDetails: { Comment: 'first!', EntityId: id } });
    if (c.CommentDetails === null) throw new Error('the service did not describe the new comment');
    const commentId = c.CommentDetails.CommentId;
    expect(await client.getComment(commentId)).toMatchObject({ CommentId: commentId, Comment: 'first!' });
    expect((await client.updateComment(commentId, 'edited')).CommentDetails?.Comment).toBe('edited');
    expect(await client.deleteComment(commentId)).toEqual({ CommentId: commentId });

    // archive
    expect(await client.archiveCard(id)).toEqual({ id });
    expect(await client.listCards(b.Id, done.Id, 1)).toEqual([]);

    // email sequences
    const seq = await client.createEmailSequence({
      Name: 'Welcome',
      Steps: [{ Subject: 'Hi {{firstName}}', Days: 1 }],
    });
    expect(seq.EmailFollowups).toHaveLength(1);
    expect((await client.listEmailSequences()).map((e) => e.Name)).toContain('Welcome');
    expect(await client.getEmailSequence(seq.Id)).toEqual(seq);

    // raw
    const raw = await client.raw('GET', `/v2/board/${b.Id}`);
    expect(raw.status).toBe(200);
    expect(JSON.parse(raw.body)).toMatchObject({ error: false, data: { Id: b.Id } });
  });

  it('the same Idempotency-Key creates one card', async () => {
    const b = await client.createBoard({ Name: 'Idem' });
    await client.createColumn(b.Id, 'Inbox');
    const [col] = await client.listColumns(b.Id);
    if (!col) throw new Error('no column');
    const body = { BoardId: b.Id, ColumnId: col.Id, CardTitle: 'Once' };
    const first = await client.createCard(body, { idempotencyKey: 'live-idem-1' });
    const again = await client.createCard(body, { idempotencyKey: 'live-idem-1' });
    expect(again.taskId).toBe(first.taskId);
    expect(await client.listCards(b.Id, col.Id, 1)).toHaveLength(1);
  });

  it('Bearer works too, and a wrong key is a 401 ApiError with the server words', async () => {
    const bearer = createClient({ baseUrl: service.url, apiKey: KEY, authScheme: 'bearer' });
    expect(Array.isArray(await bearer.listBoards())).toBe(true);
    const wrong = createClient({ baseUrl: service.url, apiKey: 'not-a-valid-key-000000' });
    const e = await failure(wrong.listBoards());
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 401, retryable: false });
    expect(e.message).not.toContain('not-a-valid-key');
  });

  it('a 404 carries the server message', async () => {
    const e = await failure(client.getBoard(999_999));
    expect(e).toMatchObject({ status: 404, retryable: false, method: 'GET', path: '/v2/board/999999' });
    expect(e.message.length).toBeGreaterThan(0);
  });
});

describe('client ↔ rate-limited local service', () => {
  it("surfaces the service's 429 with its Retry-After instead of sleeping through a long wait", async () => {
    const d = await mkdtemp(join(tmpdir(), 'inboard-live-rl-'));
    const limited = await startService({ dbPath: join(d, 'inboard.db'), apiKey: KEY, rateLimit: 1 });
    try {
      const backoffs: unknown[] = [];
      // A cap of 0 ms: any Retry-After is "too long", so the test never waits on the clock.
      const c = createClient({
        baseUrl: limited.url,
        apiKey: KEY,
        retry: { maxRetryAfterMs: 0 },
        onBackoff: (i) => backoffs.push(i),
      });
      await c.listBoards();
      const e = await failure(c.listBoards());
      expect(e).toMatchObject({ status: 429, retryable: true });
      expect(e.retryAfterMs).toBeGreaterThan(0);
      expect(backoffs).toEqual([]);
    } finally {
      await limited.close();
      await rm(d, { recursive: true, force: true });
    }
  });
});
