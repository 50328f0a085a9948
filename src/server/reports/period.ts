/**
 * The period a report covers, read from its parameters in the board's
 * zone: `since=30d` (the last 30 local days, today included), or `from` and
 * `to` as local days (both included) or ISO 8601 times (`to` excluded).
 * Refusals name the parameter; a period running past now is cut at now and
 * said; one wholly in the future is refused.
 */
import { REPORT_MAX_DAYS } from '../../api/schema-reports.js';
import { DAY_MS, dayKey, wallClockOf } from '../../text/time-zone.js';

export interface ReportDayBounds {
  /** The local day, as its date's UTC midnight (time-zone.ts `dayKey`). */
  key: number;
  startMs: number;
  endMs: number;
}

export interface Period {
  fromMs: number;
  /** Excluded. */
  toMs: number;
  days: ReportDayBounds[];
  notes: string[];
}

const isDay = (s: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(s);
export const dayName = (key: number): string => new Date(key).toISOString().slice(0, 10);
const startOfDay = (key: number, zone: string): number => wallClockOf(key, zone)(0);

function dayOf(s: string): number | null {
  const key = Date.parse(`${s}T00:00:00Z`);
  return Number.isNaN(key) || dayName(key) !== s ? null : key;
}

export type PeriodRead = { ok: true; period: Period } | { ok: false; error: string };

export function readPeriod(
  q: { from?: string | undefined; to?: string | undefined; since?: string | undefined },
  zone: string,
  nowMs: number,
): PeriodRead {
  const fail = (error: string): PeriodRead => ({ ok: false, error });
  const today = dayKey(nowMs, zone);
  const nowWords = `now is ${new Date(nowMs).toISOString()}`;
  let fromMs: number;
  let toMs: number;
  if (q.since !== undefined) {
    if (q.from !== undefined || q.to !== undefined) return fail('since: give since, or from and to, not both');
    const n = Number(q.since.slice(0, -1));
    if (n < 1) return fail(`since: ${q.since} is no time at all — give 1d or more`);
    if (n > REPORT_MAX_DAYS) return fail(`since: at most ${REPORT_MAX_DAYS}d`);
    fromMs = startOfDay(today - (n - 1) * DAY_MS, zone);
    toMs = startOfDay(today + DAY_MS, zone);
  } else if (q.from === undefined) {
    if (q.to !== undefined) return fail('from: give from with to');
    fromMs = startOfDay(today - 29 * DAY_MS, zone);
    toMs = startOfDay(today + DAY_MS, zone);
  } else {
    const read = (s: string, end: boolean): number | null => {
      if (!isDay(s)) return Date.parse(s);
      const key = dayOf(s);
      return key === null ? null : startOfDay(end ? key + DAY_MS : key, zone);
    };
    const f = read(q.from, false);
    if (f === null) return fail(`from: ${q.from} is not a day of the calendar`);
    const t = q.to === undefined ? nowMs : read(q.to, true);
    if (t === null) return fail(`to: ${q.to ?? ''} is not a day of the calendar`);
    fromMs = f;
    toMs = t;
    if (fromMs > nowMs)
      return fail(`from: the period starts in the future (${nowWords}); nothing has happened in it yet`);
    if (toMs <= fromMs) return fail(`from: ${q.from} is not before to: ${q.to ?? 'now'} — the period is empty`);
  }
  if (fromMs > nowMs)
    return fail(`from: the period starts in the future (${nowWords}); nothing has happened in it yet`);
  const notes: string[] = [];
  if (toMs > nowMs) {
    toMs = nowMs;
    if (q.to !== undefined)
      notes.push(`The period ends in the future: counted up to now, ${new Date(nowMs).toISOString()}.`);
  }
  const first = dayKey(fromMs, zone);
  const last = dayKey(Math.max(fromMs, toMs - 1), zone);
  const count = Math.round((last - first) / DAY_MS) + 1;
  if (count > REPORT_MAX_DAYS)
    return fail(`from: the period is ${count} days; a report covers at most ${REPORT_MAX_DAYS}`);
  const days: ReportDayBounds[] = [];
  for (let key = first; key <= last; key += DAY_MS) {
    days.push({ key, startMs: startOfDay(key, zone), endMs: startOfDay(key + DAY_MS, zone) });
  }
  return { ok: true, period: { fromMs, toMs, days, notes } };
}
