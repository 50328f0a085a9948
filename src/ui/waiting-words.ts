/**
 * How long a customer has waited and how that stands against the board's
 * response target, as a row shows it (`3h`, `!5h`) and as the detail says
 * it; a card's snooze in words. Times are the server's; `now` is the
 * caller's clock (a minute tick: hooks/use-minute.ts).
 */
import type { Snooze } from '../api/read-model.js';
import { localDateTime } from '../text/due-words.js';
import { durationWords, formatAge } from '../text/duration.js';
import { sanitize } from '../text/sanitize.js';
import type { Role } from './theme.js';

/** Past the target; near it (three quarters of it used); within it, or no target. */
export type WaitLevel = 'late' | 'near' | 'waiting';

/** From this share of the target used, a row warns. */
export const NEAR_SHARE = 0.75;

export interface WaitFields {
  readonly waitingSince?: string | null | undefined;
  readonly responseDue?: string | null | undefined;
  readonly responseTarget?: 'first' | 'next' | null | undefined;
}

const instant = (v: string | null | undefined): number | null => {
  if (v == null) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};

/** Whether a card's answer is past due at `now` (for `is:late` and the header's count). */
export const isLate = (c: WaitFields, now: number): boolean => {
  const due = instant(c.responseDue);
  return instant(c.waitingSince) !== null && due !== null && due < now;
};

/** How a waiting card stands, or null when nobody waits on it. */
export function waitLevel(c: WaitFields, now: number): WaitLevel | null {
  const since = instant(c.waitingSince);
  if (since === null) return null;
  const due = instant(c.responseDue);
  if (due === null) return 'waiting';
  if (due < now) return 'late';
  // By the clock, not business hours: near enough to warn.
  return due > since && (now - since) / (due - since) >= NEAR_SHARE ? 'near' : 'waiting';
}

/** The theme's role for a level. */
export const waitRole = (level: WaitLevel): Role =>
  level === 'late' ? 'late' : level === 'near' ? 'warning' : 'waiting';

/** A row's age: `45m`, `3h`, `2d`; past the target marked `!` (never colour alone). Empty when nobody waits. */
export function rowAge(c: WaitFields, now: number): string {
  const level = waitLevel(c, now);
  if (level === null) return '';
  const age = formatAge(now - (instant(c.waitingSince) ?? now));
  return level === 'late' ? `!${age}` : age;
}

const targetName = (t: 'first' | 'next' | null | undefined): string =>
  t === 'first' ? 'first response' : t === 'next' ? 'next response' : 'response';

/**
 * The detail's line: "Waiting 3 hours for a first response — due in 1
 * hour", "Waiting 5 hours: 2 hours past the first response target",
 * "Waiting 3 hours for an answer" (no target); null when nobody waits.
 */
export function waitingLine(c: WaitFields, now: number): { text: string; level: WaitLevel } | null {
  const since = instant(c.waitingSince);
  const level = waitLevel(c, now);
  if (since === null || level === null) return null;
  const waited = `Waiting ${durationWords(now - since)}`;
  const due = instant(c.responseDue);
  if (due === null) return { text: `${waited} for an answer`, level };
  const what = targetName(c.responseTarget);
  if (level === 'late') return { text: `${waited}: ${durationWords(now - due)} past the ${what} target`, level };
  return { text: `${waited} for a ${what} — due in ${durationWords(due - now)}`, level };
}

/** "until Fri 4 Dec 2026 09:00 or an answer", "until the customer answers". */
export function snoozeTerms(s: Snooze): string {
  const until = instant(s.Until);
  if (until === null) return 'until the customer answers';
  return `until ${localDateTime(new Date(until))}${s.UntilReply ? ' or an answer' : ''}`;
}

/** "Snoozed until Fri 4 Dec 2026 09:00 or an answer (by sam@x.io)", terminal-safe. */
export function snoozeLine(s: Snooze): string {
  const by = s.By === null || s.By === '' ? '' : ` (by ${s.By})`;
  return sanitize(`Snoozed ${snoozeTerms(s)}${by}`);
}
