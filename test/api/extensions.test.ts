/**
 * The client's five card extensions — setDueDate, setReadStatus, tickSubTask,
 * listArchivedCards, restoreCard — against the real local service, and
 * against the recorded real service's shapes, which have none of them: there
 * each is said once to be "not offered by this server" and not asked again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { isUnreadable, type ArchivedCard } from '../../src/api/read-model.js';
import { readArchivedCard, readCardDetail } from '../../src/api/tolerant-cards.js';
import type { Client, Extension } from '../../src/api/types.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';
import { failure } from './helpers.js';
import { migratedSqliteFile } from '../server/helpers.js';

const KEY = 'extensions-test-key-0123456789';

let dir: string;
let service: RunningService;
let client: Client;
let boardId: number;
let columns: number[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inboard-ext-'));
  service = await startService({
    dbPath: migratedSqliteFile(dir, 'inboard.db'),
    apiKey: KEY,
    demo: false,
    rateLimit: 0,
  });
  client = createClient({ baseUrl: service.url, apiKey: KEY, maxAttempts: 1 });
  boardId = (await client.createBoard({ Name: 'Extensions' })).Id;
  for (const name of ['New', 'Doing', 'Done']) await client.createColumn(boardId, name);
  columns = (await client.listColumns(boardId)).map((c) => c.Id);
});
afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

const newCard = async (title: string, extra: { SubTask?: string; ColumnId?: number } = {}) =>
  String(
    (await client.createCard({ BoardId: boardId, ColumnId: extra.ColumnId ?? columns[0]!, CardTitle: title, ...extra }))
      .taskId,
  );

describe('against the local service', () => {
  it('setDueDate: a date-time comes back in UTC, a plain date as it is, null clears; getCard agrees', async () => {
    const id = await newCard('due');
    expect(await client.setDueDate(id, '2026-12-01T18:00:00+01:00')).toEqual({
      CardId: id,
      DueDate: '2026-12-01T17:00:00.000Z',
    });
    expect(client.offers('setDueDate')).toBe(true);
    expect((await client.getCard(id)).DueDate).toBe('2026-12-01T17:00:00.000Z');
    expect(await client.setDueDate(id, '2026-12-24')).toEqual({ CardId: id, DueDate: '2026-12-24' });
    expect(await client.setDueDate(id, null)).toEqual({ CardId: id, DueDate: null });
    expect((await client.getCard(id)).DueDate).toBeNull();
  });

  it('setDueDate refused: the server’s words, and the extension is still offered', async () => {
    const id = await newCard('bad due');
    const err = await failure(client.setDueDate(id, '2026-02-30'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: expect.stringContaining('DueDate: is not a real date') });
    const gone = await failure(client.setDueDate('999999', null));
    expect(gone).toMatchObject({ status: 404, message: expect.stringContaining('Card 999999 not found') });
    expect(client.offers('setDueDate')).toBe(true);
  });

  it('setReadStatus: unread then read, as listed cards show', async () => {
    const id = await newCard('read me');
    expect(await client.setReadStatus(id, false)).toEqual({ CardId: id, ReadStatus: 0 });
    const listed = await client.listCards(boardId, columns[0]!, 1, 50);
    expect(listed.find((c) => !isUnreadable(c) && c.ServiceTaskId === id)).toMatchObject({ ReadUnreadStatus: 0 });
    expect(await client.setReadStatus(id, true)).toEqual({ CardId: id, ReadStatus: 1 });
    expect((await client.getCard(id)).ReadUnreadStatus).toBe(1);
    expect(client.offers('setReadStatus')).toBe(true);
  });

  it('tickSubTask: Done read back from the card detail; a sub-task of another card is not found', async () => {
    const id = await newCard('checklist', { SubTask: 'call back' });
    const [sub] = (await client.getCard(id)).SubTasks ?? [];
    expect(sub).toMatchObject({ Body: 'call back', Done: false });
    expect(await client.tickSubTask(id, sub!.SubTaskId, true)).toEqual({
      CardId: id,
      SubTaskId: sub!.SubTaskId,
      Done: true,
    });
    expect((await client.getCard(id)).SubTasks?.[0]?.Done).toBe(true);
    expect(await client.tickSubTask(id, sub!.SubTaskId, false)).toMatchObject({ Done: false });
    expect((await client.getCard(id)).SubTasks?.[0]?.Done).toBe(false);
    const other = await newCard('other');
    const err = await failure(client.tickSubTask(other, sub!.SubTaskId, true));
    expect(err).toMatchObject({ status: 404, message: expect.stringContaining(`not found on card ${other}`) });
    expect(client.offers('tickSubTask')).toBe(true);
  });

  it('listArchivedCards and restoreCard: newest first with ArchivedAt; back where it was, or where asked', async () => {
    const a = await newCard('first archived', { ColumnId: columns[1]! });
    const b = await newCard('second archived', { ColumnId: columns[1]! });
    await client.archiveCard(a);
    await new Promise((r) => setTimeout(r, 3));
    await client.archiveCard(b);
    const rows = await client.listArchivedCards(boardId, 1);
    const cards = rows.filter((r): r is ArchivedCard => !isUnreadable(r));
    expect(cards.map((c) => c.ServiceTaskId).slice(0, 2)).toEqual([b, a]);
    expect(cards[0]).toMatchObject({ TaskName: 'second archived', ArchivedAt: expect.stringMatching(/Z$/) });
    expect(await client.listArchivedCards(boardId, 2, 1)).toHaveLength(1);
    expect(client.offers('archivedCards')).toBe(true);

    expect(await client.restoreCard(b)).toEqual({ CardId: b, ColumnId: columns[1], Position: 0 });
    expect(await client.restoreCard(a, { ColumnId: columns[2]!, Position: 5 })).toEqual({
      CardId: a,
      ColumnId: columns[2],
      Position: 0,
    });
    const inDone = await client.listCards(boardId, columns[2]!, 1, 50);
    expect(inDone.map((c) => (isUnreadable(c) ? null : c.ServiceTaskId))).toEqual([a]);
    expect((await client.listArchivedCards(boardId, 1)).length).toBe(rows.length - 2);
    expect(client.offers('restoreCard')).toBe(true);
  });

  it('restoreCard of a card that is not archived: the server’s words; the same idempotency key replays', async () => {
    const id = await newCard('never archived');
    const err = await failure(client.restoreCard(id));
    expect(err).toMatchObject({ status: 409, message: expect.stringContaining(`Card ${id} is not archived`) });
    await client.archiveCard(id);
    const once = await client.restoreCard(id, undefined, { idempotencyKey: `restore-${id}` });
    expect(await client.restoreCard(id, undefined, { idempotencyKey: `restore-${id}` })).toEqual(once);
  });
});

describe('against a server without them (the recorded real service)', () => {
  let svc: RecordedService;
  let recorded: Client;
  beforeAll(async () => {
    svc = await startRecordedService();
    recorded = createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 });
  });
  afterAll(() => svc.close());

  const cases: [Extension, string, () => Promise<unknown>][] = [
    ['setDueDate', 'Setting due dates', () => recorded.setDueDate('101', '2026-12-01')],
    ['setReadStatus', 'Marking cards read or unread', () => recorded.setReadStatus('101', false)],
    ['tickSubTask', 'Ticking sub-tasks', () => recorded.tickSubTask('101', 1, true)],
    ['archivedCards', "Listing a board's archived cards", () => recorded.listArchivedCards(1, 1)],
    ['restoreCard', 'Restoring archived cards', () => recorded.restoreCard('101')],
  ];

  it.each(cases)(
    '%s: "%s is not offered by this server", then refused without asking again',
    async (ext, words, call) => {
      expect(recorded.offers(ext)).toBeUndefined();
      const err = await failure(call());
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ kind: 'unsupported', message: `${words} is not offered by this server` });
      expect(recorded.offers(ext)).toBe(false);
      const before = svc.requests.length;
      await expect(call()).rejects.toMatchObject({ kind: 'unsupported' });
      expect(svc.requests.length).toBe(before);
    },
  );
});

describe('reading them tolerantly', () => {
  const sub = (extra: object) => ({ SubTaskId: 7, Body: 'call back', UserId: 1, CreatedAt: null, ...extra });
  const doneOf = (extra: object) => readCardDetail({ Id: 5, SubTasks: [sub(extra)] }, '5')?.SubTasks?.[0];

  it('a sub-task’s Done from booleans, 0/1 and "true"/"false", in any casing; absent when not sent or unreadable', () => {
    for (const v of [true, 1, '1', 'true', ' TRUE ']) expect(doneOf({ Done: v })).toMatchObject({ Done: true });
    for (const v of [false, 0, '0', 'false', 'False']) expect(doneOf({ Done: v })).toMatchObject({ Done: false });
    expect(doneOf({ done: true })).toMatchObject({ Done: true });
    for (const extra of [{}, { Done: null }, { Done: 'maybe' }, { Done: 2 }]) {
      const t = doneOf(extra);
      expect(t).toMatchObject({ SubTaskId: 7, Body: 'call back' });
      expect(t && 'Done' in t).toBe(false);
    }
  });

  it('an archived row: a card and its ArchivedAt (null when not said); a row without an id is unreadable', () => {
    const row = { ServiceTaskId: 9, TaskName: 'gone', ArchivedAt: '2026-11-20T10:00:00.000Z' };
    expect(readArchivedCard(row)).toMatchObject({
      ServiceTaskId: '9',
      TaskName: 'gone',
      ArchivedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(readArchivedCard({ Id: '9007199254740993', Title: 'big' })).toMatchObject({
      ServiceTaskId: '9007199254740993',
      ArchivedAt: null,
    });
    expect(isUnreadable(readArchivedCard({ TaskName: 'no id' }))).toBe(true);
  });
});
