/**
 * Waiting time: since the oldest customer message no reply of the team's has
 * answered, dated by the message (never later than it arrived); null once
 * the team wrote last. Kept by the database's triggers, so every way mail
 * arrives or leaves keeps it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CreateCardResponse } from '../../../src/api/schema-cards.js';
import { card, dated, deliver, HOUR, reply, startWorld, type World } from './world.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

describe('waiting time', () => {
  it('runs from the customer’s unanswered message; the team’s reply clears it; the next answer starts it again', async () => {
    w = await startWorld();
    const wrote = dated(w, 3 * HOUR);
    const id = await deliver(w, { subject: 'Parcel 7', messageId: '<p1@customer.example>', date: wrote });
    let c = await card(w, id);
    expect(c.WaitingSince).toBe(new Date(Date.parse(wrote)).toISOString());
    // A second message before any answer: still waiting since the first.
    await deliver(w, {
      subject: 'Re: Parcel 7',
      messageId: '<p2@customer.example>',
      inReplyTo: '<p1@customer.example>',
      date: dated(w, HOUR),
    });
    expect((await card(w, id)).WaitingSince).toBe(new Date(Date.parse(wrote)).toISOString());
    w.clock.now += 10 * 60_000;
    await reply(w, id, 'On its way.');
    c = await card(w, id);
    expect(c.WaitingSince).toBeNull();
    w.clock.now += HOUR;
    const again = dated(w, 5 * 60_000);
    await deliver(w, {
      subject: 'Re: Parcel 7',
      messageId: '<p3@customer.example>',
      inReplyTo: '<p2@customer.example>',
      date: again,
    });
    c = await card(w, id);
    expect(c.WaitingSince).toBe(new Date(Date.parse(again)).toISOString());
  });

  it('is never dated after the message arrived, and an automatic message is no customer waiting', async () => {
    w = await startWorld();
    const ahead = new Date(w.clock.now + 5 * HOUR).toUTCString();
    const id = await deliver(w, { subject: 'From the future', messageId: '<f1@customer.example>', date: ahead });
    expect((await card(w, id)).WaitingSince).toBe(new Date(w.clock.now).toISOString());
    const auto = await deliver(w, {
      subject: 'Out of office',
      messageId: '<o1@customer.example>',
      headers: ['Auto-Submitted: auto-replied'],
      date: dated(w, HOUR),
    });
    expect((await card(w, auto)).WaitingSince).toBeNull();
  });

  it('a card without a thread waits for no one', async () => {
    w = await startWorld();
    const r = await w.s.call('POST', '/v2/card', { body: { BoardId: 1, ColumnId: 1, CardTitle: 'Call the printer' } });
    expect(r.status, r.text).toBe(200);
    const id = String(CreateCardResponse.parse(r.json).taskId);
    const c = await card(w, id);
    expect(c.WaitingSince).toBeNull();
    expect(c.Snoozed).toBeNull();
  });
});
