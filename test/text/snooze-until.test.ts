/**
 * Until when a snooze lasts, as the board's prompt reads it
 * (text/snooze-until.ts): the due date's words (a day alone is 09:00),
 * `reply` for the customer's answer, or both; refusals in words. Times are
 * built in local time, as they are typed, so these hold in any time zone.
 */
import { describe, expect, it } from 'vitest';
import { parseSnoozeTerms, parseSnoozeUntil } from '../../src/text/snooze-until.js';

/** Wednesday 25 November 2026, 14:00 local. */
const NOW = new Date(2026, 10, 25, 14, 0);
const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m).getTime();

describe('the snooze prompt', () => {
  it('a time: a day alone is the start of that working day', () => {
    expect(parseSnoozeTerms('fri', NOW)).toEqual({
      ok: true,
      untilMs: at(27, 9),
      untilReply: false,
      words: 'until Fri 27 Nov 2026 09:00 (in 2 days)',
    });
    expect(parseSnoozeTerms('tomorrow 15:30', NOW)).toMatchObject({ ok: true, untilMs: at(26, 15, 30) });
    expect(parseSnoozeTerms('+3d', NOW)).toMatchObject({ ok: true, untilMs: at(28, 14) });
  });

  it('reply: until the customer answers; with a time, whichever comes first', () => {
    expect(parseSnoozeTerms('reply', NOW)).toEqual({
      ok: true,
      untilMs: null,
      untilReply: true,
      words: 'until the customer answers',
    });
    for (const typed of [
      'reply fri',
      'fri or reply',
      'reply or fri',
      'fri or an answer',
      'until the customer’s reply fri',
    ])
      expect(parseSnoozeTerms(typed, NOW), typed).toEqual({
        ok: true,
        untilMs: at(27, 9),
        untilReply: true,
        words: 'until Fri 27 Nov 2026 09:00 (in 2 days) or an answer',
      });
  });

  it('refuses in words what it cannot read, nothing, and a time that has passed', () => {
    expect(parseSnoozeTerms('', NOW)).toEqual({
      ok: false,
      error: 'say until when: e.g. tomorrow 9, fri, +3d — or reply, until the customer answers',
    });
    expect(parseSnoozeTerms('someday', NOW)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Can't read 'someday'/),
    });
    expect(parseSnoozeTerms('reply someday', NOW)).toMatchObject({ ok: false });
    expect(parseSnoozeUntil('today 9', NOW)).toEqual({
      ok: false,
      error: '"today 9" is Wed 25 Nov 2026 09:00, which has passed: a snooze ends in the future',
    });
  });
});
