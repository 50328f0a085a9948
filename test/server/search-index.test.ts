/**
 * The search index kept current by the database itself: a title edited, a
 * comment changed or deleted, a message written by code outside the routes
 * (as mail import writes it), all found or gone at once; the index built
 * for what was there before it (the migration); archived cards, read state,
 * tags, assignees, columns and pages; and no query, however odd, answering
 * anything but 200 or 400 (property, seeded by test/global-setup.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchAnswer, type SearchMatch } from '../../src/api/schema-search.js';
import { openDatabase } from '../../src/server/sql/open.js';
import { startTestService, testEngine, type TestService } from './helpers.js';
import { undoRulesMigration } from '../support/undo-rules.js';
import { undoHistoryMigration } from '../support/undo-history.js';
import { undoRepliesMigration } from '../support/undo-replies.js';
import { undoNotificationsMigration } from '../support/undo-notifications.js';
import { undoSendingMigration } from '../support/undo-sending.js';
import { undoReportsMigration, undoWaitingMigration } from '../support/undo-waiting.js';

let s: TestService;
let boardId: number;
let columns: number[];

const get = (q: string, extra: Record<string, string> = {}) =>
  s.call('GET', `/v2/search?${new URLSearchParams({ q, ...extra }).toString()}`);
async function found(q: string, extra: Record<string, string> = {}): Promise<SearchMatch[]> {
  const r = await get(q, extra);
  expect(r.status, r.text).toBe(200);
  return SearchAnswer.parse(r.json).data;
}
const ids = async (q: string) => (await found(q)).map((m) => String(m.ServiceTaskId)).sort();
async function newCard(title: string, column = 0): Promise<string> {
  const r = await s.call('POST', '/v2/card', {
    body: { BoardId: boardId, ColumnId: columns[column], CardTitle: title },
  });
  expect(r.status, r.text).toBe(200);
  return String(r.json.taskId);
}

beforeAll(async () => {
  s = await startTestService({ demo: false });
  const b = await s.call('POST', '/v2/board', { body: { Name: 'Ops' } });
  boardId = b.json.data.Id as number;
  for (const Name of ['Inbox', 'Doing']) await s.call('POST', `/v2/board/${boardId}/column`, { body: { Name } });
  columns = ((await s.call('GET', `/v2/board/${boardId}/columns`)).json.data as { Id: number }[]).map((c) => c.Id);
});
afterAll(() => s.close());

describe('the index follows every write', () => {
  it('a title edited: the old words gone, the new ones found', async () => {
    const id = await newCard('Printer jammed');
    expect(await ids('printer')).toEqual([id]);
    const r = await s.call('PUT', `/v2/card/${id}`, {
      body: { BoardId: boardId, ColumnId: columns[0], CardTitle: 'Scanner offline' },
    });
    expect(r.status, r.text).toBe(200);
    expect(await ids('printer')).toEqual([]);
    expect(await ids('scanner')).toEqual([id]);
  });

  it('a comment changed, then deleted', async () => {
    const id = await newCard('Comment holder');
    const c = await s.call('POST', '/v2/comment', { body: { CardId: id, Body: 'waiting on the locksmith' } });
    const commentId = c.json.CommentDetails?.CommentId ?? c.json.data?.CommentDetails?.CommentId;
    expect(await ids('locksmith')).toEqual([id]);
    await s.call('PUT', `/v2/comment/${commentId}`, { body: { Body: 'waiting on the plumber' } });
    expect(await ids('locksmith')).toEqual([]);
    expect(await ids('plumber')).toEqual([id]);
    await s.call('DELETE', `/v2/comment/${commentId}`);
    expect(await ids('plumber')).toEqual([]);
  });

  it('a message written straight to the table (another code path) is found', async () => {
    const id = await newCard('Mail holder');
    await s.withSql((db) =>
      db.run(
        `INSERT INTO messages (card_id, message_id, direction, from_addr, to_addrs, cc_addrs, sent_at, subject, body_text,
           body_html, created_at)
         VALUES (?, '<direct@x>', 'in', 'Zoë Ångström <zoe@client.example>', '["desk@acme.example"]', '[]',
           '2026-10-02T08:00:00.000Z', 'Quarterly figures', '', '<p>The <b>spreadsheet</b> is wrong</p>', '2026-10-02T08:00:00.000Z')`,
        [Number(id)],
      ),
    );
    expect(await ids('spreadsheet')).toEqual([id]);
    expect(await ids('from:zoe angstrom')).toEqual([id]);
    expect(await ids('to:desk')).toEqual([id]);
    const [m] = await found('from:zoe');
    expect(m).toMatchObject({
      Where: 'message',
      From: 'Zoë Ångström <zoe@client.example>',
      Date: '2026-10-02T08:00:00.000Z',
    });
  });
});

describe('filters on the card', () => {
  it('archived cards are found and marked; is:archived and -is:archived', async () => {
    const id = await newCard('Obsolete gizmo');
    await s.call('DELETE', `/v2/card/${id}`);
    const [m] = await found('gizmo');
    expect(m).toMatchObject({ Archived: true });
    expect((await found('gizmo is:archived')).length).toBe(1);
    expect(await found('gizmo -is:archived')).toEqual([]);
  });

  it('is:unread, tag:, assignee:me, column:', async () => {
    const id = await newCard('Widget recall', 1);
    const other = await newCard('Widget manual');
    await s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 0 } });
    const tag = await s.call('POST', '/v2/tag', { body: { BoardId: boardId, Name: 'Urgent', Color: 1 } });
    await s.call('PUT', `/v2/card/${id}/tags`, { body: { TagIds: [String(tag.json.data.Id)] } });
    const me = (await s.call('GET', '/v2/me')).json.data.Email as string;
    await s.call('PUT', `/v2/card/${id}`, {
      body: { BoardId: boardId, ColumnId: columns[1], CardTitle: 'Widget recall', Assignee: [me] },
    });
    for (const q of ['widget is:unread', 'widget tag:urgent', 'widget assignee:me', 'widget column:doing'])
      expect(await ids(q), q).toEqual([id]);
    expect(await ids('widget -tag:urgent')).toEqual([other]);
    expect(await ids('tag:urgent')).toEqual([id]);
  });

  it("is:unread and is:read go by the asker's own mark, else the card's", async () => {
    // Unread for everyone (its shared state), but read by the asker: read for the asker.
    const r = await s.call('POST', '/v2/card', {
      body: { BoardId: boardId, ColumnId: columns[0], CardTitle: 'Gasket order', ReadStatus: 0 },
    });
    expect(r.status, r.text).toBe(200);
    const sharedUnread = String(r.json.taskId);
    const stillUnread = String(
      (
        await s.call('POST', '/v2/card', {
          body: { BoardId: boardId, ColumnId: columns[0], CardTitle: 'Gasket spare', ReadStatus: 0 },
        })
      ).json.taskId,
    );
    // Read for everyone, but marked unread by the asker: unread for the asker.
    const markedUnread = await newCard('Gasket seal');
    const plainRead = await newCard('Gasket ring');
    await s.call('PUT', `/v2/card/${sharedUnread}/read-status`, { body: { ReadStatus: 1 } });
    await s.call('PUT', `/v2/card/${markedUnread}/read-status`, { body: { ReadStatus: 0 } });
    const sorted = (xs: string[]) => [...xs].sort();
    expect(sorted(await ids('gasket is:unread'))).toEqual(sorted([stillUnread, markedUnread]));
    expect(sorted(await ids('gasket is:read'))).toEqual(sorted([sharedUnread, plainRead]));
    expect(sorted(await ids('gasket -is:unread'))).toEqual(sorted([sharedUnread, plainRead]));
  });

  it('pages: limit and page, with the total beside them', async () => {
    for (const n of [1, 2, 3]) await newCard(`Pager duty ${n}`);
    const first = await get('pager', { limit: '2' });
    expect(first.json.Total).toBe(3);
    expect(first.json.TotalAtLeast).toBe(false);
    expect(first.json.data).toHaveLength(2);
    const second = await get('pager', { limit: '2', page: '2' });
    expect(second.json.data).toHaveLength(1);
    expect(second.json.Understood).toBe('pager');
    const past = await get('pager', { limit: '2', page: '5' });
    expect(past.json).toMatchObject({ data: [], Total: 3 });
    // A page far past any (fuzzed): an empty page, not a count that overflows the engine's integer.
    const far = await get('pager', { limit: '20', page: '13421773' });
    expect(far.status, far.text).toBe(200);
    expect(far.json).toMatchObject({ data: [] });
  });
});

describe('the migration indexes what was there', () => {
  it('rebuilt from the tables, the index finds the same cards', async () => {
    const id = await newCard('Forklift maintenance');
    await s.call('POST', `/v2/card/${id}/note`, { body: { Body: 'hydraulic leak under the mast' } });
    // Back to the schema before the index, with the data kept, then opened again: the migration runs
    // (and the one after it, the outbox's, whose tables go too).
    await s.withSql(async (db) => {
      await undoNotificationsMigration(db);
      await undoRulesMigration(db);
      await undoRepliesMigration(db);
      await undoHistoryMigration(db);
      await undoReportsMigration(db);
      await undoSendingMigration(db);
      await undoWaitingMigration(db);
      await db.run('DROP TABLE outbox');
      await db.run('DROP TABLE presence');
      if (testEngine() === 'sqlite') {
        for (const t of ['cards', 'notes', 'subtasks', 'comments', 'messages'])
          for (const op of ['insert', 'update', 'delete']) await db.run(`DROP TRIGGER search_${t}_${op}`);
        await db.run('DROP TABLE search');
        await db.run('DROP TABLE search_rows');
        await db.run('PRAGMA user_version = 7');
      } else {
        await db.run('DROP TABLE search_texts');
        await db.run('DROP TABLE search_docs');
        await db.run('DROP TEXT SEARCH CONFIGURATION inboard_search');
        for (const f of ['search_cards_changed()', 'search_texts_changed()', 'search_messages_changed()'])
          await db.run(`DROP FUNCTION ${f} CASCADE`);
        for (const f of ['search_put', 'search_own_lines', 'search_quoted', 'search_addresses', 'search_author'])
          await db.run(`DROP FUNCTION ${f}`);
        await db.run('UPDATE schema_version SET version = 3');
      }
    });
    const again = await openDatabase(s.dbPath);
    await again.close();
    expect(await ids('hydraulic')).toEqual([id]);
    expect(await ids('forklift')).toEqual([id]);
  });
});

describe('no query breaks it', () => {
  it('any text answers 200 or 400, never an engine error (property)', async () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        '"',
        '-',
        'OR',
        'AND',
        'NOT',
        'NEAR(',
        '*',
        '^',
        ':',
        '(',
        ')',
        '{',
        '}',
        "'",
        '\\',
        '&',
        '|',
        '!',
      ),
      fc.constantFrom(
        'from:',
        'to:',
        'subject:',
        'tag:',
        'board:',
        'is:',
        'has:',
        'before:',
        'after:',
        'widget',
        'zoë',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 8 }), async (parts) => {
        const r = await get(parts.join(' '));
        expect([200, 400], r.text).toContain(r.status);
      }),
      { numRuns: 60 },
    );
  });
});
