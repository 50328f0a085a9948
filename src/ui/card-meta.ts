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

export function isOverdue(value: string, now = Date.now()): boolean {
  const t = Date.parse(value);
  return !Number.isNaN(t) && t < now;
}

/** A full date and time for the detail screen, in UTC. */
export function longDate(value: string): string {
  const t = Date.parse(value);
  if (Number.isNaN(t)) return sanitize(value);
  return new Date(t).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}
