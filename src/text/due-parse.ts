/**
 * Due dates as a person types them, read in the process's local time zone
 * (what you type is what the board shows: ui/card-meta.ts reads them back
 * with `dueInstant` and `localDateTime`).
 *
 * - A day without a time of day (`2026-12-01`, `today`, `fri`) is due at the
 *   end of that day, 23:59 local: a card due today is not overdue all day.
 * - `+Nm` and `+Nh` are elapsed time from now; `+Nd` and `+Nw` are calendar
 *   days, keeping the clock time, so `+1d` across a daylight-saving change
 *   is 23 or 25 hours and still "tomorrow at this time". Seconds are dropped:
 *   due dates are to the minute.
 * - A weekday is the next such day after today (`fri` on a Friday is a week
 *   ahead); `next fri` is the same day. `next week` is the coming Monday,
 *   `next month` the first of the next month.
 * - `in 2 days`, `in an hour`, `in 30 min` are `+2d`, `+1h`, `+30m`.
 * - `25/11`, `25.11.2026`, `25/11/26`: day and month in the order the
 *   locale writes them (Intl: day first in en-GB, de, fr…, month first in
 *   en-US); a number above 12 can only be the day, on either side. Without
 *   a year, the next such day from today on.
 * - `at` between a day and a time is read past (`mon at 9am`).
 */
import { sanitize } from './sanitize.js';
import {
  DAYS,
  END_OF_DAY,
  HOUR,
  localDate,
  localDateTime,
  MINUTE,
  MONTH_NAMES,
  pad,
  plural,
  relativeWords,
} from './due-words.js';

export { dueInstant, localDateTime, relativeWords } from './due-words.js';

/** `past`: the date read is before now (to the minute): ask before setting it. */
export type DueParse = { ok: true; value: string | null; words: string; past?: true } | { ok: false; error: string };

const UNIT_MS = { m: MINUTE, h: HOUR } as const;
const UNIT_DAYS = { d: 1, w: 7 } as const;
const UNIT_NAME = { m: 'minute', h: 'hour', d: 'day', w: 'week' } as const;

const FORMS = 'try 2026-12-01, 2026-12-01 17:00, tomorrow, fri, +3d or +2h';
const TIMES = 'try 17:00, 9:30 or 5pm';

/** Typed text quoted back to the user: pasted control characters shown, not obeyed. */
const q = (s: string): string => `'${sanitize(s)}'`;

type Step<T> = { ok: true; v: T } | { ok: false; error: string };
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

interface Day {
  y: number;
  mo: number; // 0-based, as Date takes it
  d: number;
}

/** `2026-12-01` (month and day may be one digit), checked against the calendar. */
function readIsoDate(tok: string): Step<Day> | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(tok);
  if (m === null) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12) return fail(`Can't read ${q(tok)} as a date: months go from 01 to 12`);
  const inMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d < 1 || d > inMonth) {
    const name = MONTH_NAMES[mo - 1] ?? '';
    return fail(
      d < 1
        ? `Can't read ${q(tok)} as a date: days start at 01`
        : `There is no ${d} ${name} ${y}: ${name} ${y} has ${inMonth} days`,
    );
  }
  return { ok: true, v: { y, mo: mo - 1, d } };
}

/** `17:00`, `9:30`, `5pm`, `5:30pm`, and a bare hour `9` where a time is expected. */
function readTime(tok: string, bareHour: boolean): Step<{ h: number; m: number }> | null {
  const m = /^(\d{1,2})(?::(\d{2}))?(am|pm)?$/.exec(tok);
  if (m === null || (m[2] === undefined && m[3] === undefined && !bareHour)) return null;
  let h = Number(m[1]);
  const min = m[2] === undefined ? 0 : Number(m[2]);
  if (m[3] !== undefined) {
    if (h < 1 || h > 12 || min > 59)
      return fail(`Can't read ${q(tok)} as a time of day: with am or pm, hours go from 1 to 12`);
    h = (h % 12) + (m[3] === 'pm' ? 12 : 0);
  } else if (h > 23 || min > 59) {
    return fail(`Can't read ${q(tok)} as a time of day: hours go from 0 to 23 and minutes from 00 to 59`);
  }
  return { ok: true, v: { h, m: min } };
}

/** `fri`, `friday`, `tues`: a start of a weekday's name, three letters or more. */
function readWeekday(tok: string): number | null {
  if (tok.length < 3) return null;
  const i = DAYS.findIndex((name) => name.toLowerCase().startsWith(tok));
  return i === -1 ? null : i;
}

/** Whether the locale writes the day before the month (25/11) or after it (11/25). */
export function dayFirst(locale?: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric' }).formatToParts(
    new Date(2026, 10, 25),
  );
  return parts.findIndex((x) => x.type === 'day') < parts.findIndex((x) => x.type === 'month');
}

/** `25/11`, `25/11/2026`, `25.11.26` (see the top of the file), checked against the calendar. */
function readNumericDate(tok: string, today: Day, locale: string | undefined): Step<Day> | null {
  const m = /^(\d{1,2})([/.])(\d{1,2})(?:\2(\d{4}|\d{2}))?\.?$/.exec(tok);
  if (m === null) return null;
  const first = dayFirst(locale);
  const order = first ? 'day/month' : 'month/day';
  let [d, mo] = first ? [Number(m[1]), Number(m[3])] : [Number(m[3]), Number(m[1])];
  // Only one way round it can be a date.
  if (mo > 12 && d <= 12) [d, mo] = [mo, d];
  if (mo < 1 || mo > 12) return fail(`Can't read ${q(tok)} as a date: neither number is a month (${order} here)`);
  const typedYear = m[4] === undefined ? null : m[4].length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
  let y = typedYear ?? today.y;
  // No year: the next such day, today included.
  if (typedYear === null && (mo - 1 < today.mo || (mo - 1 === today.mo && d < today.d))) y += 1;
  const inMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const name = MONTH_NAMES[mo - 1] ?? '';
  if (d < 1) return fail(`Can't read ${q(tok)} as a date: days start at 1 (${order} here)`);
  if (d > inMonth) return fail(`There is no ${d} ${name} ${y}: ${name} ${y} has ${inMonth} days (${order} here)`);
  return { ok: true, v: { y, mo: mo - 1, d } };
}

/** `in 2 days` → `+2d`, `in an hour` → `+1h`; `next week` → `mon`, `next fri` → `fri`; `at` dropped. */
function plainWords(text: string, today: Day): string {
  const unit = (u: string) => (u.startsWith('mi') ? 'm' : u[0]);
  return text
    .replace(
      /^in (an?|\d{1,6}) ?(minutes?|mins?|hours?|hrs?|days?|weeks?|wks?)\b/,
      (_, n: string, u: string) => `+${n.startsWith('a') ? 1 : n}${unit(u)}`,
    )
    .replace(/^next week\b/, 'mon')
    .replace(/^next month\b/, () => {
      const d = new Date(today.y, today.mo + 1, 1, 12);
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-01`;
    })
    .replace(/^next ([a-z]{3,})\b/, (all, w: string) => (readWeekday(w) === null ? all : w))
    .replace(/ at (?=\d)/, ' ');
}

/** `+3d`, `+2h`, `+1w`, `+30m`. */
function readOffset(tok: string): Step<{ n: number; unit: 'm' | 'h' | 'd' | 'w' }> | null {
  if (!tok.startsWith('+')) return null;
  const m = /^\+(\d{1,6})([mhdw])$/.exec(tok);
  if (m === null) return fail(`Can't read ${q(tok)}: after + comes a number and m, h, d or w (+30m, +2h, +3d, +1w)`);
  return { ok: true, v: { n: Number(m[1]), unit: m[2] as 'm' | 'h' | 'd' | 'w' } };
}

/** The instant of a local day and time, refused when the clocks skip that time there. */
function at(day: Day, time: { h: number; m: number }, typed: string): Step<Date> {
  const d = new Date(day.y, day.mo, day.d, time.h, time.m);
  if (d.getHours() !== time.h || d.getMinutes() !== time.m || d.getDate() !== day.d) {
    return fail(
      `${pad(time.h)}:${pad(time.m)} does not exist on ${localDate(new Date(day.y, day.mo, day.d, 12))} in this ` +
        `time zone (the clocks skip it): ${q(typed)} needs another time`,
    );
  }
  return { ok: true, v: d };
}

const dayOf = (d: Date): Day => ({ y: d.getFullYear(), mo: d.getMonth(), d: d.getDate() });
const plusDays = (day: Day, n: number): Day => dayOf(new Date(day.y, day.mo, day.d + n, 12));

function read(text: string, typed: string, now: Date, locale: string | undefined): Step<Date> {
  // "5 pm" is one time; "2026-12-01T17:00" a date and a time.
  const norm = plainWords(text, dayOf(now))
    .replace(/\s+(am|pm)\b/g, '$1')
    .replace(/^(\d{4}-\d{1,2}-\d{1,2})t(\d)/, '$1 $2');
  // A full ISO instant (a value copied from `inboard card --json`): exactly as it says.
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?(z|[+-]\d{2}:?\d{2})$/.test(norm)) {
    const t = Date.parse(norm.replace(' ', 'T').toUpperCase());
    if (!Number.isNaN(t)) return { ok: true, v: new Date(t) };
  }
  const toks = norm.split(/\s+/);
  const [first = '', second, ...rest] = toks;
  const today = dayOf(now);

  // A time alone: today at that time.
  const lone = readTime(first, false);
  if (lone !== null) {
    if (!lone.ok) return lone;
    if (second !== undefined) return fail(`Can't read ${q(second)} after the time ${q(first)}: ${FORMS}`);
    return at(today, lone.v, text);
  }

  let day: Day | null = null;
  let clock: { h: number; m: number } = END_OF_DAY;
  const iso = readIsoDate(first) ?? readNumericDate(first, today, locale);
  const offset = readOffset(first);
  const weekday = readWeekday(first);
  if (iso !== null) {
    if (!iso.ok) return iso;
    day = iso.v;
  } else if (first === 'today') day = today;
  else if (first === 'tomorrow') day = plusDays(today, 1);
  else if (weekday !== null) {
    const ahead = (weekday - now.getDay() + 7) % 7 || 7;
    day = plusDays(today, ahead);
  } else if (offset !== null) {
    if (!offset.ok) return offset;
    const { n, unit } = offset.v;
    const base = Math.floor(now.getTime() / MINUTE) * MINUTE;
    if (unit === 'm' || unit === 'h') {
      if (second !== undefined)
        return fail(
          `${q(first)} is already a time: leave out ${q(second)}, or try +1d ${second} or tomorrow ${second}`,
        );
      return within(new Date(base + n * UNIT_MS[unit]), first);
    }
    const from = new Date(base);
    day = plusDays(today, n * UNIT_DAYS[unit]);
    clock = { h: from.getHours(), m: from.getMinutes() };
    if (second === undefined) {
      // The clock time of now on that day; where the clocks skip it, Date moves it on by the gap.
      return within(new Date(day.y, day.mo, day.d, clock.h, clock.m), first);
    }
    if (!Number.isFinite(new Date(day.y, day.mo, day.d).getTime()))
      return fail(`${q(first)} is too far ahead: ${plural(n, UNIT_NAME[unit])} from now is past the year 9999`);
  } else {
    return fail(`Can't read ${q(typed)} as a date: ${FORMS}`);
  }

  if (second !== undefined) {
    const t = readTime(second, true);
    if (t === null) return fail(`Can't read ${q(second)} as a time of day after ${q(first)}: ${TIMES}`);
    if (!t.ok) return t;
    clock = t.v;
  }
  if (rest.length > 0) return fail(`Can't read ${q(rest.join(' '))} after ${q(`${first} ${second}`)}: ${FORMS}`);
  const r = at(day, clock, text);
  return r.ok ? within(r.v, text) : r;
}

/** Dates the server and a four-digit year can carry. */
function within(d: Date, typed: string): Step<Date> {
  if (Number.isNaN(d.getTime()) || d.getFullYear() > 9999)
    return fail(`${q(typed)} is too far ahead: past the year 9999`);
  return { ok: true, v: d };
}

/**
 * Reads a typed due date. `value` is what goes to the server (ISO 8601 UTC,
 * null clears it); `words` says what was understood, for the prompt to show
 * before saving ("Tue 1 Dec 2026 17:00 (in 8 days)"). Case and surrounding
 * spaces do not matter.
 */
export function parseDue(input: string, now: Date, locale?: string): DueParse {
  const typed = input.trim();
  const text = typed.toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return { ok: true, value: null, words: 'no due date' };
  const r = read(text, typed, now, locale);
  if (!r.ok) return r;
  const words = `${localDateTime(r.v)} (${relativeWords(r.v, now)})`;
  const past = r.v.getTime() < Math.floor(now.getTime() / MINUTE) * MINUTE;
  return { ok: true, value: r.v.toISOString(), words, ...(past ? { past: true as const } : {}) };
}
