/**
 * A board's response targets in words, both ways: as one line a person
 * types on the board (`first 4h next 8h hours Mon-Fri 09:00-17:00 zone
 * Europe/Berlin`) and as the board and `inboard board sla` say them back
 * ("first response 4h, next response 8h, Mon-Fri 09:00-17:00 Europe/Berlin").
 */
import { checkTimeZone, parseBusinessHours } from './business-hours.js';
import { formatDuration, parseDuration } from './duration.js';
import { sanitize } from './sanitize.js';

/** The targets as the service says them (api/schema-waiting.ts BoardTargets), null: none. */
export interface TargetsShape {
  readonly FirstResponseSeconds: number | null;
  readonly NextResponseSeconds: number | null;
  readonly Hours: string | null;
  readonly Zone: string;
}

/** "first response 4h, next response 8h, Mon-Fri 09:00-17:00 Europe/Berlin", or "no response targets". */
export function targetsWords(t: TargetsShape): string {
  const parts: string[] = [];
  if (t.FirstResponseSeconds !== null) parts.push(`first response ${formatDuration(t.FirstResponseSeconds)}`);
  if (t.NextResponseSeconds !== null) parts.push(`next response ${formatDuration(t.NextResponseSeconds)}`);
  if (parts.length === 0) return 'no response targets';
  parts.push(t.Hours === null ? 'around the clock' : `${t.Hours} ${t.Zone}`);
  return sanitize(parts.join(', '));
}

/** The targets as the board's prompt takes them, to edit: `first 4h next 8h hours Mon-Fri 09:00-17:00 zone UTC`. */
export function targetsLine(t: TargetsShape): string {
  const parts: string[] = [];
  if (t.FirstResponseSeconds !== null) parts.push(`first ${formatDuration(t.FirstResponseSeconds)}`);
  if (t.NextResponseSeconds !== null) parts.push(`next ${formatDuration(t.NextResponseSeconds)}`);
  if (parts.length === 0) return '';
  if (t.Hours !== null) parts.push(`hours ${t.Hours}`);
  if (t.Hours !== null || t.Zone !== 'UTC') parts.push(`zone ${t.Zone}`);
  return sanitize(parts.join(' '));
}

/** What a typed line sets: the whole of the targets (what is left out is none), or none at all. */
export type TargetsLine =
  | {
      ok: true;
      targets: {
        FirstResponseSeconds: number | null;
        NextResponseSeconds: number | null;
        Hours: string | null;
        Zone: string;
      } | null;
    }
  | { ok: false; error: string };

const WORDS = ['first', 'next', 'hours', 'zone'] as const;
type Word = (typeof WORDS)[number];
const EXAMPLE = 'e.g. first 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin';

/**
 * `first 4h next 8h hours Mon-Fri 09:00-17:00 zone Europe/Berlin`: each of
 * the four words takes what follows it up to the next one, in any order;
 * `first` or `next` is needed, `hours` and `zone` may be left out (around
 * the clock, UTC). `none` is no targets. Refusals say which part was wrong
 * and what it takes.
 */
export function parseTargetsLine(input: string): TargetsLine {
  const text = input.trim();
  if (text === '') return { ok: false, error: `Nothing typed: ${EXAMPLE}, or none for no targets` };
  if (/^none$/i.test(text)) return { ok: true, targets: null };
  const parts = new Map<Word, string[]>();
  let at: Word | null = null;
  for (const token of text.split(/\s+/)) {
    const word = WORDS.find((w) => w === token.toLowerCase());
    if (word !== undefined) {
      if (parts.has(word)) return { ok: false, error: `"${word}" is given twice — once each: ${EXAMPLE}` };
      parts.set(word, []);
      at = word;
    } else if (at === null) {
      return { ok: false, error: `"${sanitize(token)}": start with first, next, hours or zone — ${EXAMPLE}` };
    } else parts.get(at)?.push(token);
  }
  const said = (w: Word): string | undefined => parts.get(w)?.join(' ');
  const length = (w: 'first' | 'next'): number | null | string => {
    const v = said(w);
    if (v === undefined) return null;
    if (v === '') return `${w}: how long? e.g. ${w} 4h`;
    const d = parseDuration(v);
    return d.ok ? d.seconds : `${w}: ${d.error}`;
  };
  const first = length('first');
  if (typeof first === 'string') return { ok: false, error: first };
  const next = length('next');
  if (typeof next === 'string') return { ok: false, error: next };
  if (first === null && next === null)
    return { ok: false, error: `Say a first or a next response target: ${EXAMPLE}, or none for no targets` };
  let hours: string | null = null;
  const h = said('hours');
  if (h !== undefined) {
    const read = parseBusinessHours(h);
    if (!read.ok) return { ok: false, error: `hours: ${read.error}` };
    hours = read.text;
  }
  let zone = 'UTC';
  const z = said('zone');
  if (z !== undefined) {
    const read = checkTimeZone(z);
    if (!read.ok) return { ok: false, error: `zone: ${read.error}` };
    zone = read.zone;
  }
  return { ok: true, targets: { FirstResponseSeconds: first, NextResponseSeconds: next, Hours: hours, Zone: zone } };
}
