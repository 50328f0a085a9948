/**
 * When a snooze ends, as a person types it: the due date's words
 * (`tomorrow 9`, `fri`, `+3d`, `in 2 hours`: due-parse.ts) or an ISO 8601
 * time. A day without a time of day ends its snooze at the start of the
 * working day, 09:00 local — not at the end of it, as a due date does: a card
 * snoozed until Friday is back for Friday's work.
 */
import { parseDue } from './due-parse.js';
import { END_OF_DAY, localDateTime, relativeWords } from './due-words.js';

export const SNOOZE_MORNING = { h: 9, m: 0 } as const;

export type SnoozeUntil = { ok: true; ms: number; words: string } | { ok: false; error: string };

const q = (s: string) => `"${s}"`;

export function parseSnoozeUntil(input: string, now: Date, locale?: string): SnoozeUntil {
  const typed = input.trim();
  if (typed === '') return { ok: false, error: 'say until when: e.g. tomorrow 9, fri, +3d, in 2 hours' };
  let at: Date;
  if (/^\d{4}-\d{2}-\d{2}T/.test(typed)) {
    const t = Date.parse(typed);
    if (Number.isNaN(t)) return { ok: false, error: `${q(typed)} is not a date and time` };
    at = new Date(t);
  } else {
    const r = parseDue(typed, now, locale);
    if (!r.ok) return { ok: false, error: r.error };
    if (r.value === null) return { ok: false, error: 'say until when: e.g. tomorrow 9, fri, +3d, in 2 hours' };
    at = new Date(r.value);
    // The due words put a bare day at 23:59; only a time typed as such stays there.
    const dayOnly =
      at.getHours() === END_OF_DAY.h && at.getMinutes() === END_OF_DAY.m && !/23[:.h]?59|11[:.]?59\s*pm/i.test(typed);
    if (dayOnly) at = new Date(at.getFullYear(), at.getMonth(), at.getDate(), SNOOZE_MORNING.h, SNOOZE_MORNING.m);
  }
  if (at.getTime() <= now.getTime()) {
    return { ok: false, error: `${q(typed)} is ${localDateTime(at)}, which has passed: a snooze ends in the future` };
  }
  return { ok: true, ms: at.getTime(), words: `${localDateTime(at)} (${relativeWords(at, now)})` };
}

export type SnoozeTerms =
  { ok: true; untilMs: number | null; untilReply: boolean; words: string } | { ok: false; error: string };

/** The words that mean "until the customer answers". */
const REPLY = /^(reply|replies|answer|answers|answered)$/i;
/** Joining words around them: `fri or reply`, `until reply`. */
// Escaped: the board's script is ASCII, and a regular expression's characters are not escaped for it.
const JOIN = /^(or|until|an|a|the|customer's|customer\u2019s)$/i;

/**
 * A snooze as the board's prompt takes it: the words of `parseSnoozeUntil`
 * (`tomorrow 9`, `fri`, `+3d`), `reply` for until the customer answers, or
 * both (`reply fri`, `fri or reply`: whichever comes first). `words` says
 * what was read: "until Fri 4 Dec 2026 09:00 (in 2 days) or an answer".
 */
export function parseSnoozeTerms(input: string, now: Date, locale?: string): SnoozeTerms {
  const rest: string[] = [];
  let untilReply = false;
  for (const t of input.trim().split(/\s+/).filter(Boolean)) {
    if (!REPLY.test(t)) {
      rest.push(t);
      continue;
    }
    untilReply = true;
    // The words leading up to it (`or an`, `until the customer's`) go with it.
    while (rest.length > 0 && JOIN.test(rest.at(-1) ?? '')) rest.pop();
  }
  // `reply or fri`: the joining word after it.
  if (untilReply && rest.length > 0 && /^or$/i.test(rest[0] ?? '')) rest.shift();
  if (rest.length === 0) {
    if (untilReply) return { ok: true, untilMs: null, untilReply: true, words: 'until the customer answers' };
    return { ok: false, error: 'say until when: e.g. tomorrow 9, fri, +3d — or reply, until the customer answers' };
  }
  const until = parseSnoozeUntil(rest.join(' '), now, locale);
  if (!until.ok) return until;
  return { ok: true, untilMs: until.ms, untilReply, words: `until ${until.words}${untilReply ? ' or an answer' : ''}` };
}
