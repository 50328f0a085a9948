/**
 * Card versions against the real local service: the client reads `Version`,
 * sends `If-Match` when asked, hears the new version a write answers, and a
 * stale write is its own kind of error with the card's version now.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError, isStale } from '../../src/api/errors.js';
import type { Client } from '../../src/api/types.js';
import { startService, type RunningService } from '../../src/server/index.js';
import { readableCards } from '../support/board-view.js';
import { failure } from './helpers.js';
import { migratedSqliteFile } from '../server/helpers.js';

const KEY = 'versions-test-key-0123456789abcdef';

let dir: string;
let service: RunningService;
let client: Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inboard-versions-'));
  service = await startService({
    dbPath: migratedSqliteFile(dir, 'inboard.db'),
    apiKey: KEY,
    demo: false,
    rateLimit: 0,
  });
  client = createClient({ baseUrl: service.url, apiKey: KEY });
});
afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('card versions', () => {
  it('reads, sends and hears versions; a stale write is refused as stale', async () => {
    const b = await client.createBoard({ Name: 'Versions' });
    await client.createColumn(b.Id, 'Todo');
    const [col] = await client.listColumns(b.Id);
    if (col === undefined) throw new Error('no column');
    const made = await client.createCard({ BoardId: b.Id, ColumnId: col.Id, CardTitle: 'Refund' });
    const id = made.taskId ?? '';
    const detail = await client.getCard(id);
    expect(detail.Version).toBe(1);
    const [listed] = readableCards(await client.listCards(b.Id, col.Id, 1));
    expect(listed?.Version).toBe(1);

    const heard: number[] = [];
    const body = { BoardId: b.Id, ColumnId: col.Id, CardTitle: 'Refund sent' };
    await client.updateCard(id, body, { ifMatch: 1, onVersion: (v) => heard.push(v) });
    expect(heard).toEqual([2]);

    const e = await failure(client.updateCard(id, { ...body, CardTitle: 'Mine' }, { ifMatch: 1 }));
    expect(e).toBeInstanceOf(ApiError);
    expect(isStale(e)).toBe(true);
    expect(e).toMatchObject({ status: 412, kind: 'stale', version: 2 });
    expect((await client.getCard(id)).TaskName).toBe('Refund sent');
  });
});
