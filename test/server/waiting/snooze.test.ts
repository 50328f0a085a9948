/**
 * Snooze: a card leaves its column's listing until a time and/or until the
 * customer answers, and comes back by itself on top of its column, unread
 * and marked — once, however many instances look. The service's clock is the
 * test's; the wake-up runs when the test ticks it (and at each start).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { CreateCardResponse } from '../../../src/api/schema-cards.js';
import { SnoozedCard } from '../../../src/api/schema-waiting.js';
import { startService } from '../../../src/server/index.js';
import { z } from 'zod';
import { card, dated, deliver, HOUR, listed, startWorld, tickAll, type World } from './world.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const columnOf = async (world: World, id: string) => Number(/\d+$/.exec((await card(world, id)).ColumnId)?.[0]);
const snooze = (world: World, id: string, body: object) => world.s.call('POST', `/v2/card/${id}/snooze`, { body });
const changes = (world: World, id: string) =>
  world.s.withSql((db) =>
    db.all<{ kind: string }>('SELECT kind FROM changes WHERE card_id = ? ORDER BY id', [Number(id)]),
  );

describe('snooze', () => {
  it('leaves the listing until its time, then comes back on top, unread and marked, once', async () => {
    w = await startWorld();
    const id = await deliver(w, { subject: 'Invoice copy', messageId: '<i1@customer.example>', date: dated(w, HOUR) });
    const col = await columnOf(w, id);
    await w.s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 1 } });
    const r = await snooze(w, id, { Until: new Date(w.clock.now + 5_000).toISOString() });
    expect(r.status, r.text).toBe(200);
    expect((await listed(w, 1, col)).includes(id)).toBe(false);
    const list = await w.s.call('GET', '/v2/board/1/snoozed');
    const snoozed = envelope(z.array(SnoozedCard)).parse(list.json).data;
    expect(snoozed.map((c) => String(c.ServiceTaskId))).toEqual([id]);
    expect(snoozed[0]?.Snoozed).toMatchObject({
      Until: new Date(w.clock.now + 5_000).toISOString(),
      UntilReply: false,
    });
    // Not yet.
    w.clock.now += 4_000;
    await tickAll(w);
    expect((await listed(w, 1, col)).includes(id)).toBe(false);
    w.clock.now += 1_000;
    await Promise.all([tickAll(w), tickAll(w)]);
    expect((await listed(w, 1, col))[0]).toBe(id);
    const back = await card(w, id);
    expect(back.Snoozed).toBeNull();
    expect(back.BackFromSnooze).toBe(true);
    expect(back.ReadUnreadStatus).toBe(0);
    expect((await changes(w, id)).filter((c) => c.kind === 'card-woken')).toHaveLength(1);
    // Read: no longer news.
    await w.s.call('PUT', `/v2/card/${id}/read-status`, { body: { ReadStatus: 1 } });
    expect((await card(w, id)).BackFromSnooze).toBe(false);
  });

  it('until reply: the customer’s answer brings it back; a time alone does not wait for one', async () => {
    w = await startWorld();
    const id = await deliver(w, { subject: 'Refund', messageId: '<r1@customer.example>', date: dated(w, HOUR) });
    const col = await columnOf(w, id);
    expect((await snooze(w, id, { UntilReply: true })).status).toBe(200);
    expect((await listed(w, 1, col)).includes(id)).toBe(false);
    await deliver(w, { subject: 'Re: Refund', messageId: '<r2@customer.example>', inReplyTo: '<r1@customer.example>' });
    expect((await listed(w, 1, col))[0]).toBe(id);
    expect((await card(w, id)).BackFromSnooze).toBe(true);

    const other = await deliver(w, { subject: 'Quote', messageId: '<q1@customer.example>', date: dated(w, HOUR) });
    await snooze(w, other, { Until: new Date(w.clock.now + HOUR).toISOString() });
    await deliver(w, { subject: 'Re: Quote', messageId: '<q2@customer.example>', inReplyTo: '<q1@customer.example>' });
    expect((await listed(w, 1, col)).includes(other)).toBe(false);
  });

  it('unsnooze puts it back where it was; archive ends the snooze', async () => {
    w = await startWorld({ demo: true });
    const col = 1;
    const before = await listed(w, 1, col);
    const middle = before[1] as string;
    await snooze(w, middle, { Until: new Date(w.clock.now + HOUR).toISOString() });
    expect(await listed(w, 1, col)).toEqual(before.filter((x) => x !== middle));
    const r = await w.s.call('DELETE', `/v2/card/${middle}/snooze`);
    expect(r.status, r.text).toBe(200);
    expect(await listed(w, 1, col)).toEqual(before);
    expect((await card(w, middle)).BackFromSnooze).toBe(false);
    expect((await w.s.call('DELETE', `/v2/card/${middle}/snooze`)).status).toBe(409);
    await snooze(w, middle, { Until: new Date(w.clock.now + HOUR).toISOString() });
    expect((await w.s.call('DELETE', `/v2/card/${middle}`)).status).toBe(200);
    expect((await card(w, middle)).Snoozed).toBeNull();
  });

  it('refuses in words, changing nothing: a time passed, neither term, until reply without a thread', async () => {
    w = await startWorld();
    const r = await w.s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'No mail here' } });
    const id = String(CreateCardResponse.parse(r.json).taskId);
    const refused = async (body: object, words: RegExp) => {
      const a = await snooze(w as World, id, body);
      expect(a.status, a.text).toBe(400);
      expect((a.json as { message: string }).message).toMatch(words);
    };
    await refused({ Until: new Date(w.clock.now - 60_000).toISOString() }, /^Until: .* has passed/);
    await refused({}, /give Until \(a time\) or UntilReply: true/);
    await refused({ Until: 'friday' }, /^Until: must be a date and time/);
    await refused({ UntilReply: true }, /^UntilReply: card \d+ has no email thread/);
    expect((await card(w, id)).Snoozed).toBeNull();
  });

  it('a time that passed while the service was down wakes at its start', async () => {
    w = await startWorld();
    const id = await deliver(w, { subject: 'Later', messageId: '<l1@customer.example>' });
    await snooze(w, id, { Until: new Date(w.clock.now + 60_000).toISOString() });
    w.clock.now += 10 * 60_000;
    // Another instance starting on the database: its first look wakes it, no tick needed.
    const next = await startService({ dbPath: w.s.dbPath, apiKey: w.s.key, snoozeTickMs: 0, now: () => w!.clock.now });
    try {
      await next.snoozes.tick();
      expect((await card(w, id)).Snoozed).toBeNull();
      expect((await changes(w, id)).filter((c) => c.kind === 'card-woken')).toHaveLength(1);
    } finally {
      await next.close();
    }
  });

  it('of two instances looking at once, each card is woken exactly once', async () => {
    w = await startWorld();
    const other = await startService({ dbPath: w.s.dbPath, apiKey: w.s.key, snoozeTickMs: 0, now: () => w!.clock.now });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const id = await deliver(w, { subject: `Race ${i}`, messageId: `<race${i}@customer.example>` });
        await snooze(w, id, { Until: new Date(w.clock.now + 1_000 + i).toISOString() });
        ids.push(id);
      }
      w.clock.now += 2_000;
      const counts = await Promise.all([tickAll(w), other.snoozes.tick(), tickAll(w), other.snoozes.tick()]);
      expect(counts.flat().reduce((a, b) => a + b, 0)).toBe(6);
      for (const id of ids) {
        expect((await changes(w, id)).filter((c) => c.kind === 'card-woken')).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});
