/**
 * Wall-clock time in an IANA time zone, to and from instants, through
 * `Intl.DateTimeFormat` alone: a zone's offset at an instant is what its
 * clock shows (formatToParts) read as if it were UTC, minus the instant.
 *
 * A local calendar day is named by its date's midnight in UTC (`dayKey`),
 * so stepping a day is adding 24 hours whatever the zone does that day.
 *
 * A wall time maps to the first instant the zone's clock shows that time
 * or later: in the hour a spring-forward skips, to the moment of the jump
 * (a window from 02:30 on that day starts when the clock reaches 03:00);
 * in the hour a fall-back repeats, to its first pass. The mapping never
 * goes backwards as the wall time grows, so adjacent windows stay adjacent
 * and a window across the repeated hour lasts an hour longer.
 */
import { sanitize } from './sanitize.js';
import { BoundedCache } from './bounded-cache.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new BoundedCache<string, Intl.DateTimeFormat>(64);

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** `Date.UTC`, without its reading of years 0–99 as 1900–1999. */
function utc(year: number, month0: number, day: number, hour = 0, minute = 0, second = 0): number {
  const ms = Date.UTC(year, month0, day, hour, minute, second);
  if (year >= 100 || year < 0) return ms;
  const d = new Date(ms);
  d.setUTCFullYear(year, month0, day);
  return d.getTime();
}

/** What the zone's clock shows at `ms` (to the second), as if that were UTC. */
function wallAt(ms: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(zone).formatToParts(ms)) p[type] = Number(value);
  return utc(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

const wholeSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/** How far the zone's clock is ahead of UTC at `ms`, in ms. */
export function offsetAt(ms: number, zone: string): number {
  return wallAt(ms, zone) - wholeSecond(ms);
}

/** The local calendar day holding `ms`, as its date's UTC midnight. */
export function dayKey(ms: number, zone: string): number {
  const wall = wallAt(ms, zone);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, of a `dayKey`. */
export function weekdayOf(day: number): number {
  // 1970-01-01 was a Thursday.
  return (((Math.floor(day / DAY_MS) + 4) % 7) + 7) % 7;
}

/**
 * For one local day (a `dayKey`): the instant of each wall time on it, as
 * minutes after its midnight (1440 is the next midnight). Days far from an
 * offset change map by one offset; near one, each time is found exactly.
 */
export function wallClockOf(day: number, zone: string): (minute: number) => number {
  // Offsets stay within a day of UTC, so these two lie before and after every instant of the day.
  const before = offsetAt(day - DAY_MS, zone);
  const after = offsetAt(day + 2 * DAY_MS, zone);
  if (before === after) return (minute) => day + minute * MINUTE_MS - before;
  return (minute) => firstInstantShowing(day + minute * MINUTE_MS, zone);
}

/** The first instant the zone's clock shows `wall` (as if UTC) or later. */
function firstInstantShowing(wall: number, zone: string): number {
  const earlier = offsetAt(wall - DAY_MS, zone);
  const later = offsetAt(wall + DAY_MS, zone);
  const shown = [wall - earlier, wall - later].filter((t) => offsetAt(t, zone) === wall - t);
  if (shown.length > 0) return Math.min(...shown);
  // In a skipped stretch: find the jump, to the second, between an instant before it and one after.
  let lo = wall - Math.max(earlier, later);
  let hi = wall - Math.min(earlier, later);
  const showsAtLeast = (t: number): boolean => t + offsetAt(t, zone) >= wall;
  if (showsAtLeast(lo) || !showsAtLeast(hi)) return wall - earlier;
  while (hi - lo > 1000) {
    const mid = wholeSecond(lo + (hi - lo) / 2);
    if (showsAtLeast(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

export type ZoneCheck = { ok: true; zone: string } | { ok: false; error: string };

/**
 * An IANA time zone name (`Europe/Berlin`, `america/new_york`, `UTC`),
 * answered in the spelling Intl gives it.
 */
export function checkTimeZone(zone: string): ZoneCheck {
  const name = zone.trim();
  const examples = 'use a time zone name such as Europe/Berlin, America/New_York or UTC';
  if (name === '') return { ok: false, error: `No time zone given — ${examples}` };
  try {
    return { ok: true, zone: new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone };
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return { ok: false, error: `"${sanitize(name)}" is not a time zone — ${examples}` };
  }
}
