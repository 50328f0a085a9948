/**
 * `inboard board …` and `inboard column …` as users run them, against the
 * local service: each change checked on the server afterwards; a member is
 * refused in the server's words; a column with cards is kept unless told
 * where they go; a server without the routes says so.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnreadable, type Board } from '../../src/api/read-model.js';
import { createUserKey } from '../../src/server/auth.js';
import { openSqlite } from '../../src/server/sql/sqlite.js';
import { startRecordedService } from '../support/recorded-service.js';
import { cliAgainst, ok, startFixture, type Fixture } from './helpers.js';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.close();
});

const boardOne = async (): Promise<Board> => f.client.getBoard(1);

describe('inboard board', () => {
  it('rename: the board has the new name; --json prints it', async () => {
    expect(ok(await f.run(['board', 'rename', '1', 'Support desk']))).toBe('Renamed board 1 to Support desk\n');
    expect((await boardOne()).Name).toBe('Support desk');
    const printed = await f.json<Board>(['board', 'rename', 'support desk', 'Support Inbox', '--json']);
    expect(printed).toMatchObject({ Id: 1, Name: 'Support Inbox' });
  });

  it('members: --add and --remove keep the others; a list replaces them; without either it lists them', async () => {
    const before = (await boardOne()).Users;
    await f.json(['board', 'members', '1', '--add', 'new.person@example.com', '--json']);
    expect((await boardOne()).Users).toEqual([...before, 'new.person@example.com']);
    await f.json(['board', 'members', '1', '--remove', 'new.person@example.com', '--json']);
    expect((await boardOne()).Users).toEqual(before);
    const replaced = await f.json<Board>(['board', 'members', '1', 'a@example.com', 'b@example.com', '--json']);
    expect(replaced.Users).toEqual(['a@example.com', 'b@example.com']);
    const listed = ok(await f.run(['board', 'members', '1']));
    expect(listed).toMatch(/owner\s+\S+@/);
    expect(listed).toContain('member  a@example.com\n');
  });

  it('members: a list and --add together, or a word that is no email, is a usage error (exit 2)', async () => {
    const both = await f.run(['board', 'members', '1', 'a@example.com', '--add', 'b@example.com']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
    const bad = await f.run(['board', 'members', '1', '--add', 'sam']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'sam' is not an email address");
  });

  it('a member is refused in the server’s words (exit 1) and nothing changes', async () => {
    const db = openSqlite(join(f.dir, 'x.db'));
    const key = await createUserKey(db, { email: 'member@example.com', plan: 'pro' }).finally(() => db.close());
    await f.json(['board', 'members', '1', '--add', 'member@example.com', '--json']);
    const r = await f.run(['board', 'rename', '1', 'Mine now'], { env: { INBOARD_API_KEY: key } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/inboard: Only the board's owner \(.+\) may .+ \(403\)/);
    expect((await boardOne()).Name).toBe('Support Inbox');
  });

  it('archive: the board leaves the list', async () => {
    const made = await f.client.createBoard({ Name: 'Old queue' });
    const out = await f.json<{ Id: number; ArchivedAt: string }>(['board', 'archive', 'old queue', '--json']);
    expect(out.Id).toBe(made.Id);
    const ids = (await f.client.listBoards()).filter((b) => !isUnreadable(b)).map((b) => (b as Board).Id);
    expect(ids).not.toContain(made.Id);
  });
});

describe('inboard column', () => {
  it('rename, then delete: refused while it has cards, done with --move-cards-to', async () => {
    const made = await f.client.createBoard({ Name: 'Columns board' });
    const b = made.Id;
    await f.client.createColumn(b, 'Inbox');
    await f.client.createColumn(b, 'Doing');
    const cols = await f.client.listColumns(b);
    const [first, doing] = [cols.find((c) => c.Name === 'Inbox')!, cols.find((c) => c.Name === 'Doing')!];
    await f.client.createCard({ BoardId: b, ColumnId: doing.Id, CardTitle: 'stays with us' });
    expect(ok(await f.run(['column', 'rename', '--board', String(b), 'Doing', 'Working']))).toBe(
      'Renamed column Doing to Working\n',
    );
    const refused = await f.run(['column', 'delete', '--board', String(b), 'Working']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Column 'Working' has 1 card.*MoveCardsTo.*\(409\)/);
    const out = await f.json([
      'column',
      'delete',
      '--board',
      String(b),
      'Working',
      '--move-cards-to',
      first.Name,
      '--json',
    ]);
    expect(out).toEqual({ ColumnId: doing.Id, MovedCards: 1, MovedTo: first.Id });
    const left = await f.client.listColumns(b);
    expect(left.map((c) => c.Id)).toEqual([first.Id]);
    const cards = await f.client.listCards(b, first.Id, 1);
    expect(cards.map((c) => ('TaskName' in c ? c.TaskName : ''))).toContain('stays with us');
  });

  it('--board missing, or the column moved onto itself, is a usage error (exit 2)', async () => {
    const none = await f.run(['column', 'rename', 'New', 'Fresh']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing --board BOARD');
    const self = await f.run(['column', 'delete', '--board', '1', 'New', '--move-cards-to', 'New']);
    expect(self.code).toBe(2);
    expect(self.stderr).toContain('names the column being deleted');
  });
});

describe('against a server without the routes (the recorded real service)', () => {
  const { run } = cliAgainst(() => startRecordedService(), 'board-admin-recorded');
  it('says they are not offered (exit 1)', async () => {
    const r = await run(['board', 'rename', '1', 'x']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Renaming a board or changing its members is not offered by this server');
  });
});
