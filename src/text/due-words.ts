/**
 * Due dates shown to people: the full local date and time, how far off it
 * is, and a stored value read back as an instant. What due-parse.ts reads
 * is shown with these, and the board shows stored dates with them.
 */

export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const MONTH_NAMES = [
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
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The end of a day that has no time of day typed. */
export const END_OF_DAY = { h: 23, m: 59 } as const;

export const pad = (n: number): string => String(n).padStart(2, '0');
export const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "Tue 1 Dec 2026 17:00", local time: how a due date is shown in full. */
export function localDateTime(d: Date): string {
  return `${localDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "Tue 1 Dec 2026", local time. */
export function localDate(d: Date): string {
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
