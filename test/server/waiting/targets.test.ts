/**
 * Response targets: the owner sets them per board; a listed card says when
 * its answer falls due (first response while the team never replied, next
 * response after), with business hours counted in the board's zone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { envelope } from '../../../src/api/schema.js';
import { BoardTargets } from '../../../src/api/schema-waiting.js';
import { card, deliver, HOUR, reply, startWorld, type World } from './world.js';

let w: World | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const setTargets = (world: World, body: object, key?: string) =>
  world.s.call('PUT', '/v2/board/1/targets', { body, ...(key !== undefined ? { key } : {}) });

describe('response targets', () => {
  it('a one-hour first response target: due an hour after the customer wrote; the next target after a reply', async () => {
    w = await startWorld();
    const r = await setTargets(w, { FirstResponseSeconds: 3600, NextResponseSeconds: 4 * 3600 });
    expect(r.status, r.text).toBe(200);
    expect(envelope(BoardTargets).parse(r.json).data).toEqual({
      BoardId: 1,
      FirstResponseSeconds: 3600,
      NextResponseSeconds: 14400,
      Hours: null,
      Zone: 'UTC',
    });
    const wrote = w.clock.now - 3 * HOUR;
    const id = await deliver(w, {
      subject: 'Late one',
      messageId: '<t1@customer.example>',
      date: new Date(wrote).toUTCString(),
    });
    let c = await card(w, id);
    expect(c.ResponseTarget).toBe('first');
    expect(c.ResponseDue).toBe(new Date(wrote + HOUR).toISOString());
    await reply(w, id, 'Looking into it.');
    expect((await card(w, id)).ResponseDue).toBeNull();
    await deliver(w, {
      subject: 'Re: Late one',
      messageId: '<t2@customer.example>',
      inReplyTo: '<t1@customer.example>',
      date: new Date(w.clock.now).toUTCString(),
    });
    c = await card(w, id);
    expect(c.ResponseTarget).toBe('next');
    expect(c.ResponseDue).toBe(new Date(w.clock.now + 4 * HOUR).toISOString());
  });

  it('with business hours the clock stops outside them, in the board’s zone', async () => {
    // Friday 16:30 in Berlin (15:30 UTC, winter): an hour's target runs 30 min on Friday, 30 min on Monday.
    w = await startWorld({}, '2026-11-27T15:30:00Z');
    const r = await setTargets(w, { FirstResponseSeconds: 3600, Hours: 'mon-fri 9-17', Zone: 'Europe/Berlin' });
    expect(r.status, r.text).toBe(200);
    expect(envelope(BoardTargets).parse(r.json).data.Hours).toBe('Mon-Fri 09:00-17:00');
    const id = await deliver(w, {
      subject: 'Weekend',
      messageId: '<w1@customer.example>',
      date: new Date(w.clock.now).toUTCString(),
    });
    expect((await card(w, id)).ResponseDue).toBe('2026-11-30T08:30:00.000Z');
  });

  it('only the owner sets them; bad values are refused in words, nothing changed', async () => {
    w = await startWorld();
    const refused = async (body: object, words: RegExp) => {
      const a = await setTargets(w as World, body);
      expect(a.status, a.text).toBe(400);
      expect((a.json as { message: string }).message).toMatch(words);
    };
    await refused({ FirstResponseSeconds: 0 }, /^FirstResponseSeconds: .*longer than zero/);
    await refused({ FirstResponseSeconds: 3600, Hours: 'weekdays all day' }, /^Hours: /);
    await refused({ FirstResponseSeconds: 3600, Zone: 'Mars/Olympus' }, /^Zone: .*Mars\/Olympus/);
    await refused({ Hours: 'Mon-Fri 9-17' }, /give FirstResponseSeconds or NextResponseSeconds/);
    const got = await w.s.call('GET', '/v2/board/1/targets');
    expect(envelope(BoardTargets).parse(got.json).data.FirstResponseSeconds).toBeNull();
    const member = await w.s.addUser('sam@inboard.example');
    await w.s.call('PUT', '/v2/board/1', { body: { Users: ['sam@inboard.example'] } });
    const denied = await setTargets(w, { FirstResponseSeconds: 60 }, member);
    expect(denied.status, denied.text).toBe(403);
    expect((await w.s.call('GET', '/v2/board/1/targets', { key: member })).status).toBe(200);
    expect((await w.s.call('DELETE', '/v2/board/1/targets')).status).toBe(200);
  });

  it('search finds them: is:waiting, waiting:>2h, is:late, is:snoozed', async () => {
    w = await startWorld();
    await setTargets(w, { FirstResponseSeconds: 3600 });
    const old = await deliver(w, {
      subject: 'Zebrafish Old',
      messageId: '<s1@customer.example>',
      date: new Date(w.clock.now - 3 * HOUR).toUTCString(),
    });
    const fresh = await deliver(w, {
      subject: 'Zebrafish Fresh',
      messageId: '<s2@customer.example>',
      date: new Date(w.clock.now - 10 * 60_000).toUTCString(),
    });
    const answered = await deliver(w, {
      subject: 'Zebrafish Answered',
      messageId: '<s3@customer.example>',
      date: new Date(w.clock.now - 5 * HOUR).toUTCString(),
    });
    await reply(w, answered, 'Done.');
    const found = async (q: string) => {
      const r = await w!.s.call('GET', `/v2/search?q=${encodeURIComponent(`zebrafish ${q}`)}`);
      expect(r.status, r.text).toBe(200);
      return (r.json as { data: { ServiceTaskId: number | string }[] }).data.map((c) => String(c.ServiceTaskId)).sort();
    };
    expect(await found('is:waiting')).toEqual([old, fresh].sort());
    expect(await found('waiting:>2h')).toEqual([old]);
    expect(await found('waiting:<1h')).toEqual([fresh]);
    expect(await found('is:late')).toEqual([old]);
    expect(await found('-is:waiting')).toEqual([answered]);
    await w.s.call('POST', `/v2/card/${fresh}/snooze`, { body: { UntilReply: true } });
    expect(await found('is:snoozed')).toEqual([fresh]);
  });
});
