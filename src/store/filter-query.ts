/**
 * The `/` filter's syntax: what is typed, read into terms that must all hold.
 *
 *   invoice "needs reply"   free text: a title, tag name or assignee contains it
 *   is:unread  is:read  is:overdue
 *   due:today              due on today's date (earlier today included)
 *   due:week               due from now to the end of the day a week ahead;
 *                          overdue cards are not in it (is:overdue is)
 *   due:none               no due date
 *   tag:NAME  tag:"needs reply"
 *                          a tag named so; while no name equals it, names containing it
 *   assignee:EMAIL         an assignee's email contains it ("sam", "@acme.io")
 *   assignee:me            assigned to you (the configured email, else the server's GET /v2/me)
 *   is:waiting             a customer waits for an answer (extension: the
 *                          server says so)
 *   is:late                past the board's response target
 *   is:snoozed             snoozed (snoozed cards are in no column: on the
 *                          board this matches none; `O` lists them)
 *   waiting:>2h  waiting:<30m
 *                          a customer has waited longer / less than that
 *   -TERM                  not: -tag:spam, -is:read, -"out of office"
 *
 * Case and accents never matter (text/fold.ts). A word with a colon that
 * is none of these (`re:invoice`) is free text. Dates are the local day, as
 * the board shows them (text/due-parse.ts). How a card is checked against
 * the terms: filter-match.ts.
 */
import { formatDuration, parseDuration } from '../text/duration.js';
import { sanitize } from '../text/sanitize.js';

type Is = 'unread' | 'read' | 'overdue' | 'waiting' | 'late' | 'snoozed';
type Due = 'today' | 'week' | 'none';
const IS: readonly Is[] = ['unread', 'read', 'overdue', 'waiting', 'late', 'snoozed'];
const DUE: readonly Due[] = ['today', 'week', 'none'];

export type Term = { readonly negated: boolean } & (
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'is'; readonly what: Is }
  | { readonly kind: 'due'; readonly when: Due }
  /** waiting:>2h (`over`) or waiting:<30m: how long a customer has waited, against `seconds`. */
  | { readonly kind: 'waiting'; readonly over: boolean; readonly seconds: number }
  | { readonly kind: 'tag'; readonly name: string }
  /** `who` is 'me' for assignee:me, else a part of an email as typed. */
  | { readonly kind: 'assignee'; readonly who: string; readonly me: boolean }
);

export interface FilterQuery {
  readonly terms: readonly Term[];
}

/**
 * What was typed, read. With an error the query holds the terms that were
 * read, so the board keeps filtering by them while the rest is typed.
 */
export interface QueryParse {
  readonly query: FilterQuery;
  readonly error: string | null;
}

export const MISSING_ME = 'assignee:me needs your email: --email, INBOARD_EMAIL or email in the config file';

const KEYS = new Set(['is', 'due', 'tag', 'assignee', 'waiting']);

interface Token {
  negated: boolean;
  key: string | null;
  value: string;
  /** Some of the value was in quotes: `assignee:"me"` is the text me, not you. */
  quoted: boolean;
}

/** Words split at spaces outside quotes; `key:` split off where it is one of ours. An unclosed quote runs to the end. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  const space = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
  let i = 0;
  while (i < text.length) {
    if (space(text[i])) {
      i++;
      continue;
    }
    const t: Token = { negated: false, key: null, value: '', quoted: false };
    if (text[i] === '-' && i + 1 < text.length && !space(text[i + 1])) {
      t.negated = true;
      i++;
    }
    while (i < text.length && !space(text[i])) {
      const ch = text[i] ?? '';
      if (ch === '"') {
        const end = text.indexOf('"', i + 1);
        const stop = end === -1 ? text.length : end;
        t.value += text.slice(i + 1, stop);
        t.quoted = true;
        i = stop + 1;
      } else if (ch === ':' && t.key === null && !t.quoted && KEYS.has(t.value.toLowerCase())) {
        t.key = t.value.toLowerCase();
        t.value = '';
        i++;
      } else {
        t.value += ch;
        i++;
      }
    }
    out.push(t);
  }
  return out;
}

const oneOf = <T extends string>(list: readonly T[], v: string): T | undefined => list.find((x) => x === v);
const quote = (s: string) => `'${sanitize(s)}'`;
const not = (v: string) => (v === '' ? '' : ` (not ${quote(v)})`);

/** Reads the typed filter; the first problem, if any, in words. */
export function parseFilterQuery(text: string): QueryParse {
  const terms: Term[] = [];
  let error: string | null = null;
  const problem = (e: string) => void (error ??= e);
  for (const t of tokens(text)) {
    const { negated } = t;
    const v = t.value.trim();
    const lower = v.toLowerCase();
    switch (t.key) {
      case null:
        if (v !== '') terms.push({ kind: 'text', text: v, negated });
        break;
      case 'is': {
        const what = oneOf(IS, lower);
        if (what === undefined) problem(`is: takes unread, read, overdue, waiting, late or snoozed${not(v)}`);
        else terms.push({ kind: 'is', what, negated });
        break;
      }
      case 'due': {
        const when = oneOf(DUE, lower);
        if (when === undefined) problem(`due: takes today, week or none${not(v)}`);
        else terms.push({ kind: 'due', when, negated });
        break;
      }
      case 'waiting': {
        const w = waitingTerm(v);
        if (typeof w === 'string') problem(w);
        else terms.push({ kind: 'waiting', ...w, negated });
        break;
      }
      case 'tag':
        if (v === '') problem('tag: takes a tag name: tag:billing, or in quotes tag:"needs reply"');
        else terms.push({ kind: 'tag', name: v, negated });
        break;
      case 'assignee':
        if (v === '') problem('assignee: takes an email or part of one (assignee:sam), or assignee:me');
        else terms.push({ kind: 'assignee', who: v, me: !t.quoted && lower === 'me', negated });
        break;
    }
  }
  return { query: { terms }, error };
}

/** `>2h` or `<30m`: over or under a length of time; else what is wrong, in words. */
function waitingTerm(v: string): { over: boolean; seconds: number } | string {
  const said = 'waiting: takes > or < and a length of time: waiting:>2h, waiting:<30m';
  const m = /^([<>])\s*(.*)$/.exec(v);
  if (m === null) return `${said}${not(v)}`;
  if ((m[2] ?? '') === '') return `${said} (a length of time after ${m[1]})`;
  const d = parseDuration(m[2] ?? '');
  return d.ok ? { over: m[1] === '>', seconds: d.seconds } : `waiting: ${d.error}`;
}

/** Whether the query's answer changes with the clock (overdue, due dates, waiting times). */
export function usesTime(q: FilterQuery): boolean {
  return q.terms.some(
    (t) =>
      (t.kind === 'is' && (t.what === 'overdue' || t.what === 'late')) ||
      (t.kind === 'due' && t.when !== 'none') ||
      t.kind === 'waiting',
  );
}

/** Whether the query asks for your email (assignee:me). */
export function usesMe(q: FilterQuery): boolean {
  return q.terms.some((t) => t.kind === 'assignee' && t.me);
}

/**
 * The query as the header shows it, terminal-safe: free text alone as typed
 * ("invoice refund"); with other terms each one named, the text quoted:
 * `unread · overdue · tag:billing · "invoice"`.
 */
export function describeQuery(q: FilterQuery): string {
  if (q.terms.every((t) => t.kind === 'text' && !t.negated))
    return sanitize(q.terms.map((t) => (t.kind === 'text' ? t.text : '')).join(' '));
  return q.terms
    .map((t) => {
      const no = t.negated ? 'not ' : '';
      switch (t.kind) {
        case 'text':
          return `${no}"${sanitize(t.text)}"`;
        case 'is':
          return `${no}${t.what}`;
        case 'due':
          return t.when === 'none' ? (t.negated ? 'has a due date' : 'no due date') : `${no}due ${DUE_WORDS[t.when]}`;
        case 'waiting':
          return `${no}waiting ${t.over ? 'over' : 'under'} ${formatDuration(t.seconds)}`;
        case 'tag':
          return `${no}tag:${/\s/.test(t.name) ? `"${sanitize(t.name)}"` : sanitize(t.name)}`;
        case 'assignee':
          return `${no}assignee:${t.me ? 'me' : sanitize(t.who)}`;
      }
    })
    .join(' · ');
}
const DUE_WORDS = { today: 'today', week: 'within a week' } as const;
