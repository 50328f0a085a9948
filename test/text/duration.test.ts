/**
 * Lengths of time: each form a target is typed in and each refusal (its
 * words checked), the compact age of a board row, the canonical echo and
 * the words of a sentence; then, on the run's fast-check seed
 * (test/global-setup.ts prints it), the echo read back is the same length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { durationWords, formatAge, formatDuration, parseDuration } from '../../src/text/duration.js';

const MIN = 60;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const seconds = (input: string): number => {
  const r = parseDuration(input);
  if (!r.ok) throw new Error(`"${input}" refused: ${r.error}`);
  return r.seconds;
};
const refused = (input: string): string => {
  const r = parseDuration(input);
  if (r.ok) throw new Error(`"${input}" read as ${r.seconds} s`);
  return r.error;
};

describe('parseDuration', () => {
  it('reads the short forms, spaced or not, in any case', () => {
    expect(seconds('45m')).toBe(45 * MIN);
    expect(seconds('4h')).toBe(4 * HOUR);
    expect(seconds('1h30m')).toBe(HOUR + 30 * MIN);
    expect(seconds('2d')).toBe(2 * DAY);
    expect(seconds('90s')).toBe(90);
    expect(seconds('1w')).toBe(7 * DAY);
    expect(seconds('1h 30m')).toBe(HOUR + 30 * MIN);
    expect(seconds('  1H30M ')).toBe(HOUR + 30 * MIN);
    expect(seconds('2d 4h 15m 10s')).toBe(2 * DAY + 4 * HOUR + 15 * MIN + 10);
  });

  it('reads units written out, and parts joined by commas or "and"', () => {
    expect(seconds('30 min')).toBe(30 * MIN);
    expect(seconds('2 hours')).toBe(2 * HOUR);
    expect(seconds('1 day')).toBe(DAY);
    expect(seconds('3 Weeks')).toBe(21 * DAY);
    expect(seconds('1 hour and 30 minutes')).toBe(HOUR + 30 * MIN);
    expect(seconds('1 day, 2 hrs')).toBe(DAY + 2 * HOUR);
    expect(seconds('20 secs')).toBe(20);
  });

  it('takes up to 365 days', () => {
    expect(seconds('365d')).toBe(365 * DAY);
    expect(seconds('52w')).toBe(364 * DAY);
  });

  it('refuses zero and negatives: a target must be longer than zero', () => {
    expect(refused('0')).toBe('"0": a target must be longer than zero');
    expect(refused('0h')).toBe('"0h": a target must be longer than zero');
    expect(refused('0h 0m')).toBe('"0h 0m": a target must be longer than zero');
    expect(refused('-2h')).toBe('"-2h": a target must be longer than zero');
  });

  it('refuses nothing typed, saying what to write', () => {
    for (const s of ['', '   '])
      expect(refused(s)).toBe('Nothing typed: a target is a length of time — write e.g. 45m, 4h, 1h30m or 2d');
  });

  it('refuses an unknown unit, naming it and the units there are', () => {
    expect(refused('4x')).toBe(
      '"4x": not a length of time — "x" is not a unit (s, m, h, d or w); write e.g. 45m, 4h, 1h30m or 2d',
    );
    expect(refused('3 fortnights')).toContain('"fortnights" is not a unit');
    expect(refused('2mo')).toBe('"2mo": months differ in length — write days instead, e.g. 30d');
  });

  it('refuses what is not a length at all', () => {
    expect(refused('soon')).toBe('"soon": not a length of time — write e.g. 45m, 4h, 1h30m or 2d');
    expect(refused('1h-30m')).toBe('"1h-30m": not a length of time — write e.g. 45m, 4h, 1h30m or 2d');
  });

  it('refuses a number without a unit, fractions, and a unit given twice', () => {
    expect(refused('30')).toBe('"30": 30 of what? — add a unit (s, m, h, d or w), write e.g. 45m, 4h, 1h30m or 2d');
    expect(refused('1h30')).toContain('"1h30": 30 of what?');
    expect(refused('1.5h')).toBe('"1.5h": whole numbers only — write e.g. 1h30m rather than 1.5h');
    expect(refused('1h 2h')).toBe('"1h 2h": hours given twice — write each unit once, e.g. 1h30m');
    expect(refused('1 min 5m')).toContain('minutes given twice');
  });

  it('refuses absurd lengths: more than 365 days', () => {
    expect(refused('366d')).toBe('"366d": longer than a year — a target can be at most 365d');
    expect(refused('53w')).toContain('at most 365d');
    expect(refused('2y')).toBe('"2y": longer than a year — a target can be at most 365d');
    expect(refused('99999999999999999999999h')).toContain('at most 365d');
  });

  it('shows pasted control characters in the quote instead of obeying them', () => {
    expect(refused('4\x1b[2J')).toContain('"4^[[2J"');
  });
});

describe('formatAge', () => {
  it('minutes under an hour, hours under 48, days under 14, weeks under a year, then years', () => {
    const cases: [number, string][] = [
      [0, '0m'],
      [59_999, '0m'],
      [60_000, '1m'],
      [45 * MIN * 1000 + 59_000, '45m'],
      [HOUR * 1000 - 1, '59m'],
      [HOUR * 1000, '1h'],
      [3 * HOUR * 1000, '3h'],
      [48 * HOUR * 1000 - 1, '47h'],
      [48 * HOUR * 1000, '2d'],
      [14 * DAY * 1000 - 1, '13d'],
      [14 * DAY * 1000, '2w'],
      [36 * DAY * 1000, '5w'],
      [364 * DAY * 1000, '52w'],
      [365 * DAY * 1000, '1y'],
      [3 * 365 * DAY * 1000, '3y'],
    ];
    for (const [ms, shown] of cases) expect([ms, formatAge(ms)]).toEqual([ms, shown]);
  });

  it('a clock ahead of ours, or no age, is 0m', () => {
    expect(formatAge(-5_000)).toBe('0m');
    expect(formatAge(Number.NaN)).toBe('0m');
  });

  it('is at most 3 characters under 100 years', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 365 * DAY * 1000 - 1 }), (ms) => {
        expect(formatAge(ms).length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe('formatDuration', () => {
  it('echoes a setting in its short form, largest unit first, whole weeks as weeks', () => {
    expect(formatDuration(4 * HOUR)).toBe('4h');
    expect(formatDuration(HOUR + 30 * MIN)).toBe('1h30m');
    expect(formatDuration(2 * DAY)).toBe('2d');
    expect(formatDuration(10 * DAY)).toBe('10d');
    expect(formatDuration(7 * DAY)).toBe('1w');
    expect(formatDuration(14 * DAY)).toBe('2w');
    expect(formatDuration(90)).toBe('1m30s');
    expect(formatDuration(DAY + 5)).toBe('1d5s');
    expect(formatDuration(0)).toBe('0s');
  });

  it('is read back by parseDuration as the same length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 * DAY }), (s) => {
        expect(seconds(formatDuration(s))).toBe(s);
      }),
    );
  });
});

describe('durationWords', () => {
  it('the largest unit, with the next one down when it is not zero', () => {
    expect(durationWords(3 * HOUR * 1000)).toBe('3 hours');
    expect(durationWords((DAY + 4 * HOUR + 59 * MIN) * 1000)).toBe('1 day 4 hours');
    expect(durationWords(45 * MIN * 1000)).toBe('45 minutes');
    expect(durationWords(2 * MIN * 1000 + 59_999)).toBe('2 minutes');
    expect(durationWords((HOUR + 30 * MIN) * 1000)).toBe('1 hour 30 minutes');
    expect(durationWords((HOUR + MIN) * 1000)).toBe('1 hour 1 minute');
    expect(durationWords((2 * DAY + 5 * MIN) * 1000)).toBe('2 days');
    expect(durationWords(MIN * 1000)).toBe('1 minute');
  });

  it('under a minute in seconds; a negative length by its size', () => {
    expect(durationWords(30_500)).toBe('30 seconds');
    expect(durationWords(1_000)).toBe('1 second');
    expect(durationWords(0)).toBe('0 seconds');
    expect(durationWords(-3 * HOUR * 1000)).toBe('3 hours');
  });
});
