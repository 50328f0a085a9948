/**
 * The search language, one parser for the service, the CLI and the board:
 * words (all must match), `"a phrase"`, `-word`, `a OR b`, the fields
 * `from:` `to:` `subject:` (words looked for in that part of a text) and the
 * filters `tag:` `assignee:` `board:` `column:` `is:` `has:` `before:`
 * `after:` `waiting:` (what the card or the message must be).
 *
 * Words are cut where the engines' tokenizers cut them (anything not a
 * letter or a digit: `jane@acme.io` is the phrase "jane acme io") and folded
 * (lower case, no accents), so what reaches an engine is letters and digits
 * only — never the user's own syntax. A lone common word ("the") is dropped,
 * as PostgreSQL's English configuration drops it, so both engines agree.
 */
import { parseDue } from './due-parse.js';
import { formatDuration, parseDuration } from './duration.js';
import { foldText } from './fold.js';
import { isStopWord } from './stop-words.js';

/** Longer queries are refused in words (a search box, not a document). */
export const MAX_QUERY_LENGTH = 1000;
const MAX_TERMS = 40;

export type TextField = 'any' | 'from' | 'to' | 'subject';
/** Words looked for together: one word, or a phrase when there are several. */
export interface TextTerm {
  readonly kind: 'text';
  readonly field: TextField;
  readonly words: readonly string[];
  readonly negated: boolean;
  /** `from:`/`to:` with an address (`jane@acme.io`) or a domain (`@acme.io`), lower case: rules match it exactly. */
  readonly address?: string;
}
/** Any one of its terms (none negated). */
export interface OrTerm {
  readonly kind: 'or';
  readonly terms: readonly TextTerm[];
}
export type Clause = TextTerm | OrTerm;

export type Filter =
  | { readonly kind: 'tag' | 'board' | 'column'; readonly value: string; readonly negated: boolean }
  /** `me` is the asker's own email. */
  | { readonly kind: 'assignee'; readonly value: string; readonly me: boolean; readonly negated: boolean }
  | { readonly kind: 'is'; readonly value: IsValue; readonly negated: boolean }
  /** The customer has waited longer (`>`) or less (`<`) than `seconds` for an answer. */
  | { readonly kind: 'waiting'; readonly op: '>' | '<'; readonly seconds: number; readonly negated: boolean }
  | { readonly kind: 'has'; readonly value: 'attachment'; readonly negated: boolean }
  /** Rules only: a header field is there (`value` null) or has this value, case aside. */
  | { readonly kind: 'header'; readonly name: string; readonly value: string | null; readonly negated: boolean }
  /** An instant (ISO 8601 UTC): the text's date is before it, or after it. */
  | { readonly kind: 'before' | 'after'; readonly at: string; readonly words: string; readonly negated: false };

/** `is:` — read state, archived, and the waiting terms: the team owes an answer, snoozed, past the board's target. */
export const IS_VALUES = ['unread', 'read', 'archived', 'waiting', 'snoozed', 'late'] as const;
export type IsValue = (typeof IS_VALUES)[number];

export interface SearchQuery {
  readonly clauses: readonly Clause[];
  readonly filters: readonly Filter[];
  /** What was read, in words ("refund · from:jane · not tag:spam"). */
  readonly understood: string;
}

export type SearchParse = { ok: true; query: SearchQuery } | { ok: false; error: string; understood: string };

const FIELDS: ReadonlySet<string> = new Set(['from', 'to', 'subject']);
const FILTERS: ReadonlySet<string> = new Set([
  'tag',
  'assignee',
  'board',
  'column',
  'is',
  'has',
  'before',
  'after',
  'waiting',
  'header',
]);
const OPERATORS = 'from: to: subject: tag: assignee: board: column: is: has: before: after: waiting:';

interface Token {
  negated: boolean;
  op: string | null;
  value: string;
  quoted: boolean;
  /** As typed, for messages. */
  raw: string;
}

class QueryError extends Error {}

/** Splits the text into tokens: `-`? `op:`? then a quoted or a bare value. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/u.test(text[i] as string)) i++;
    if (i >= text.length) break;
    const start = i;
    let negated = false;
    if (text[i] === '-' && i + 1 < text.length && !/\s/u.test(text[i + 1] as string)) {
      negated = true;
      i++;
    }
    let op: string | null = null;
    const m = /^([A-Za-z]+):(?!\/)/u.exec(text.slice(i));
    if (m !== null) {
      op = (m[1] as string).toLowerCase();
      i += m[0].length;
    }
    let value: string;
    let quoted = false;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) {
        throw new QueryError(`an unbalanced quote: ${text.slice(start).trim()} has no closing "`);
      }
      value = text.slice(i + 1, close);
      quoted = true;
      i = close + 1;
    } else {
      const from = i;
      while (i < text.length && !/\s/u.test(text[i] as string)) i++;
      value = text.slice(from, i);
    }
    out.push({ negated, op, value, quoted, raw: text.slice(start, i) });
  }
  return out;
}

/** The letters-and-digits runs of a text, folded. */
export function searchWords(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const isIsValue = (v: string): v is IsValue => (IS_VALUES as readonly string[]).includes(v);

function filterOf(t: Token, now: Date): Filter {
  const op = t.op as string;
  const value = t.value.trim();
  if (value === '') throw new QueryError(`${op}: needs a value (${op}:something)`);
  switch (op) {
    case 'is': {
      const v = value.toLowerCase();
      if (!isIsValue(v)) throw new QueryError(`is:${value}: is: takes ${IS_VALUES.join(', ')}`);
      return { kind: 'is', value: v, negated: t.negated };
    }
    case 'waiting': {
      const m = /^([<>])(.+)$/u.exec(value);
      const length = m === null ? undefined : parseDuration(m[2] as string);
      if (m === null || length === undefined || !length.ok) {
        const why = length !== undefined && !length.ok ? `: ${length.error}` : '';
        throw new QueryError(
          `waiting:${value}: waiting: takes > or < and a length, as waiting:>2h or waiting:<30m${why}`,
        );
      }
      return { kind: 'waiting', op: m[1] as '>' | '<', seconds: length.seconds, negated: t.negated };
    }
    case 'has':
      if (!/^attachments?$/iu.test(value)) throw new QueryError(`has:${value}: has: takes attachment`);
      return { kind: 'has', value: 'attachment', negated: t.negated };
    case 'before':
    case 'after': {
      if (t.negated) throw new QueryError(`-${op}: cannot be negated: say ${op === 'before' ? 'after' : 'before'}:`);
      return dateFilter(op, value, now);
    }
    case 'header': {
      const m = /^([!-9;-~]+?)(?::(.*))?$/u.exec(value);
      if (m === null) throw new QueryError(`header:${value}: header: takes a field's name, as header:X-Spam-Flag:YES`);
      const v = m[2]?.trim();
      return { kind: 'header', name: (m[1] as string).toLowerCase(), value: v ? v : null, negated: t.negated };
    }
    case 'assignee':
      return { kind: 'assignee', value: value.toLowerCase(), me: value.toLowerCase() === 'me', negated: t.negated };
    default:
      return { kind: op as 'tag' | 'board' | 'column', value: value.toLowerCase(), negated: t.negated };
  }
}

/**
 * `before:` a day is before that day begins; `after:` a day is after it
 * ends (D reads a bare day as its end, 23:59 local). A time of day is exact.
 */
function dateFilter(op: 'before' | 'after', value: string, now: Date): Filter {
  const read = parseDue(value, now);
  if (!read.ok || read.value === null) {
    throw new QueryError(`${op}:${value}: not a date (try 2026-10-01, 1/10, yesterday's date, mon, +2d)`);
  }
  let at = new Date(read.value);
  const endOfDay = at.getHours() === 23 && at.getMinutes() === 59;
  if (endOfDay && op === 'before') at = new Date(at.getFullYear(), at.getMonth(), at.getDate());
  if (endOfDay && op === 'after') at = new Date(at.getTime() + 60_000);
  return { kind: op, at: at.toISOString(), words: read.words.replace(/ \(.*\)$/u, ''), negated: false };
}

function textTerm(t: Token): TextTerm | null {
  const field: TextField = t.op === null ? 'any' : (t.op as TextField);
  const words = searchWords(t.value);
  if (words.length === 0) return null;
  // A lone common word matches nearly everything, and PostgreSQL ignores it: dropped on both.
  if (words.length === 1 && isStopWord(words[0] as string)) return null;
  if (words.every(isStopWord)) return null;
  const address = field !== 'any' && /^[^\s@]*@[^\s@]+$/u.test(t.value) ? t.value.toLowerCase() : undefined;
  return { kind: 'text', field, words, negated: t.negated, ...(address === undefined ? {} : { address }) };
}

const say = (t: TextTerm): string => {
  const w = t.words.length > 1 ? `"${t.words.join(' ')}"` : (t.words[0] as string);
  return `${t.negated ? 'not ' : ''}${t.field === 'any' ? '' : `${t.field}:`}${w}`;
};
const sayFilter = (f: Filter): string => {
  if ('at' in f) return `${f.kind} ${f.words}`;
  if (f.kind === 'header') return `${f.negated ? 'not ' : ''}header:${f.name}${f.value === null ? '' : `:${f.value}`}`;
  if (f.kind === 'waiting')
    return `${f.negated ? 'not ' : ''}waiting ${f.op === '>' ? 'over' : 'under'} ${formatDuration(f.seconds)}`;
  return `${f.negated ? 'not ' : ''}${f.kind}:${f.value}`;
};

export function describeSearch(clauses: readonly Clause[], filters: readonly Filter[]): string {
  const parts = clauses.map((c) => (c.kind === 'or' ? c.terms.map(say).join(' or ') : say(c)));
  return [...parts, ...filters.map(sayFilter)].join(' · ');
}

/** Reads a query; `now` places the dates of `before:` and `after:`; `header:` only for a rule's (`rules`). */
export function parseSearch(text: string, now: Date = new Date(), rules = false): SearchParse {
  if (text.length > MAX_QUERY_LENGTH) {
    return {
      ok: false,
      error: `The query is ${text.length.toLocaleString('en')} characters long; a search takes at most ${MAX_QUERY_LENGTH.toLocaleString('en')}`,
      understood: '',
    };
  }
  const clauses: Clause[] = [];
  const filters: Filter[] = [];
  const dropped: string[] = [];
  try {
    const tokens = tokenize(text);
    if (tokens.length > MAX_TERMS) throw new QueryError(`${tokens.length} terms; a search takes at most ${MAX_TERMS}`);
    let orPending = false;
    for (const t of tokens) {
      if (t.op === null && !t.quoted && !t.negated && t.value === 'OR') {
        if (clauses.length === 0 || orPending) throw new QueryError('OR needs a word on each side (refund OR return)');
        orPending = true;
        continue;
      }
      if (t.op === 'header' && !rules) throw new QueryError('header: is for rules only (inboard rules add --when)');
      if (t.op !== null && FILTERS.has(t.op)) {
        if (orPending) throw new QueryError(`OR joins words and phrases, not ${t.op}:`);
        filters.push(filterOf(t, now));
        continue;
      }
      if (t.op !== null && !FIELDS.has(t.op)) {
        throw new QueryError(`${t.op}: is not an operator here (the operators: ${OPERATORS})`);
      }
      if (t.op !== null && searchWords(t.value).length === 0) {
        throw new QueryError(`${t.op}: needs a word to look for (${t.op}:jane, ${t.op}:"Jane Doe")`);
      }
      const term = textTerm(t);
      if (term === null) {
        if (orPending) throw new QueryError(`OR needs a word on each side: ${t.raw} has none to look for`);
        dropped.push(t.raw);
        continue;
      }
      if (orPending) {
        orPending = false;
        const prev = clauses.pop() as Clause;
        const left = prev.kind === 'or' ? prev.terms : [prev];
        if (term.negated || left.some((x) => x.negated)) throw new QueryError('OR joins words to find, not -words');
        clauses.push({ kind: 'or', terms: [...left, term] });
      } else clauses.push(term);
    }
    if (orPending) throw new QueryError('OR needs a word on each side (refund OR return)');
  } catch (e) {
    if (e instanceof QueryError) return { ok: false, error: e.message, understood: describeSearch(clauses, filters) };
    throw e;
  }
  const understood = describeSearch(clauses, filters);
  const positive = clauses.some((c) => c.kind === 'or' || !c.negated) || filters.some((f) => !f.negated);
  if (!positive) {
    const error = dropped.some((d) => searchWords(d).length > 0)
      ? `Nothing to search for: ${dropped.join(' ')} ${dropped.length > 1 ? 'are' : 'is'} too common to search alone`
      : dropped.length > 0
        ? `Nothing to search for: ${dropped.join(' ')} has no letters or digits to look for`
        : clauses.length > 0
          ? 'Nothing to search for: give a word to find as well as the words to leave out'
          : 'Nothing to search for: type a word, a "phrase" or an operator such as from:';
    return { ok: false, error, understood };
  }
  return { ok: true, query: { clauses, filters, understood } };
}
