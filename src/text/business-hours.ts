/**
 * Business hours: when a response target's clock runs. A schedule is read
 * from what a person types (`Mon-Fri 09:00-17:00, Sat 10:00-14:00`), and
 * business time is counted in a time zone's local time: only time inside
 * the windows counts, across weekends and daylight-saving changes (how a
 * wall time on such a day becomes an instant: time-zone.ts).
 */
import { sanitize } from './sanitize.js';
import { DAY_MS, dayKey, wallClockOf, weekdayOf } from './time-zone.js';

export { checkTimeZone, type ZoneCheck } from './time-zone.js';

/** Minutes after local midnight: from `startMinute`, up to but not including `endMinute` (at most 1440). */
export type BusinessWindow = readonly [startMinute: number, endMinute: number];

/**
 * Index 0 = Sunday … 6 = Saturday: each day's windows in local time, in
 * order, apart (touching windows are one), as `parseBusinessHours` gives.
 */
export type BusinessHours = readonly (readonly BusinessWindow[])[];

export type BusinessHoursParse = { ok: true; hours: BusinessHours; text: string } | { ok: false; error: string };

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const FULL_DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_ALIASES: Record<string, number> = { tues: 2, thur: 4, thurs: 4 };
/** Monday first, as schedules are written. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const EXAMPLE = 'e.g. Mon-Fri 09:00-17:00';
/** How far a count may walk before a schedule is judged too thin for the time asked. */
const WALK_LIMIT_YEARS = 200;
const WALK_LIMIT_DAYS = WALK_LIMIT_YEARS * 366;

/** Typed text quoted back: pasted control characters shown, not obeyed. */
const q = (s: string): string => `"${sanitize(s)}"`;
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

function dayNumber(word: string): number | undefined {
  const w = word.toLowerCase();
  const named = [DAY_NAMES, FULL_DAY_NAMES].map((names) => names.findIndex((d) => d.toLowerCase() === w));
  return named.find((d) => d >= 0) ?? DAY_ALIASES[w];
}

/** `Mon`, `monday`, `Mon-Fri`, `Fri-Mon` (round the weekend): the days, or the word not read. */
function readDays(token: string): { days: number[] } | { bad: string } {
  const ends = token.replace(/:$/, '').split('-');
  if (ends.length > 2) return { bad: token };
  const nums = ends.map(dayNumber);
  const first = nums[0];
  const last = nums[1] ?? first;
  const unread = nums.findIndex((n) => n === undefined);
  if (unread >= 0 || first === undefined || last === undefined) return { bad: ends[unread] ?? token };
  const days = [first];
  for (let d = first; d !== last;) {
    d = (d + 1) % 7;
    days.push(d);
  }
  return { days };
}

/** `9`, `09:00`, `17:30`, `24:00`, `9am`, `5:30pm`: minutes after midnight, or null. */
function readTime(text: string): number | null {
  const m = /^(\d{1,2})(?::(\d{2}))?(am|pm)?$/i.exec(text);
  if (m === null) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  if (minute > 59) return null;
  if (m[3] !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[3].toLowerCase() === 'pm' ? 12 : 0);
  }
  const at = hour * 60 + minute;
  return at > 1440 ? null : at;
}

const clock = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const windowText = ([start, end]: BusinessWindow): string => `${clock(start)}-${clock(end)}`;

/** `09:00-17:00`, `9-17`, `9am-5pm`: one window, or the refusal in words. */
function readWindow(token: string): { window: BusinessWindow } | { error: string } {
  const ends = token.split('-');
  const TIMES = 'write times as 09:00, 9 or 17:30, from 00:00 to 24:00';
  if (ends.length !== 2) return { error: `${q(token)}: hours are a start and an end — write e.g. 09:00-17:00` };
  const [from = '', to = ''] = ends;
  const start = readTime(from);
  const end = readTime(to);
  if (start === null) return { error: `${q(from)} is not a time of day — ${TIMES}` };
  if (end === null) return { error: `${q(to)} is not a time of day — ${TIMES}` };
  if (end <= start)
    return {
      error:
        `${q(token)}: the end is not after the start — hours across midnight are two windows, ` +
        'e.g. Mon 22:00-24:00, Tue 00:00-06:00',
    };
  return { window: [start, end] };
}

/**
 * `Mon-Fri 09:00-17:00`, `Mon-Fri 9-17`, `Mon-Thu 09:00-17:00, Fri
 * 09:00-15:00`, `Mon,Wed,Fri 08:30-12:00`, `Sat 10:00-14:00 15:00-18:00`,
 * `Sun-Sat 00:00-24:00`: days (3 letters or in full, any case; a range may
 * wrap, `Fri-Mon`) then their hours, as many groups as needed. `text` is the
 * canonical form (`formatBusinessHours`). Refusals quote the part not read.
 */
export function parseBusinessHours(input: string): BusinessHoursParse {
  const tokens = input
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/(\d)\s+(am|pm)\b/gi, '$1$2')
    .split(/[\s,;]+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) return fail(`No business hours given — write the days and their hours, ${EXAMPLE}`);
  const days: BusinessWindow[][] = [[], [], [], [], [], [], []];
  let group: { days: number[]; said: string[]; windows: number } | null = null;
  for (const token of tokens) {
    if (/^[a-z]/i.test(token)) {
      const read = readDays(token);
      if ('bad' in read) return fail(`${q(read.bad)} is not a day — write Mon…Sun or Monday…Sunday, ${EXAMPLE}`);
      // Days after hours start the next group; days after days add to this one.
      if (group === null || group.windows > 0) group = { days: [], said: [], windows: 0 };
      group.days.push(...read.days);
      group.said.push(token);
    } else if (/^\d/.test(token)) {
      if (group === null) return fail(`${q(token)}: on which days? — write the days first, ${EXAMPLE}`);
      const read = readWindow(token);
      if ('error' in read) return fail(read.error);
      for (const d of group.days) days[d]?.push(read.window);
      group.windows++;
    } else return fail(`${q(token)} is neither a day nor hours — ${EXAMPLE}`);
  }
  if (group !== null && group.windows === 0)
    return fail(`${q(group.said.join(' '))}: which hours? — give times after the days, ${EXAMPLE}`);
  for (const [d, windows] of days.entries()) {
    windows.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i++) {
      const prev = windows[i - 1];
      const cur = windows[i];
      if (prev === undefined || cur === undefined || cur[0] >= prev[1]) continue;
      return fail(
        `${q(windowText(prev))} and ${q(windowText(cur))} overlap on ${FULL_DAY_NAMES[d]} — give each day's hours once`,
      );
    }
  }
  const hours = days.map(joinTouching);
  return { ok: true, hours, text: formatBusinessHours(hours) };
}

/** Windows in order, apart: `09:00-12:00` and `12:00-17:00` are `09:00-17:00`. */
function joinTouching(windows: readonly BusinessWindow[]): BusinessWindow[] {
  const out: BusinessWindow[] = [];
  for (const w of windows) {
    const last = out[out.length - 1];
    if (last !== undefined && last[1] === w[0]) out[out.length - 1] = [last[0], w[1]];
    else out.push(w);
  }
  return out;
}

/**
 * The canonical text of a schedule, Monday first: days with the same hours
 * together, runs of days as ranges (`Mon-Thu 09:00-17:00, Fri 09:00-15:00`,
 * `Mon,Wed,Fri 08:30-12:00`, `Mon-Fri 09:00-12:00 13:00-17:00`).
 * `parseBusinessHours` reads it back to the same schedule.
 */
export function formatBusinessHours(hours: BusinessHours): string {
  const groups = new Map<string, number[]>();
  for (const d of WEEK_ORDER) {
    const windows = hours[d] ?? [];
    if (windows.length === 0) continue;
    const key = windows.map(windowText).join(' ');
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups].map(([windows, ds]) => `${dayRuns(ds)} ${windows}`).join(', ');
}

/** Days (in week order) as runs: `Mon-Wed,Fri`; a run through Sunday into Monday wraps: `Wed,Sat-Mon`. */
function dayRuns(days: number[]): string {
  const runs: number[][] = [];
  for (const d of days) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run !== undefined && last !== undefined && WEEK_ORDER.indexOf(d) === WEEK_ORDER.indexOf(last) + 1) run.push(d);
    else runs.push([d]);
  }
  const first = runs[0];
  const last = runs[runs.length - 1];
  if (runs.length > 1 && first?.[0] === 1 && last?.[last.length - 1] === 0) last.push(...(runs.shift() ?? []));
  const name = (d: number | undefined): string => DAY_NAMES[d ?? 0] ?? '';
  return runs
    .map((run) => (run.length === 1 ? name(run[0]) : `${name(run[0])}-${name(run[run.length - 1])}`))
    .join(',');
}

/**
 * The business windows from `fromMs` on, as instants [start, end), in
 * order, the first cut at `fromMs`. Starts on the local day holding
 * `fromMs`: windows of earlier days end before it. Ends after
 * WALK_LIMIT_DAYS days.
 */
function* windowsFrom(fromMs: number, hours: BusinessHours, zone: string): Generator<readonly [number, number]> {
  let day = dayKey(fromMs, zone);
  for (let walked = 0; walked < WALK_LIMIT_DAYS; walked++, day += DAY_MS) {
    const windows = hours[weekdayOf(day)] ?? [];
    if (windows.length === 0) continue;
    const at = wallClockOf(day, zone);
    for (const [start, end] of windows) {
      const a = at(start);
      const b = at(end);
      if (b > fromMs && b > a) yield [Math.max(a, fromMs), b];
    }
  }
}

const tooThin = (what: string, hours: BusinessHours): RangeError =>
  new RangeError(`${what} more than ${WALK_LIMIT_YEARS} years of ${formatBusinessHours(hours)}`);

const hasWindows = (hours: BusinessHours): boolean => hours.some((day) => day.length > 0);

/**
 * The instant at which `seconds` of business time have passed since
 * `startMs`: only time inside `hours` counts, in `zone`'s local time. A
 * start outside hours (a night, a weekend) starts counting at the next
 * window; a window shortened or lengthened by a daylight-saving change
 * counts what really passes. With `hours` null every moment counts. Zero
 * seconds is `startMs`. Throws a RangeError for negative or non-finite
 * seconds, for seconds > 0 on a schedule with no windows, and for a
 * schedule so thin the time would not pass within 200 years.
 */
export function addBusinessTime(startMs: number, seconds: number, hours: BusinessHours | null, zone: string): number {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`Business time must be zero or more seconds, not ${seconds}`);
  const ms = Math.round(seconds * 1000);
  if (hours === null || ms === 0) return startMs + ms;
  if (!hasWindows(hours)) throw new RangeError('Business hours with no windows: no business time ever passes');
  let left = ms;
  for (const [a, b] of windowsFrom(startMs, hours, zone)) {
    if (left <= b - a) return a + left;
    left -= b - a;
  }
  throw tooThin(`${seconds} seconds of business time need`, hours);
}

/**
 * Business seconds that pass from `fromMs` to `toMs` (0 when `toMs` is not
 * later): how much of a target is used. `businessTimeBetween(s,
 * addBusinessTime(s, x, h, z), h, z) === x` for whole milliseconds. Throws
 * a RangeError, as `addBusinessTime` does, past 200 years of the schedule.
 */
export function businessTimeBetween(fromMs: number, toMs: number, hours: BusinessHours | null, zone: string): number {
  if (!(toMs > fromMs)) return 0;
  if (hours === null) return (toMs - fromMs) / 1000;
  if (!hasWindows(hours)) return 0;
  let ms = 0;
  for (const [a, b] of windowsFrom(fromMs, hours, zone)) {
    if (a >= toMs) return ms / 1000;
    ms += Math.min(b, toMs) - a;
  }
  throw tooThin('Business time was counted over', hours);
}
