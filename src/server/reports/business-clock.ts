/**
 * How long passed between two instants, in seconds: business time when the
 * board has hours (text/business-hours.ts counts the same), else clock time.
 * A report measures thousands of spans over the same days, so the windows
 * of the span's days are laid out once, with the business time before each,
 * and every span is two binary searches.
 */
import { businessTimeBetween, type BusinessHours } from '../../text/business-hours.js';
import { DAY_MS, dayKey, wallClockOf, weekdayOf } from '../../text/time-zone.js';

export interface SpanClock {
  kind: 'business' | 'clock';
  /** Seconds from `a` to `b`; 0 when `b` is not later. */
  between(a: number, b: number): number;
}

export function spanClock(hours: BusinessHours | null, zone: string, lowMs: number, highMs: number): SpanClock {
  if (hours === null) return { kind: 'clock', between: (a, b) => (b > a ? (b - a) / 1000 : 0) };
  const starts: number[] = [];
  const ends: number[] = [];
  const before: number[] = [];
  let total = 0;
  const last = dayKey(highMs, zone) + DAY_MS;
  for (let day = dayKey(lowMs, zone) - DAY_MS; day <= last; day += DAY_MS) {
    const windows = hours[weekdayOf(day)] ?? [];
    if (windows.length === 0) continue;
    const at = wallClockOf(day, zone);
    for (const [s, e] of windows) {
      const a = at(s);
      const b = at(e);
      if (b <= a) continue;
      starts.push(a);
      ends.push(b);
      before.push(total);
      total += b - a;
    }
  }
  /** Business ms from the first window to `t`. */
  const upTo = (t: number): number => {
    let l = 0;
    let h = starts.length - 1;
    let found = -1;
    while (l <= h) {
      const m = (l + h) >> 1;
      if ((starts[m] ?? 0) <= t) {
        found = m;
        l = m + 1;
      } else h = m - 1;
    }
    if (found < 0) return 0;
    return (before[found] ?? 0) + Math.min(t, ends[found] ?? 0) - (starts[found] ?? 0);
  };
  return {
    kind: 'business',
    between(a, b) {
      if (!(b > a)) return 0;
      // Outside the days laid out (never for the report's own spans): count them one by one.
      if (a < lowMs || b > highMs) return businessTimeBetween(a, b, hours, zone);
      return (upTo(b) - upTo(a)) / 1000;
    },
  };
}
