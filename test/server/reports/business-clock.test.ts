/** The report's span clock counts what text/business-hours.ts counts, one span at a time. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spanClock } from '../../../src/server/reports/business-clock.js';
import { businessTimeBetween, parseBusinessHours } from '../../../src/text/business-hours.js';

const DAY = 86_400_000;
const LOW = Date.parse('2026-03-01T00:00:00Z');
const HIGH = Date.parse('2026-11-30T00:00:00Z');

describe('spanClock', () => {
  for (const [hoursText, zone] of [
    ['Mon-Fri 09:00-17:00', 'Europe/Berlin'],
    ['Mon-Thu 9-17, Fri 9-15, Sun 02:00-03:30', 'America/New_York'],
    ['Sun-Sat 00:00-24:00', 'Australia/Lord_Howe'],
  ] as const) {
    it(`agrees with businessTimeBetween: ${hoursText} in ${zone}`, () => {
      const parsed = parseBusinessHours(hoursText);
      if (!parsed.ok) throw new Error(parsed.error);
      const clock = spanClock(parsed.hours, zone, LOW, HIGH);
      expect(clock.kind).toBe('business');
      fc.assert(
        fc.property(fc.integer({ min: LOW, max: HIGH }), fc.integer({ min: 0, max: 40 * DAY }), (a, len) => {
          const b = Math.min(HIGH, a + len);
          expect(clock.between(a, b)).toBeCloseTo(businessTimeBetween(a, b, parsed.hours, zone), 6);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('clock time without hours; never negative', () => {
    const clock = spanClock(null, 'UTC', LOW, HIGH);
    expect(clock.kind).toBe('clock');
    expect(clock.between(LOW, LOW + 90_000)).toBe(90);
    expect(clock.between(LOW + 1, LOW)).toBe(0);
  });
});
