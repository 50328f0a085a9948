/**
 * Typed due dates: every form with a fixed `now`, expectations built with
 * local-time Date methods so they hold in the time zone the tests run in;
 * then properties of the relative forms across zones with daylight saving,
 * on the run's fast-check seed (test/global-setup.ts prints it).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime, parseDue, relativeWords } from '../../src/text/due-parse.js';

/** Monday 23 November 2026, 22:28:57 local. */
const NOW = new Date(2026, 10, 23, 22, 28, 57, 123);
const local = (y: number, mo: number, d: number, h: number, m: number): string =>
  new Date(y, mo - 1, d, h, m).toISOString();

const ok = (input: string, now = NOW): { value: string | null; words: string } => {
  const r = parseDue(input, now);
  if (!r.ok) throw new Error(`'${input}' refused: ${r.error}`);
  return { value: r.value, words: r.words };
};
const refused = (input: string, now = NOW): string => {
  const r = parseDue(input, now);
  if (r.ok) throw new Error(`'${input}' read as ${r.words}`);
  return r.error;
};

describe('parseDue: each form', () => {
  it('empty clears the due date', () => {
    for (const s of ['', '   ', '\t'])
      expect(parseDue(s, NOW)).toEqual({ ok: true, value: null, words: 'no due date' });
  });

  it('a date alone is due at the end of that local day; with a time, at that time', () => {
    expect(ok('2026-12-01')).toEqual({ value: local(2026, 12, 1, 23, 59), words: 'Tue 1 Dec 2026 23:59 (in 8 days)' });
    expect(ok('2026-12-01 17:00')).toEqual({
      value: local(2026, 12, 1, 17, 0),
      words: 'Tue 1 Dec 2026 17:00 (in 8 days)',
    });
    expect(ok('2026-12-01T17:00').value).toBe(local(2026, 12, 1, 17, 0));
    expect(ok('2026-3-7 9:05').value).toBe(local(2026, 3, 7, 9, 5));
    expect(ok('2026-12-01 5pm').value).toBe(local(2026, 12, 1, 17, 0));
    expect(ok('2026-12-01 12am').value).toBe(local(2026, 12, 1, 0, 0));
    expect(ok('2026-12-01 12:30 PM').value).toBe(local(2026, 12, 1, 12, 30));
    // What goes to the server: ISO 8601 UTC with milliseconds.
    expect(ok('2026-12-01 17:00').value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
  });

  it('an exact ISO instant is taken as it says', () => {
    expect(ok('2026-12-01T17:00:00.000Z').value).toBe('2026-12-01T17:00:00.000Z');
    expect(ok('2026-12-01T17:00+02:00').value).toBe('2026-12-01T15:00:00.000Z');
  });

  it('today and tomorrow, at the end of the day or at a time', () => {
    expect(ok('today')).toEqual({
      value: local(2026, 11, 23, 23, 59),
      words: 'Mon 23 Nov 2026 23:59 (in 1 hour 31 minutes)',
    });
    expect(ok('tomorrow')).toEqual({ value: local(2026, 11, 24, 23, 59), words: 'Tue 24 Nov 2026 23:59 (tomorrow)' });
    expect(ok('tomorrow 17:00').value).toBe(local(2026, 11, 24, 17, 0));
    expect(ok('tomorrow 5 pm').value).toBe(local(2026, 11, 24, 17, 0));
    expect(ok('today 9:00')).toEqual({
      value: local(2026, 11, 23, 9, 0),
      words: 'Mon 23 Nov 2026 09:00 (13 hours 28 minutes ago)',
    });
    // A time alone is today.
    expect(ok('17:00').value).toBe(local(2026, 11, 23, 17, 0));
  });

  it('a weekday is the next such day after today, in full or three letters or more', () => {
    expect(ok('fri')).toEqual({ value: local(2026, 11, 27, 23, 59), words: 'Fri 27 Nov 2026 23:59 (in 4 days)' });
    expect(ok('friday').value).toBe(local(2026, 11, 27, 23, 59));
    expect(ok('tues').value).toBe(local(2026, 11, 24, 23, 59));
    expect(ok('sun').value).toBe(local(2026, 11, 29, 23, 59));
    // Today is a Monday: mon is a week ahead.
    expect(ok('mon').value).toBe(local(2026, 11, 30, 23, 59));
    expect(ok('fri 9:00').value).toBe(local(2026, 11, 27, 9, 0));
    expect(ok('fri 9').value).toBe(local(2026, 11, 27, 9, 0));
    expect(ok('Wednesday 17:30').value).toBe(local(2026, 11, 25, 17, 30));
  });

  it('+m and +h are elapsed time from now; +d and +w calendar days at the same clock time', () => {
    expect(ok('+30m')).toEqual({ value: local(2026, 11, 23, 22, 58), words: 'Mon 23 Nov 2026 22:58 (in 30 minutes)' });
    expect(ok('+2h')).toEqual({ value: local(2026, 11, 24, 0, 28), words: 'Tue 24 Nov 2026 00:28 (in 2 hours)' });
    expect(ok('+3d')).toEqual({ value: local(2026, 11, 26, 22, 28), words: 'Thu 26 Nov 2026 22:28 (in 3 days)' });
    expect(ok('+1w').value).toBe(local(2026, 11, 30, 22, 28));
    expect(ok('+0d').value).toBe(local(2026, 11, 23, 22, 28));
    // With a time, a day offset names the day.
    expect(ok('+3d 9:00').value).toBe(local(2026, 11, 26, 9, 0));
    expect(ok('+1w 17:00').value).toBe(local(2026, 11, 30, 17, 0));
  });

  it('ignores case and spaces around and between', () => {
    expect(ok('  TOMORROW   17:00 ').value).toBe(local(2026, 11, 24, 17, 0));
    expect(ok('FRI').value).toBe(ok('fri').value);
    expect(ok('+3D').value).toBe(ok('+3d').value);
  });
});

describe('parseDue: what it refuses, in words', () => {
  it('names what it could not read and the forms it takes', () => {
    expect(refused('someday')).toBe(
      "Can't read 'someday' as a date: try 2026-12-01, 2026-12-01 17:00, tomorrow, fri, +3d or +2h",
    );
    expect(refused('next year')).toMatch(/^Can't read 'next year' as a date: try /);
    expect(refused('fri noon')).toBe("Can't read 'noon' as a time of day after 'fri': try 17:00, 9:30 or 5pm");
    expect(refused('fri 9:00 sharp')).toMatch(/^Can't read 'sharp' after 'fri 9:00': try 2026-12-01/);
    expect(refused('17:00 fri')).toMatch(/^Can't read 'fri' after the time '17:00'/);
  });

  it('refuses dates the calendar does not have', () => {
    expect(refused('2026-02-30')).toBe('There is no 30 February 2026: February 2026 has 28 days');
    expect(refused('2028-02-30')).toBe('There is no 30 February 2028: February 2028 has 29 days');
    expect(ok('2028-02-29').value).toBe(local(2028, 2, 29, 23, 59));
    expect(refused('2026-04-31')).toBe('There is no 31 April 2026: April 2026 has 30 days');
    expect(refused('2026-13-01')).toBe("Can't read '2026-13-01' as a date: months go from 01 to 12");
    expect(refused('2026-12-00')).toBe("Can't read '2026-12-00' as a date: days start at 01");
  });

  it('refuses times of day that do not exist', () => {
    const hours = 'hours go from 0 to 23 and minutes from 00 to 59';
    expect(refused('25:00')).toBe(`Can't read '25:00' as a time of day: ${hours}`);
    expect(refused('tomorrow 24:00')).toBe(`Can't read '24:00' as a time of day: ${hours}`);
    expect(refused('fri 9:60')).toBe(`Can't read '9:60' as a time of day: ${hours}`);
    expect(refused('fri 13pm')).toBe("Can't read '13pm' as a time of day: with am or pm, hours go from 1 to 12");
  });

  it('offsets: a unit it knows, no time after minutes or hours, not past the year 9999', () => {
    expect(refused('+3x')).toBe("Can't read '+3x': after + comes a number and m, h, d or w (+30m, +2h, +3d, +1w)");
    expect(refused('+d')).toMatch(/^Can't read '\+d': after \+ comes a number/);
    expect(refused('+2h 17:00')).toBe("'+2h' is already a time: leave out '17:00', or try +1d 17:00 or tomorrow 17:00");
    expect(refused('+999999w')).toBe("'+999999w' is too far ahead: past the year 9999");
    expect(refused('+999999w 9:00')).toMatch(/is too far ahead/);
  });

  it('quotes pasted control characters visibly, never raw', () => {
    const e = refused('\x1b]52;c;aGk=\x07');
    expect(e).not.toMatch(/[\x00-\x1f]/);
    expect(e).toContain('^[');
  });
});

describe('words', () => {
  it('localDateTime: weekday, day, month, year and time, local', () => {
    expect(localDateTime(new Date(2026, 11, 1, 17, 0))).toBe('Tue 1 Dec 2026 17:00');
    expect(localDateTime(new Date(2027, 0, 3, 8, 5))).toBe('Sun 3 Jan 2027 08:05');
  });

  it('relativeWords: minutes and hours within the day or twelve hours, then calendar days', () => {
    const at = (d: number, h: number, m: number) => new Date(2026, 10, d, h, m);
    const now = at(23, 10, 0);
    expect(relativeWords(at(23, 10, 0), now)).toBe('now');
    expect(relativeWords(at(23, 10, 1), now)).toBe('in 1 minute');
    expect(relativeWords(at(23, 9, 15), now)).toBe('45 minutes ago');
    expect(relativeWords(at(23, 21, 0), now)).toBe('in 11 hours');
    expect(relativeWords(at(24, 9, 0), now)).toBe('tomorrow');
    expect(relativeWords(at(22, 9, 0), now)).toBe('yesterday');
    expect(relativeWords(at(21, 23, 0), now)).toBe('2 days ago');
    expect(relativeWords(at(30, 9, 0), now)).toBe('in 7 days');
    // Late in the evening, early tomorrow is hours away.
    expect(relativeWords(at(24, 1, 0), at(23, 22, 30))).toBe('in 2 hours 30 minutes');
  });
});

describe('daylight saving, in New York (EST UTC-5, EDT UTC-4)', () => {
  const original = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });
  const H = 3_600_000;

  it('+1d keeps the clock time: 23 hours before the clocks go forward, 25 before they go back', () => {
    const spring = new Date('2026-03-07T15:00:00.000Z'); // Sat 7 Mar 10:00 EST
    expect(ok('+1d', spring)).toEqual({ value: '2026-03-08T14:00:00.000Z', words: 'Sun 8 Mar 2026 10:00 (tomorrow)' });
    expect(Date.parse(ok('+1d', spring).value!) - spring.getTime()).toBe(23 * H);
    const autumn = new Date('2026-10-31T14:00:00.000Z'); // Sat 31 Oct 10:00 EDT
    expect(Date.parse(ok('+1d', autumn).value!) - autumn.getTime()).toBe(25 * H);
  });

  it('+1d onto a clock time the change skips is later by the gap; +2h stays two hours', () => {
    const now = new Date('2026-03-07T07:30:00.000Z'); // Sat 7 Mar 02:30 EST; Sun 02:30 does not exist
    expect(ok('+1d', now).words).toBe('Sun 8 Mar 2026 03:30 (tomorrow)');
    const late = new Date('2026-11-01T04:30:00.000Z'); // Sun 1 Nov 00:30 EDT
    expect(ok('+2h', late)).toEqual({ value: '2026-11-01T06:30:00.000Z', words: 'Sun 1 Nov 2026 01:30 (in 2 hours)' });
  });

  it('a typed time the clocks skip is refused in words', () => {
    expect(refused('2026-03-08 2:30', new Date('2026-03-01T12:00:00.000Z'))).toBe(
      "02:30 does not exist on Sun 8 Mar 2026 in this time zone (the clocks skip it): '2026-03-08 2:30' needs another time",
    );
  });
});

/**
 * Properties in zones with daylight saving (and one with a 30-minute
 * change, one without any). The choice they pin down: `+Nm`/`+Nh` are exact
 * elapsed time; `+Nd`/`+Nw` are calendar days at the same local clock time,
 * so across a change they are N×24h give or take the change — and where the
 * clocks skip that time, later by the gap.
 */
describe('properties of relative dates across time zones', () => {
  const original = process.env.TZ;
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });
  const ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata'];
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  const FROM = Date.UTC(2024, 0, 1);
  const TO = Date.UTC(2030, 0, 1);
  const floorMin = (d: Date): number => Math.floor(d.getTime() / MIN) * MIN;
  /** The local `YYYY-MM-DD HH:MM` of an instant: what the D prompt starts with (ui/flows/due-flows.ts). */
  const typed = (d: Date): string => {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
  };
  /** The instants the zone's offset changes at, 2024–2030 (to the hour), read in the zone set now. */
  const transitions = (): number[] => {
    const out: number[] = [];
    for (let t = FROM; t < TO; t += HOUR)
      if (new Date(t).getTimezoneOffset() !== new Date(t + HOUR).getTimezoneOffset()) out.push(t + HOUR);
    return out;
  };
  /**
   * Targets anywhere in those years, and — as often — within three hours of
   * a change, where the choices above matter; a property puts `now` N units
   * before its target.
   */
  const target = (): fc.Arbitrary<number> => {
    const changes = transitions();
    const anywhere = fc.integer({ min: FROM, max: TO });
    if (changes.length === 0) return anywhere;
    const near = fc
      .tuple(fc.constantFrom(...changes), fc.integer({ min: -3 * HOUR, max: 3 * HOUR }))
      .map(([t, o]) => t + o);
    return fc.oneof(anywhere, near);
  };
  for (const zone of ZONES) {
    it(`${zone}: +Nm and +Nh are exactly N minutes or hours after now (to the minute)`, () => {
      process.env.TZ = zone;
      fc.assert(
        fc.property(target(), fc.integer({ min: 0, max: 10_000 }), fc.constantFrom('m', 'h'), (t, n, unit) => {
          const step = unit === 'm' ? MIN : HOUR;
          const now = new Date(t - n * step);
          expect(Date.parse(ok(`+${n}${unit}`, now).value!)).toBe(floorMin(now) + n * step);
        }),
      );
    });

    it(`${zone}: +Nd and +Nw land N days (7N) later on the calendar, at now's clock time where it exists`, () => {
      process.env.TZ = zone;
      fc.assert(
        fc.property(target(), fc.integer({ min: 0, max: 400 }), fc.constantFrom('d', 'w'), (t, n, unit) => {
          const days = unit === 'd' ? n : 7 * n;
          const now = new Date(t - days * DAY);
          const due = new Date(ok(`+${n}${unit}`, now).value!);
          const want = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, 12);
          expect([due.getFullYear(), due.getMonth(), due.getDate()]).toEqual([
            want.getFullYear(),
            want.getMonth(),
            want.getDate(),
          ]);
          const base = new Date(floorMin(now));
          const elapsed = due.getTime() - base.getTime();
          if (due.getHours() === base.getHours() && due.getMinutes() === base.getMinutes()) {
            // Same clock time: N×24h, plus what the clocks went back (or minus what they went forward).
            expect(elapsed).toBe(days * DAY + (due.getTimezoneOffset() - base.getTimezoneOffset()) * MIN);
          } else {
            // That clock time does not exist on the day (the clocks skip it): it is read with the
            // offset from before the change, so the clock shows it later by the gap.
            const before = new Date(due.getTime() - 3 * HOUR).getTimezoneOffset();
            const gap = before - due.getTimezoneOffset();
            expect(gap).toBeGreaterThan(0);
            expect(elapsed).toBe(days * DAY + (before - base.getTimezoneOffset()) * MIN);
            const clock = (d: Date) => d.getHours() * 60 + d.getMinutes();
            expect(clock(due) - clock(base)).toBe(gap);
          }
        }),
      );
    });

    it(`${zone}: a result typed back as the prompt shows it is the same instant (but in a repeated hour)`, () => {
      process.env.TZ = zone;
      fc.assert(
        fc.property(target(), fc.integer({ min: 0, max: 20_000 }), fc.constantFrom('m', 'h'), (t, n, u) => {
          const now = new Date(t - n * (u === 'm' ? MIN : HOUR));
          const value = ok(`+${n}${u}`, now).value!;
          const again = ok(typed(new Date(value)), now).value!;
          if (again === value) return;
          // A local time that happens twice (the clocks go back) reads as its first occurrence.
          const first = new Date(again);
          expect(typed(first)).toBe(typed(new Date(value)));
          expect(first.getTime()).toBeLessThan(Date.parse(value));
          expect(Date.parse(value) - first.getTime()).toBe(
            (new Date(value).getTimezoneOffset() - first.getTimezoneOffset()) * MIN,
          );
        }),
      );
    });
  }
});
