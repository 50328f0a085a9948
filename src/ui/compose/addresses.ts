/**
 * Addresses as the composer shows and takes them: comma-separated, each
 * checked as the service checks it, a bad one named in words with what was
 * typed kept. `Ana Lima <ana@example.com>` is read as its address.
 */
import { Email } from '../../api/schema.js';
import { MAIL_LIMITS } from '../../api/schema-mail.js';
import { sanitize } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';

export type ReadAddresses = { ok: true; list: string[] } | { ok: false; error: string };

/** The address inside `Name <addr>`, else the text itself. */
export function bareAddress(written: string): string {
  const m = /<([^<>]+)>\s*$/.exec(written);
  return (m?.[1] ?? written).trim();
}

/** What was typed in an address line (`label`: To, Cc, Bcc), read. */
export function readAddresses(typed: string, label: string): ReadAddresses {
  const list = typed
    .split(/[,;\n]+/)
    .map((a) => bareAddress(a))
    .filter((a) => a !== '');
  const bad = list.find((a) => !Email.safeParse(a).success);
  if (bad !== undefined)
    return {
      ok: false,
      error: `${label}: "${truncate(sanitize(bad), 60)}" is not an email address (write name@example.com, separated by commas)`,
    };
  if (list.length > MAIL_LIMITS.cc)
    return { ok: false, error: `${label}: ${list.length} addresses; at most ${MAIL_LIMITS.cc}` };
  return { ok: true, list };
}

/** The same people, whatever the case or the order. */
export function sameAddresses(a: readonly string[], b: readonly string[]): boolean {
  const norm = (l: readonly string[]) => [...new Set(l.map((x) => bareAddress(x).toLowerCase()))].sort().join(',');
  return norm(a) === norm(b);
}

/** A line of them, terminal-safe. */
export const addressLine = (l: readonly string[]): string => l.map((a) => sanitize(a)).join(', ');
