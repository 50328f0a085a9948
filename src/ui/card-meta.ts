/** Short forms of a card's metadata for one-line rows. */
import { sanitize } from '../text/sanitize.js';

/** "maya.chen@x.io" → "MC"; "sam@x.io" → "SA". */
export function initials(email: string): string {
  const local = sanitize(email).split('@')[0] ?? '';
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : local.slice(0, 2);
  return letters.toUpperCase();
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-30T…" → "30 Nov"; unparseable dates are shown sanitised as they came. */
export function shortDate(value: string): string {
  const t = Date.parse(value);
  if (Number.isNaN(t)) return sanitize(value).slice(0, 10);
  const d = new Date(t);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

export type Urgency = 'overdue' | 'today' | null;

/** Overdue (past), due today (UTC day, still ahead) or neither. */
export function urgency(value: string, now = Date.now()): Urgency {
  return dueOf(value, now)?.urgency ?? null;
}

/** The due date read once: when, its UTC time of day, and how urgent it is. */
function dueOf(value: string, now: number): { urgency: Urgency; sameDay: boolean; time: string } | null {
  const t = Date.parse(value);
  if (Number.isNaN(t)) return null;
  const iso = new Date(t).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return { urgency: t < now ? 'overdue' : sameDay ? 'today' : null, sameDay, time: iso.slice(11, 16) };
}

/**
 * A due date as a row shows it: a word or symbol, never colour alone.
 * "!21 Nov" overdue, "!17:00" overdue today, "today 17:00", "30 Nov".
 */
export function dueText(value: string, now = Date.now()): string {
  const d = dueOf(value, now);
  if (d?.urgency === 'overdue') return `!${d.sameDay ? d.time : shortDate(value)}`;
  if (d?.urgency === 'today') return `today ${d.time}`;
  return shortDate(value);
}

/** A full date and time for the detail screen, in UTC. */
export function longDate(value: string): string {
  const t = Date.parse(value);
  if (Number.isNaN(t)) return sanitize(value);
  return new Date(t).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}
