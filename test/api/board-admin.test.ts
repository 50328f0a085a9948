/**
 * The board and column routes through the client, against the real service:
 * the owner renames, changes members, renames and deletes columns, archives;
 * a member is refused in the server's words; a server without the routes is
 * told as "not offered".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { Client, Extension } from '../../src/api/types.js';
import { startRecordedService, type RecordedService } from '../support/recorded-service.js';
import { startTestService, type TestService } from '../server/helpers.js';
import { failure } from './helpers.js';

let svc: TestService;
let owner: Client;

beforeAll(async () => {
  svc = await startTestService();
  owner = createClient({ baseUrl: svc.url, apiKey: svc.key, maxAttempts: 1 });
});
afterAll(() => svc.close());

const firstBoard = async () => {
  const [b] = await owner.listBoards();
  if (b === undefined || 'unreadable' in b) throw new Error('no board');
  return b;
};

describe('board admin through the client', () => {
  it('renames a board and replaces its members; the board comes back as the server has it', async () => {
    const b = await firstBoard();
    const got = await owner.updateBoard(b.Id, { name: 'Support desk', users: ['lee@example.com'] });
    expect(got).toMatchObject({ Id: b.Id, Name: 'Support desk', Users: ['lee@example.com'] });
    expect(owner.offers('updateBoard')).toBe(true);
    expect((await owner.getBoard(b.Id)).Name).toBe('Support desk');
  });

  it('renames a column and deletes one with cards only when told where they go', async () => {
    const b = await firstBoard();
    const [from, to] = await owner.listColumns(b.Id);
    if (from === undefined || to === undefined) throw new Error('two columns expected');
    expect(await owner.updateColumn(b.Id, from.Id, 'Incoming')).toMatchObject({ Id: from.Id, Name: 'Incoming' });
    const refused = await failure(owner.deleteColumn(b.Id, from.Id));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/has \d+ cards?: give MoveCardsTo/);
    const cards = await owner.listCards(b.Id, from.Id, 1, 200);
    const done = await owner.deleteColumn(b.Id, from.Id, to.Id);
    expect(done).toEqual({ ColumnId: from.Id, MovedCards: cards.length, MovedTo: to.Id });
    expect((await owner.listColumns(b.Id)).map((c) => c.Id)).not.toContain(from.Id);
  });

  it('refuses a member in the server’s words, and archives for the owner', async () => {
    const b = await firstBoard();
    const key = await svc.addUser('sam@example.com');
    await owner.updateBoard(b.Id, { users: ['sam@example.com'] });
    const sam = createClient({ baseUrl: svc.url, apiKey: key, maxAttempts: 1 });
    const no = await failure(sam.updateBoard(b.Id, { name: 'Mine' }));
    expect(no.status).toBe(403);
    expect(no.message).toMatch(/Only the board's owner \(.+\) may/);
    const archived = await owner.archiveBoard(b.Id);
    expect(archived.Id).toBe(b.Id);
    expect(typeof archived.ArchivedAt).toBe('string');
    expect((await owner.listBoards()).map((x) => ('Id' in x ? x.Id : null))).not.toContain(b.Id);
  });
});

describe('against a server without them (the recorded real service)', () => {
  let rec: RecordedService;
  let client: Client;
  beforeAll(async () => {
    rec = await startRecordedService();
    client = createClient({ baseUrl: rec.url, apiKey: rec.key, maxAttempts: 1 });
  });
  afterAll(() => rec.close());

  const cases: [Extension, string, () => Promise<unknown>][] = [
    ['updateBoard', 'Renaming a board or changing its members', () => client.updateBoard(1, { name: 'x' })],
    ['archiveBoard', 'Archiving a board', () => client.archiveBoard(1)],
    ['updateColumn', 'Renaming a column', () => client.updateColumn(1, 1, 'x')],
    ['deleteColumn', 'Deleting a column', () => client.deleteColumn(1, 1)],
  ];
  it.each(cases)('%s: "%s is not offered by this server", then not asked again', async (ext, words, call) => {
    const err = await failure(call());
    expect(err).toMatchObject({ kind: 'unsupported', message: `${words} is not offered by this server` });
    expect(client.offers(ext)).toBe(false);
    const before = rec.requests.length;
    await expect(call()).rejects.toMatchObject({ kind: 'unsupported' });
    expect(rec.requests.length).toBe(before);
  });
});
