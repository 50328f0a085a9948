/**
 * Lengths of time: a response target as a person types it (`4h`, `1h30m`,
 * `2 days`), and lengths shown back — compact on a board row, canonical when
 * a setting is echoed, in words inside a sentence.
 */
import { sanitize } from './sanitize.js';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;
const DAY_S = 24 * HOUR_S;
const WEEK_S = 7 * DAY_S;
/** Longer targets are typing mistakes, not targets. */
const MAX_S = 365 * DAY_S;

export type DurationParse = { ok: true; seconds: number } | { ok: false; error: string };

type Unit = 's' | 'm' | 'h' | 'd' | 'w';
const UNIT_S: Record<Unit, number> = { s: 1, m: MINUTE_S, h: HOUR_S, d: DAY_S, w: WEEK_S };
const UNIT_PLURAL: Record<Unit, string> = { s: 'seconds', m: 'minutes', h: 'hours', d: 'days', w: 'weeks' };
const UNIT_NAMES: Record<string, Unit> = {};
for (const [unit, names] of [
  ['s', 's sec secs second seconds'],
  ['m', 'm min mins minute minutes'],
  ['h', 'h hr hrs hour hours'],
  ['d', 'd day days'],
  ['w', 'w wk wks week weeks'],
] as const)
  for (const name of names.split(' ')) UNIT_NAMES[name] = unit;

const EXAMPLES = 'write e.g. 45m, 4h, 1h30m or 2d';

/** Typed text quoted back: pasted control characters shown, not obeyed. */
const q = (s: string): string => `"${sanitize(s)}"`;
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/**
 * `45m`, `4h`, `1h30m`, `2d`, `90s`, `1w`; parts may be spaced (`1h 30m`),
 * written out (`30 min`, `2 hours`, `1 day`) and joined by commas or `and`;
 * any case. Whole numbers only, each unit once, more than zero and at most
 * 365 days. Refusals quote the input and say what would be read.
 */
export function parseDuration(input: string): DurationParse {
  const text = input.trim();
  const said = q(text);
  if (text === '') return fail(`Nothing typed: a target is a length of time — ${EXAMPLES}`);
  if (text.startsWith('-') || /^0+$/.test(text)) return fail(`${said}: a target must be longer than zero`);
  const lower = text.toLowerCase();
  const part = /(\d+)(\.\d+)?[ \t]*([a-z]*)/y;
  const gap = /(?:[ \t,]+|[ \t]*\band\b[ \t]*)*/y;
  const seen = new Set<Unit>();
  let seconds = 0;
  let pos = 0;
  while (pos < lower.length) {
    part.lastIndex = pos;
    const m = part.exec(lower);
    if (m === null) return fail(`${said}: not a length of time — ${EXAMPLES}`);
    const [whole, digits = '', fraction, word = ''] = m;
    if (fraction !== undefined) return fail(`${said}: whole numbers only — write e.g. 1h30m rather than 1.5h`);
    const n = Number(digits);
    if (word === '') return fail(`${said}: ${digits} of what? — add a unit (s, m, h, d or w), ${EXAMPLES}`);
    const unit = UNIT_NAMES[word];
    if (unit === undefined) return fail(unknownUnit(said, word));
    if (seen.has(unit)) return fail(`${said}: ${UNIT_PLURAL[unit]} given twice — write each unit once, e.g. 1h30m`);
    seen.add(unit);
    seconds += n * UNIT_S[unit];
    // The gap may be empty (`1h30m`); it never fails.
    gap.lastIndex = pos + whole.length;
    gap.exec(lower);
    pos = gap.lastIndex;
  }
  if (seconds === 0) return fail(`${said}: a target must be longer than zero`);
  if (seconds > MAX_S) return fail(`${said}: longer than a year — a target can be at most 365d`);
  return { ok: true, seconds };
}

function unknownUnit(said: string, word: string): string {
  if (/^mo(n|nth|nths)?$/.test(word)) return `${said}: months differ in length — write days instead, e.g. 30d`;
  if (/^(y|yr|yrs|year|years)$/.test(word)) return `${said}: longer than a year — a target can be at most 365d`;
  return `${said}: not a length of time — ${q(word)} is not a unit (s, m, h, d or w); ${EXAMPLES}`;
}

/**
 * How old something is, for a board row, floored and at most 3 characters
 * for anything under 100 years: under an hour in minutes (`0m` under a
 * minute, `45m`), under 48 hours in hours (`3h`, `47h` — "yesterday" stays
 * countable in hours), under 14 days in days (`2d`), under 365 days in
 * weeks (`5w`), then years (`2y`). A negative or unknown age (a clock ahead
 * of ours) is `0m`.
 */
export function formatAge(ms: number): string {
  const s = ms >= 0 ? Math.floor(ms / 1000) : 0;
  if (s < HOUR_S) return `${Math.floor(s / MINUTE_S)}m`;
  if (s < 48 * HOUR_S) return `${Math.floor(s / HOUR_S)}h`;
  if (s < 14 * DAY_S) return `${Math.floor(s / DAY_S)}d`;
  if (s < 365 * DAY_S) return `${Math.floor(s / WEEK_S)}w`;
  return `${Math.floor(s / (365 * DAY_S))}y`;
}

/**
 * A length echoed back as `parseDuration` reads it: whole weeks as weeks
 * (`1w`, `2w`), anything else in days, hours, minutes and seconds, largest
 * first, zeros left out (`4h`, `1h30m`, `2d`, `10d`, `1m30s`). Rounded to
 * the second; nothing or less is `0s`.
 */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (!(s > 0)) return '0s';
  if (s % WEEK_S === 0) return `${s / WEEK_S}w`;
  let rest = s;
  let out = '';
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const n = Math.floor(rest / UNIT_S[unit]);
    rest -= n * UNIT_S[unit];
    if (n > 0) out += `${n}${unit}`;
  }
  return out;
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A length for a sentence, floored: the largest of days, hours and minutes,
 * with the next one down when it isn't zero (`1 day 4 hours`, `3 hours`,
 * `1 hour 30 minutes`, `45 minutes`, `2 days`); under a minute in seconds
 * (`30 seconds`). A negative length is worded by its size: the sentence
 * says whether it is over or ago.
 */
export function durationWords(ms: number): string {
  const s = Number.isFinite(ms) ? Math.floor(Math.abs(ms) / 1000) : 0;
  if (s < MINUTE_S) return plural(s, 'second');
  const units = [
    [DAY_S, 'day'],
    [HOUR_S, 'hour'],
    [MINUTE_S, 'minute'],
  ] as const;
  const first = units.findIndex(([size]) => s >= size);
  const [size, name] = units[first] ?? units[2];
  const words = plural(Math.floor(s / size), name);
  const next = units[first + 1];
  if (next === undefined) return words;
  const more = Math.floor((s % size) / next[0]);
  return more > 0 ? `${words} ${plural(more, next[1])}` : words;
}
