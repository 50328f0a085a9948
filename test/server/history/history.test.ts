/**
 * A card's history: every change with who and when, read back long after
 * the 24 hours the change log keeps. The service's clock is the test's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../../src/api/schema.js';
import { HistoryEntry } from '../../../src/api/schema-history.js';
import { deliver, HOUR, reply, startWorld, type World } from '../waiting/world.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const DAY = 24 * HOUR;

async function history(world: World, id: string, key?: string) {
  const r = await world.s.call('GET', `/v2/card/${id}/history`, key === undefined ? {} : { key });
  expect(r.status, r.text).toBe(200);
  return envelope(z.array(HistoryEntry)).parse(r.json).data;
}

/** A board of two columns and a tag, shared with sam. */
async function team(world: World) {
  const samKey = await world.s.addUser('sam@acme.test');
  const b = await world.s.call('POST', '/v2/board', { body: { Name: 'Support', Users: ['sam@acme.test'] } });
  expect(b.status, b.text).toBe(200);
  const boardId = Number(b.json.data.Id);
  for (const Name of ['Inbox', 'Doing']) {
    const c = await world.s.call('POST', `/v2/board/${boardId}/column`, { body: { Name } });
    expect(c.status, c.text).toBe(200);
  }
  const cols = await world.s.call('GET', `/v2/board/${boardId}/columns`);
  const [inbox, doing] = (cols.json.data as { ColumnId: string }[]).map((c) => Number(/\d+$/.exec(c.ColumnId)?.[0]));
  const t = await world.s.call('POST', '/v2/tag', { body: { BoardId: boardId, Name: 'Refund', Color: 1 } });
  expect(t.status, t.text).toBe(200);
  return { samKey, boardId, inbox: inbox as number, doing: doing as number, tagId: String(t.json.data.Id) };
}

describe('card history', () => {
  it('shows a move and a tag by who and when, a week later', async () => {
    w = await startWorld({ demo: false });
    const { samKey, boardId, inbox, doing, tagId } = await team(w);
    const made = await w.s.call('POST', '/v2/card', {
      body: { BoardId: boardId, ColumnId: inbox, CardTitle: 'Refund' },
    });
    expect(made.status, made.text).toBe(200);
    const id = String(made.json.taskId);
    const createdAt = new Date(w.clock.now).toISOString();

    w.clock.now += HOUR;
    const movedAt = new Date(w.clock.now).toISOString();
    const m = await w.s.call('POST', '/v2/card/move-card', {
      key: samKey,
      body: { Id: id, NewColumnId: doing, NewPosition: 0 },
    });
    expect(m.status, m.text).toBe(200);
    w.clock.now += HOUR;
    const taggedAt = new Date(w.clock.now).toISOString();
    const t = await w.s.call('POST', `/v2/card/${id}/tags`, { body: { TagId: tagId } });
    expect(t.status, t.text).toBe(200);
    // A reorder in its column and a comment are no change the history follows.
    await w.s.call('POST', '/v2/comment', { body: { CardId: id, Body: 'on it' } });

    w.clock.now += 7 * DAY;
    // Something else written a week later: the change log drops what is past its 24 hours.
    await w.s.call('PUT', `/v2/card/${id}`, {
      body: { BoardId: boardId, ColumnId: doing, CardTitle: 'Refund for order 5521' },
    });
    const seen = await history(w, id, samKey);
    expect(seen.map((e) => [e.Kind, e.By, e.At])).toEqual([
      ['created', 'owner@inboard.local', createdAt],
      ['moved', 'sam@acme.test', movedAt],
      ['tagged', 'owner@inboard.local', taggedAt],
      ['renamed', 'owner@inboard.local', new Date(w.clock.now).toISOString()],
    ]);
    expect(seen[0]).toMatchObject({ Via: 'api', To: 'Inbox' });
    expect(seen[1]).toMatchObject({ From: 'Inbox', To: 'Doing' });
    expect(seen[2]).toMatchObject({ Added: ['Refund'], Removed: [] });
    expect(seen[3]).toMatchObject({ From: 'Refund', To: 'Refund for order 5521' });
  });

  it('records mail in, a reply, assignees, due, snooze, archive and restore', async () => {
    w = await startWorld({ demo: false });
    const { boardId } = await team(w);
    const id = await deliver(w, { subject: 'Where is my parcel', messageId: '<p1@customer.example>' }, boardId);
    await reply(w, id, 'On its way.');
    await Promise.all(w.s.outboxes.map((o) => o.tick()));
    await w.s.call('PUT', `/v2/card/${id}/due-date`, { body: { DueDate: '2026-12-01' } });
    const detail = await w.s.call('GET', `/v2/card/${id}`);
    await w.s.call('PUT', `/v2/card/${id}`, {
      body: {
        BoardId: boardId,
        ColumnId: Number(/\d+$/.exec(String(detail.json.data.ColumnId))?.[0]),
        CardTitle: 'Where is my parcel',
        Assignee: ['sam@acme.test'],
      },
    });
    await w.s.call('POST', `/v2/card/${id}/snooze`, { body: { UntilReply: true } });
    await deliver(
      w,
      { subject: 'Re: parcel', messageId: '<p2@customer.example>', inReplyTo: '<p1@customer.example>' },
      boardId,
    );
    await w.s.call('DELETE', `/v2/card/${id}`);
    await w.s.call('POST', `/v2/card/${id}/restore`, { body: {} });
    const seen = await history(w, id);
    expect(seen.map((e) => [e.Kind, e.By])).toEqual([
      ['created', 'ana@customer.example'],
      ['replied', 'owner@inboard.local'],
      ['due', 'owner@inboard.local'],
      ['assigned', 'owner@inboard.local'],
      ['snoozed', 'owner@inboard.local'],
      ['woken', 'ana@customer.example'],
      ['answered', 'ana@customer.example'],
      ['archived', 'owner@inboard.local'],
      ['restored', 'owner@inboard.local'],
    ]);
    expect(seen[0]?.Via).toBe('mail-in');
    expect(seen[3]?.Added).toEqual(['sam@acme.test']);
    expect(seen[4]?.To).toBe('an answer');
  });

  it('answers 404 to a key that cannot see the card, and for no card', async () => {
    w = await startWorld({ demo: false });
    const { boardId, inbox } = await team(w);
    const made = await w.s.call('POST', '/v2/card', {
      body: { BoardId: boardId, ColumnId: inbox, CardTitle: 'Private' },
    });
    const stranger = await w.s.addUser('eve@elsewhere.test');
    const r = await w.s.call('GET', `/v2/card/${String(made.json.taskId)}/history`, { key: stranger });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ error: true, code: 404 });
    expect((await w.s.call('GET', '/v2/card/999999/history')).status).toBe(404);
    expect((await w.s.call('GET', '/v2/card/12/history?Page=2')).status).toBe(400);
  });
});
