/**
 * GET /v2/board/:id/report on a week whose answers were worked out by hand
 * (world.ts `seedWeek`), in clock time and then in business time, on both
 * engines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { archive, assign, customer, OWNER, seedWeek, startReportWorld, type ReportWorld } from './world.js';

let w: ReportWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const WEEK = 'from=2026-11-23&to=2026-11-30';
const setTargets = (world: ReportWorld, body: object) =>
  world.s.call('PUT', `/v2/board/${world.board}/targets`, { body });

describe('the report of a week worked out by hand', () => {
  it('clock time: volume, speed, share within target, now, heatmap, who', async () => {
    w = await startReportWorld();
    expect((await setTargets(w, { FirstResponseSeconds: 3600, NextResponseSeconds: 14400 })).status).toBe(200);
    const ids = await seedWeek(w);
    await assign(w, ids.b ?? '', w.columns[0] ?? 0, [OWNER]);
    await assign(w, ids.d ?? '', w.columns[0] ?? 0, [OWNER]);
    const r = await w.report(WEEK);
    expect(r.Clock).toBe('clock');
    expect(r.Zone).toBe('UTC');
    expect(r.ZoneFrom).toBe('board');
    expect(r.From).toBe('2026-11-23T00:00:00.000Z');
    expect(r.To).toBe('2026-11-30T10:00:00.000Z');
    expect(r.Units).toEqual({ Durations: 'seconds', Share: 'fraction' });
    expect(r.Days.map((d) => [d.Day, d.NewConversations, d.CustomerMessages, d.Replies])).toEqual([
      ['2026-11-23', 3, 3, 2],
      ['2026-11-24', 1, 2, 1],
      ['2026-11-25', 0, 1, 1],
      ['2026-11-26', 0, 0, 1],
      ['2026-11-27', 1, 1, 0],
      ['2026-11-28', 0, 0, 0],
      ['2026-11-29', 0, 0, 0],
      ['2026-11-30', 1, 1, 1],
    ]);
    // First responses: A 10 min, E 30 min (from its reopening), B 2 h, D 61.5 h, C 3 days.
    expect(r.Speed.FirstResponse).toEqual({ Count: 5, MedianSeconds: 7200, P90Seconds: 259200 });
    expect(r.Speed.LaterResponse).toEqual({ Count: 1, MedianSeconds: 2700, P90Seconds: 2700 });
    // Resolutions: E 5 min, A 20 min, C 3 days 30 min.
    expect(r.Speed.Resolution).toEqual({ Count: 3, MedianSeconds: 1200, P90Seconds: 261000 });
    expect(r.Speed.Unanswered).toBe(1);
    expect(r.Speed.ClosedWithoutReply).toBe(1);
    expect(r.Speed.Reopened).toBe(2);
    // Within target: A, E and A's later one; not B, C, D, nor F (2 h unanswered).
    expect(r.Speed.Target).toEqual({
      FirstResponseSeconds: 3600,
      NextResponseSeconds: 14400,
      Counted: 7,
      WithinTarget: 3,
      Share: 3 / 7,
    });
    expect(r.Now.map((c) => [c.ColumnName, c.Open, c.Waiting, c.Late, c.Snoozed])).toEqual([
      ['New', 5, 1, 1, 0],
      ['Doing', 0, 0, 0, 0],
      ['Done', 0, 0, 0, 0],
    ]);
    const cell = (day: number, hour: number) => r.Heatmap[day]?.[hour];
    expect([
      cell(0, 8),
      cell(0, 10),
      cell(0, 11),
      cell(0, 12),
      cell(1, 9),
      cell(1, 10),
      cell(2, 10),
      cell(4, 20),
    ]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(r.Heatmap.flat().reduce((a, b) => a + b, 0)).toBe(8);
    expect(r.By).toBe('assignee');
    expect(r.Groups).toEqual([
      { Key: OWNER, Handled: 2, Replies: 2, FirstResponse: { Count: 2, MedianSeconds: 114300, P90Seconds: 221400 } },
      { Key: '', Handled: 4, Replies: 4, FirstResponse: { Count: 3, MedianSeconds: 1800, P90Seconds: 259200 } },
    ]);
    expect(r.Notes).toContain('Times are clock time: the board has no business hours.');
    expect(r.Notes).toContain('The period ends in the future: counted up to now, 2026-11-30T10:00:00.000Z.');
  });

  it('business time: the same week counted only Mon–Fri 09:00–17:00', async () => {
    w = await startReportWorld();
    const t = await setTargets(w, {
      FirstResponseSeconds: 3600,
      NextResponseSeconds: 14400,
      Hours: 'Mon-Fri 09:00-17:00',
      Zone: 'UTC',
    });
    expect(t.status, t.text).toBe(200);
    await seedWeek(w);
    const r = await w.report(WEEK);
    expect(r.Clock).toBe('business');
    expect(r.Hours).toBe('Mon-Fri 09:00-17:00');
    // A 10 min, E 30 min, D 30 min (Fri 20:00 counts from Mon 09:00), B 2 h, C 24 business hours.
    expect(r.Speed.FirstResponse).toEqual({ Count: 5, MedianSeconds: 1800, P90Seconds: 86400 });
    expect(r.Speed.LaterResponse).toEqual({ Count: 1, MedianSeconds: 2700, P90Seconds: 2700 });
    expect(r.Speed.Resolution).toEqual({ Count: 3, MedianSeconds: 1200, P90Seconds: 88200 });
    // F has had one business hour, not more: not late, not counted yet.
    expect(r.Speed.Target?.Counted).toBe(6);
    expect(r.Speed.Target?.WithinTarget).toBe(4);
    expect(r.Now[0]).toMatchObject({ Open: 5, Waiting: 1, Late: 0 });
    expect(r.Notes).toContain('Times are business time: only Mon-Fri 09:00-17:00 (UTC) counts.');
  });
});

describe('bad input, said', () => {
  it('refuses since=0d, a period in the future, from after to, a day that is not one, a wrong by', async () => {
    w = await startReportWorld();
    expect(await w.refused('since=0d')).toMatch(/^since: 0d is no time at all/);
    expect(await w.refused('from=2027-01-01')).toMatch(/^from: the period starts in the future/);
    expect(await w.refused('from=2026-11-20&to=2026-11-10')).toMatch(/^from: 2026-11-20 is not before to/);
    expect(await w.refused('from=2026-02-30')).toMatch(/^from: 2026-02-30 is not a day of the calendar/);
    expect(await w.refused('since=30d&from=2026-11-01')).toMatch(/^since: give since, or from and to/);
    expect(await w.refused('by=weather')).toMatch(/^by: /);
    expect(await w.refused('since=400d')).toMatch(/^since: at most 366d/);
  });

  it('an empty period and a board with no targets: nulls and words, never NaN', async () => {
    w = await startReportWorld();
    const r = await w.report('since=7d');
    expect(r.Days).toHaveLength(7);
    expect(r.Speed.FirstResponse).toEqual({ Count: 0, MedianSeconds: null, P90Seconds: null });
    expect(r.Speed.Resolution.MedianSeconds).toBeNull();
    expect(r.Speed.Target).toBeNull();
    expect(r.ZoneFrom).toBe('utc');
    expect(r.Notes).toContain('The board names no time zone: days and hours are in UTC.');
    expect(r.Notes).toContain('The board has no response targets: no share is answered within one.');
    expect(r.Notes).toContain('Nothing happened in this period: no customer message and no reply.');
    expect(JSON.stringify(r)).not.toMatch(/NaN|:-\d/);
  });

  it('a card with no customer message, a message dated before its card, a day of 25 hours', async () => {
    w = await startReportWorld();
    const t = await setTargets(w, { FirstResponseSeconds: 3600, Zone: 'Europe/Berlin' });
    expect(t.status, t.text).toBe(200);
    const made = await w.s.call('POST', '/v2/card', {
      body: { BoardId: w.board, ColumnId: w.columns[0], CardTitle: 'No mail here' },
    });
    expect(made.status, made.text).toBe(200);
    w.at('2026-11-23T09:00:00Z');
    await archive(w, String((made.json as { taskId: number }).taskId));
    // Dated two days before it arrived: counted from when its card was made.
    const old = await customer(w, 'old1');
    await w.s.withSql((db) =>
      db.run("UPDATE messages SET sent_at = '2026-11-21T09:00:00.000Z' WHERE message_id = '<old1@customer.example>'"),
    );
    w.at('2026-11-23T09:20:00Z');
    await w.s.call('POST', `/v2/card/${old}/reply`, { body: { Body: 'Here.' } });
    const r = await w.report('from=2026-10-20&to=2026-11-23');
    expect(r.Zone).toBe('Europe/Berlin');
    expect(r.Days.find((d) => d.Day === '2026-10-25')?.Hours).toBe(25);
    expect(r.Notes).toContain('2026-10-25 had 25 hours in Europe/Berlin (a clock change).');
    expect(r.Notes).toContain('A card was resolved with no customer message: no resolution time.');
    expect(r.Notes).toContain(
      'A message is dated more than an hour before its card was made: counted from when the card was made.',
    );
    expect(r.Speed.FirstResponse).toEqual({ Count: 1, MedianSeconds: 1200, P90Seconds: 1200 });
    expect(r.Days.find((d) => d.Day === '2026-11-23')?.CustomerMessages).toBe(1);
  });
});
