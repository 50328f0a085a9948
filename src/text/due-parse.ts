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
 *   ahead).
 */
import { sanitize } from './sanitize.js';

export type DueParse = { ok: true; value: string | null; words: string } | { ok: false; error: string };

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const UNIT_MS = { m: MINUTE, h: HOUR } as const;
const UNIT_DAYS = { d: 1, w: 7 } as const;
const UNIT_NAME = { m: 'minute', h: 'hour', d: 'day', w: 'week' } as const;

/** The end of a day that has no time of day typed. */
const END_OF_DAY = { h: 23, m: 59 } as const;

const FORMS = 'try 2026-12-01, 2026-12-01 17:00, tomorrow, fri, +3d or +2h';
const TIMES = 'try 17:00, 9:30 or 5pm';

const pad = (n: number): string => String(n).padStart(2, '0');
/** Typed text quoted back to the user: pasted control characters shown, not obeyed. */
const q = (s: string): string => `'${sanitize(s)}'`;
const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "Tue 1 Dec 2026 17:00", local time: how a due date is shown in full. */
export function localDateTime(d: Date): string {
  return `${localDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "Tue 1 Dec 2026", local time. */
function localDate(d: Date): string {
  return `${DAYS[d.getDay()]?.slice(0, 3)} ${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** Whole local calendar days from `a`'s day to `b`'s (daylight saving does not count). */
function dayDiff(a: Date, b: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / (24 * HOUR);
  return day(b) - day(a);
}

/** "in 8 days", "tomorrow", "in 2 hours 30 minutes", "3 days ago": `when` as seen from `now`. */
export function relativeWords(when: Date, now: Date): string {
  // To the minute, as due dates are: `+2h` is "in 2 hours" whatever the seconds of now.
  const ms = when.getTime() - Math.floor(now.getTime() / MINUTE) * MINUTE;
  const abs = Math.abs(ms);
  const days = dayDiff(now, when);
  if (abs < MINUTE) return 'now';
  if (abs < 12 * HOUR || days === 0) {
    const mins = Math.round(abs / MINUTE);
    const h = Math.floor(mins / 60);
    const m = mins % 60;
    const span = [h > 0 ? plural(h, 'hour') : '', m > 0 ? plural(m, 'minute') : ''].filter(Boolean).join(' ');
    return ms > 0 ? `in ${span}` : `${span} ago`;
  }
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}

/**
 * A stored due date as an instant: an ISO date-time as it says; a bare date
 * (`2026-12-01`, which some servers store) is the end of that local day, as
 * `parseDue` reads one typed. Null when unreadable.
 */
export function dueInstant(value: string): Date | null {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (bare !== null) {
    const d = new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3]), END_OF_DAY.h, END_OF_DAY.m);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

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

function read(text: string, typed: string, now: Date): Step<Date> {
  // "5 pm" is one time; "2026-12-01T17:00" a date and a time.
  const norm = text.replace(/\s+(am|pm)\b/g, '$1').replace(/^(\d{4}-\d{1,2}-\d{1,2})t(\d)/, '$1 $2');
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
  const iso = readIsoDate(first);
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
export function parseDue(input: string, now: Date): DueParse {
  const typed = input.trim();
  const text = typed.toLowerCase().replace(/\s+/g, ' ');
  if (text === '') return { ok: true, value: null, words: 'no due date' };
  const r = read(text, typed, now);
  if (!r.ok) return r;
  return { ok: true, value: r.v.toISOString(), words: `${localDateTime(r.v)} (${relativeWords(r.v, now)})` };
}
