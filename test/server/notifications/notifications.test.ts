/**
 * Notifications, on either engine: a mention, an assignment and a
 * customer's answer each notify the member concerned and never the one who
 * caused it; a key lists and marks only its own; a card archived since is
 * shown without its content; a card past its response target notifies its
 * assignee once (a clock the test controls); 10,000 unread are paged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { NotificationPage } from '../../../src/api/schema-notifications.js';
import { rawMail } from '../../support/mail.js';
import { startTestService, supportBoardWithSam, type TestService } from '../helpers.js';

let s: TestService | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const OWNER = 'owner@inboard.local';

interface World {
  s: TestService;
  sam: string;
  boardId: number;
  cardId: string;
}

async function world(clock?: { now: number }): Promise<World> {
  const svc = await startTestService({
    demo: false,
    notify: { tickMs: 0 },
    ...(clock === undefined ? {} : { now: () => clock.now }),
  });
  s = svc;
  return { s: svc, ...(await supportBoardWithSam(svc)) };
}

/** Sets the card's assignees (PUT /v2/card/:id takes the card's fields whole). */
async function assign(w: World, cardId: string, emails: string[], key = w.s.key) {
  const d = (await w.s.call('GET', `/v2/card/${cardId}`)).json.data;
  return w.s.call('PUT', `/v2/card/${cardId}`, {
    key,
    body: {
      BoardId: w.boardId,
      ColumnId: Number(/\d+$/.exec(String(d.ColumnId))?.[0]),
      CardTitle: String(d.TaskName),
      Assignee: emails,
    },
  });
}

async function list(w: World, key: string, query = '') {
  const r = await w.s.call('GET', `/v2/notifications${query}`, { key });
  expect(r.status, r.text).toBe(200);
  return envelope(NotificationPage).parse(r.json).data;
}

describe('notifications', () => {
  it('a mention and an assignment notify Sam, never the owner who made them; Sam marks one, then all, read', async () => {
    const w = await world();
    const c = await w.s.call('POST', '/v2/comment', {
      body: { CardId: w.cardId, Body: '@sam can you check the refund?' },
    });
    expect(c.status, c.text).toBe(200);
    const assigned = await assign(w, w.cardId, ['sam@acme.test']);
    expect(assigned.status, assigned.text).toBe(200);
    const page = await list(w, w.sam);
    expect(page.Unread).toBe(2);
    expect(page.Items.map((n) => [n.Kind, n.By, n.CardId, n.CardTitle, n.BoardName, n.Read])).toEqual([
      ['assigned', OWNER, w.cardId, 'Refund', 'Support', false],
      ['mentioned', OWNER, w.cardId, 'Refund', 'Support', false],
    ]);
    expect(page.Items[1]?.Words).toBe('@sam can you check the refund?');
    expect((await list(w, w.s.key)).Items).toEqual([]);
    // Sam assigning himself and mentioning himself tells no one.
    await assign(w, w.cardId, [], w.sam);
    await assign(w, w.cardId, ['sam@acme.test'], w.sam);
    await w.s.call('POST', '/v2/comment', { body: { CardId: w.cardId, Body: 'note to self @sam' }, key: w.sam });
    expect((await list(w, w.sam)).Items).toHaveLength(2);

    const first = page.Items[0]?.Id ?? '';
    // The owner's key can't read Sam's: not found, as if it weren't there.
    const theirs = await w.s.call('POST', `/v2/notifications/${first}/read`, { body: {} });
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe(`Notification ${first} not found`);
    const read = await w.s.call('POST', `/v2/notifications/${first}/read`, { body: {}, key: w.sam });
    expect(read.status, read.text).toBe(200);
    expect(read.json.data).toEqual({ Marked: 1, Unread: 1 });
    expect((await list(w, w.sam, '?unread=true')).Items.map((n) => n.Kind)).toEqual(['mentioned']);
    const all = await w.s.call('POST', '/v2/notifications/read-all', { body: {}, key: w.sam });
    expect(all.json.data).toEqual({ Marked: 1, Unread: 0 });
    const after = await list(w, w.sam);
    expect([after.Unread, after.Items.every((n) => n.Read)]).toEqual([0, true]);
  });

  it("a customer's answer on Sam's card notifies Sam only", async () => {
    const w = await world();
    const first = await w.s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: w.boardId, Message: rawMail({ messageId: '<q1@customer.example>' }).toString('base64') },
    });
    expect(first.status, first.text).toBe(200);
    const cardId = String(first.json.data.CardId);
    await assign(w, cardId, ['sam@acme.test']);
    const answer = rawMail({ messageId: '<q2@customer.example>', inReplyTo: '<q1@customer.example>' });
    const r = await w.s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: w.boardId, Message: answer.toString('base64') },
    });
    expect(r.json.data.CardId).toBe(cardId);
    const sam = await list(w, w.sam);
    expect(sam.Items.map((n) => [n.Kind, n.By, n.CardId])).toEqual([
      ['answered', 'ana@customer.example', cardId],
      ['assigned', OWNER, cardId],
    ]);
    expect((await list(w, w.s.key)).Items).toEqual([]);
  });

  it('a card archived since, or on a board Sam left, is shown without its content', async () => {
    const w = await world();
    await w.s.call('POST', '/v2/comment', { body: { CardId: w.cardId, Body: '@sam look' } });
    await w.s.call('DELETE', `/v2/card/${w.cardId}`);
    const archived = (await list(w, w.sam)).Items[0];
    expect(archived).toMatchObject({
      Kind: 'mentioned',
      CardId: null,
      CardTitle: null,
      Words: null,
      Hidden: 'the card was archived since',
    });
    await w.s.call('PUT', `/v2/board/${w.boardId}`, { body: { Users: [] } });
    expect((await list(w, w.sam)).Items[0]?.Hidden).toBe('the card is on a board you no longer see');
  });

  it('a card moved to a board Sam is not on is shown without its content', async () => {
    const w = await world();
    await w.s.call('POST', '/v2/comment', { body: { CardId: w.cardId, Body: '@sam look' } });
    const b = await w.s.call('POST', '/v2/board', { body: { Name: 'Private' } });
    const other = Number(b.json.data.Id);
    await w.s.call('POST', `/v2/board/${other}/column`, { body: { Name: 'Mine' } });
    const cols = await w.s.call('GET', `/v2/board/${other}/columns`);
    const col = Number(/\d+$/.exec(String(cols.json.data[0].ColumnId))?.[0]);
    const m = await w.s.call('POST', '/v2/card/move-card', {
      body: { Id: w.cardId, NewBoardId: other, NewColumnId: col, NewPosition: 0 },
    });
    expect(m.status, m.text).toBe(200);
    expect((await list(w, w.sam)).Items[0]).toMatchObject({
      Kind: 'mentioned',
      BoardId: other,
      CardId: null,
      CardTitle: null,
      BoardName: null,
      Hidden: 'the card is on a board you no longer see',
    });
    // The owner, who sees it, is told nothing: the comment was theirs.
    expect((await list(w, w.s.key)).Items).toEqual([]);
  });

  it('a card of Sam’s past its response target notifies Sam once, by a clock the test controls', async () => {
    const clock = { now: Date.parse('2026-11-24T09:00:00Z') };
    const w = await world(clock);
    await w.s.call('PUT', `/v2/board/${w.boardId}/targets`, { body: { FirstResponseSeconds: 3600 } });
    const mail = rawMail({ messageId: '<late@customer.example>', date: new Date(clock.now).toUTCString() });
    const r = await w.s.call('POST', '/v2/mail/inbound', {
      body: { BoardId: w.boardId, Message: mail.toString('base64') },
    });
    const cardId = String(r.json.data.CardId);
    await assign(w, cardId, ['sam@acme.test']);
    const tick = () => w.s.call('GET', '/v2/notifications', { key: w.sam });
    clock.now += 59 * 60_000;
    await svcTick(w);
    expect((await tick()).json.data.Items.map((n: { Kind: string }) => n.Kind)).toEqual(['assigned']);
    clock.now += 2 * 60_000;
    await svcTick(w);
    await svcTick(w);
    const page = await list(w, w.sam);
    expect(page.Items.map((n) => [n.Kind, n.By, n.CardId])).toEqual([
      ['overdue', '', cardId],
      ['assigned', OWNER, cardId],
    ]);
    expect(page.Items[0]?.Words).toBe('answer due 2026-11-24T10:00:00.000Z');
  });

  it('10,000 unread are paged, newest first, each once; the count says them all', async () => {
    const w = await world();
    const samId = await w.s.withSql(async (db) => {
      const u = await db.get<{ id: number }>("SELECT id FROM users WHERE email = 'sam@acme.test'");
      const id = Number(u?.id);
      await db.tx(async (sql) => {
        for (let i = 0; i < 10_000; i += 500) {
          const rows = Array.from({ length: 500 }, (_, j) => i + j);
          await sql.run(
            `INSERT INTO notifications (user_id, kind, source, board_id, card_id, by_email, created_ms) VALUES ${rows
              .map(() => "(?, 'mentioned', ?, ?, ?, 'owner@inboard.local', ?)")
              .join(', ')}`,
            rows.flatMap((n) => [id, `mention:${n + 1}`, w.boardId, Number(w.cardId), 1_000 + n]),
          );
        }
      });
      return id;
    });
    expect(samId).toBeGreaterThan(0);
    const seen = new Set<string>();
    let before: string | null = null;
    let pages = 0;
    let last = Infinity;
    do {
      const page = await list(w, w.sam, `?unread=true&limit=200${before === null ? '' : `&before=${before}`}`);
      expect(page.Unread).toBe(10_000);
      for (const n of page.Items) {
        expect(Number(n.Id)).toBeLessThan(last);
        last = Number(n.Id);
        seen.add(n.Id);
      }
      before = page.Next;
      pages++;
    } while (before !== null);
    expect([seen.size, pages]).toEqual([10_000, 50]);
    const bad = await w.s.call('GET', '/v2/notifications?limit=1000', { key: w.sam });
    expect([bad.status, bad.json.message]).toEqual([400, 'limit: must be at most 200']);
    const word = await w.s.call('GET', '/v2/notifications?unread=yes', { key: w.sam });
    expect([word.status, word.json.message]).toEqual([400, 'unread: must be true or false']);
    const id = await w.s.call('POST', '/v2/notifications/abc/read', { body: {}, key: w.sam });
    expect([id.status, id.json.message]).toEqual([400, 'id: must be a number or a numeric string']);
    const extra = await w.s.call('POST', '/v2/notifications/read-all', { body: { All: true }, key: w.sam });
    expect([extra.status, extra.json.message]).toEqual([400, 'All: unknown field']);
    // Nothing was marked by them.
    expect((await list(w, w.sam, '?limit=1')).Unread).toBe(10_000);
  });
});

/** One look of each instance's notifier. */
async function svcTick(w: World): Promise<void> {
  await w.s.withSql(async () => undefined);
  for (const n of w.s.notifiers) await n.tick();
}
