/**
 * Typed due dates in the words people use (next week, in 2 days, mon at
 * 9am), day and month in the locale's order, and what is in the past —
 * with a fixed `now`, expectations built in local time as due-parse.test.ts does.
 */
import { describe, expect, it } from 'vitest';
import { parseDue } from '../../src/text/due-parse.js';

/** Monday 23 November 2026, 22:28:57 local. */
const NOW = new Date(2026, 10, 23, 22, 28, 57, 123);
const local = (y: number, mo: number, d: number, h: number, m: number): string =>
  new Date(y, mo - 1, d, h, m).toISOString();

const ok = (input: string, now = NOW): { value: string | null; words: string } => {
  const r = parseDue(input, now);
  if (!r.ok) throw new Error(`'${input}' refused: ${r.error}`);
  return { value: r.value, words: r.words };
};

describe('parseDue: the words people type', () => {
  it('next week, next month, next fri; in 2 days, in an hour; at between a day and a time', () => {
    // Today is Monday 23 November 2026.
    expect(ok('next week')).toEqual({ value: local(2026, 11, 30, 23, 59), words: 'Mon 30 Nov 2026 23:59 (in 7 days)' });
    expect(ok('next week 9am').value).toBe(local(2026, 11, 30, 9, 0));
    expect(ok('next month').value).toBe(local(2026, 12, 1, 23, 59));
    expect(ok('next fri').value).toBe(ok('fri').value);
    expect(ok('in 2 days')).toEqual(ok('+2d'));
    expect(ok('in 2 days 10:00').value).toBe(local(2026, 11, 25, 10, 0));
    expect(ok('in 3 weeks').value).toBe(ok('+3w').value);
    expect(ok('in an hour').value).toBe(ok('+1h').value);
    expect(ok('in 30 min').value).toBe(ok('+30m').value);
    expect(ok('in 5 minutes').value).toBe(ok('+5m').value);
    expect(ok('mon 9am').value).toBe(local(2026, 11, 30, 9, 0));
    expect(ok('mon at 9am').value).toBe(local(2026, 11, 30, 9, 0));
    expect(ok('tomorrow at 10').value).toBe(local(2026, 11, 24, 10, 0));
  });

  it('25/11 and 11/25: day and month in the locale’s order; a number over 12 is the day either way', () => {
    const read = (s: string, locale: string) => {
      const r = parseDue(s, NOW, locale);
      return r.ok ? r.value : r.error;
    };
    // No year: the next such day from today on.
    expect(read('25/11', 'en-GB')).toBe(local(2026, 11, 25, 23, 59));
    expect(read('25/11', 'en-US')).toBe(local(2026, 11, 25, 23, 59));
    expect(read('11/25', 'en-US')).toBe(local(2026, 11, 25, 23, 59));
    expect(read('3/4', 'en-GB')).toBe(local(2027, 4, 3, 23, 59));
    expect(read('3/4', 'en-US')).toBe(local(2027, 3, 4, 23, 59));
    expect(read('23.11.', 'de-DE')).toBe(local(2026, 11, 23, 23, 59));
    expect(read('1.12.2026 9:00', 'de-DE')).toBe(local(2026, 12, 1, 9, 0));
    expect(read('01/12/26 17:00', 'fr-FR')).toBe(local(2026, 12, 1, 17, 0));
    expect(read('25/13', 'en-GB')).toBe("Can't read '25/13' as a date: neither number is a month (day/month here)");
    expect(read('31/4', 'en-GB')).toBe('There is no 31 April 2027: April 2027 has 30 days (day/month here)');
  });

  it('says when what it read is in the past (the prompt and the command ask first)', () => {
    expect(parseDue('2020-01-01', NOW)).toMatchObject({ ok: true, past: true });
    expect(parseDue('17:00', NOW)).toMatchObject({ ok: true, past: true });
    expect(parseDue('today', NOW)).not.toHaveProperty('past');
    expect(parseDue('+0d', NOW)).not.toHaveProperty('past');
    expect(parseDue('25/11', NOW)).not.toHaveProperty('past');
  });
});
