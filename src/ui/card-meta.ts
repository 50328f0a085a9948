/** Short forms of a card's metadata for one-line rows. */
import { dueInstant, localDateTime } from '../text/due-parse.js';
import { sanitize } from '../text/sanitize.js';

/** "maya.chen@x.io" → "MC"; "sam@x.io" → "SA". */
export function initials(email: string): string {
  const local = sanitize(email).split('@')[0] ?? '';
  const parts = local.split(/[._\-+]+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : local.slice(0, 2);
  return letters.toUpperCase();
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "14:02", local time. */
export const clockTime = (at: number): string => {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Dates are shown in the process's local time zone, as the due-date prompt
// reads them typed (text/due-parse.ts): what you type is what you see.

/** "2026-11-30T…" → "30 Nov" (local); unparseable dates are shown sanitised as they came. */
export function shortDate(value: string): string {
  const d = dueInstant(value);
  if (d === null) return sanitize(value).slice(0, 10);
  return `${d.getDate()} ${MONTHS[d.getMonth()]}`;
}

export type Urgency = 'overdue' | 'today' | null;

/** Overdue (past), due today (local day, still ahead) or neither. */
export function urgency(value: string, now = Date.now()): Urgency {
  return dueOf(value, now)?.urgency ?? null;
}

/** The due date read once: when, its local time of day, and how urgent it is. */
function dueOf(value: string, now: number): { urgency: Urgency; sameDay: boolean; time: string } | null {
  const d = dueInstant(value);
  if (d === null) return null;
  const n = new Date(now);
  const sameDay = d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate();
  return {
    urgency: d.getTime() < now ? 'overdue' : sameDay ? 'today' : null,
    sameDay,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
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

/** A full date and time for the detail screen, local: "Tue 1 Dec 2026 17:00". */
export function longDate(value: string): string {
  const d = dueInstant(value);
  return d === null ? sanitize(value) : localDateTime(d);
}

/** A thread's sender (its name, without the address when it has one) and preview: "Jane Doe: Hi, the…". */
export function threadLine(sender: string | undefined, snippet: string | undefined): string {
  const name = sender?.replace(/\s*<[^>]*>\s*$/, '').trim() || sender?.trim() || '';
  return [name, snippet?.trim() ?? ''].filter((x) => x !== '').join(': ');
}
