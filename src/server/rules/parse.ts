/**
 * A rule's two texts read: its query (the search language, with `header:`,
 * matched against the arriving message: match.ts) and its actions
 * (`tag:Billing, assign:round-robin`). What is refused is said in words
 * naming the field, for the 400 that saves nothing.
 */
import { parseSearch, type Filter, type SearchQuery } from '../../text/search-query.js';
import { parseSnoozeTerms } from '../../text/snooze-until.js';

export type Action =
  | { kind: 'tag'; name: string }
  | { kind: 'assign'; email: string }
  | { kind: 'round-robin' }
  | { kind: 'move'; column: string }
  | { kind: 'archive' }
  | { kind: 'snooze'; when: string }
  | { kind: 'read' }
  | { kind: 'stop' }
  | { kind: 'reply'; saved: string };

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

/** What a rule can know when mail arrives: not the board's other cards, nor the clock's terms. */
const ARRIVAL_FILTERS: ReadonlySet<Filter['kind']> = new Set(['tag', 'column', 'assignee', 'has', 'header']);

export function parseRuleQuery(text: string): Read<SearchQuery> {
  const parsed = parseSearch(text, new Date(), true);
  if (!parsed.ok) return { ok: false, error: `When: ${parsed.error}` };
  const late = parsed.query.filters.find((f) => !ARRIVAL_FILTERS.has(f.kind));
  if (late !== undefined) {
    return {
      ok: false,
      error: `When: ${late.kind}: is not known when mail arrives; a rule takes words, from:, to:, subject:, has:attachment, header:, tag:, column: and assignee:`,
    };
  }
  return { ok: true, value: parsed.query };
}

const NAMES = ['tag', 'assign', 'move', 'archive', 'snooze', 'read', 'reply', 'stop'];
/** Actions are parted by commas, or by spaces before an action's name (`snooze:tomorrow 9` keeps its space). */
const SPLIT = new RegExp(`\\s*,\\s*|\\s+(?=(?:${NAMES.join('|')})(?::|\\s|$))`, 'iu');

/** The words of each action, as typed; a text, or a list from the API. */
export function actionWords(then: string | readonly string[]): string[] {
  const parts = typeof then === 'string' ? then.split(SPLIT) : then.flatMap((t) => t.split(SPLIT));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

function actionOf(word: string, now: Date): Read<Action> {
  const m = /^([a-z-]+)(?::(.*))?$/iu.exec(word);
  const name = m?.[1]?.toLowerCase() ?? '';
  const arg = m?.[2]?.trim() ?? '';
  const needs = (what: string, example: string): Read<Action> => ({
    ok: false,
    error: `Then: ${name}: needs ${what} (${example})`,
  });
  const bare = (a: Action): Read<Action> =>
    arg === '' ? { ok: true, value: a } : { ok: false, error: `Then: ${name} takes nothing after it (${word})` };
  switch (name) {
    case 'tag':
      return arg === '' ? needs("a tag's name", 'tag:Billing') : { ok: true, value: { kind: 'tag', name: arg } };
    case 'assign':
      if (arg === '') return needs("a member's email or round-robin", 'assign:sam@acme.com, assign:round-robin');
      if (arg.toLowerCase() === 'round-robin') return { ok: true, value: { kind: 'round-robin' } };
      if (!/^[^\s@]+@[^\s@]+$/u.test(arg)) return { ok: false, error: `Then: ${word}: ${arg} is not an email address` };
      return { ok: true, value: { kind: 'assign', email: arg.toLowerCase() } };
    case 'move':
      return arg === '' ? needs("a column's name", 'move:Billing') : { ok: true, value: { kind: 'move', column: arg } };
    case 'snooze': {
      if (arg === '') return needs('until when', 'snooze:+2d, snooze:tomorrow 9, snooze:reply');
      const terms = parseSnoozeTerms(arg, now);
      if (!terms.ok) return { ok: false, error: `Then: ${word}: ${terms.error}` };
      return { ok: true, value: { kind: 'snooze', when: arg } };
    }
    case 'reply':
      return arg === ''
        ? needs("a saved reply's name", 'reply:Thanks')
        : { ok: true, value: { kind: 'reply', saved: arg } };
    case 'archive':
      return bare({ kind: 'archive' });
    case 'read':
      return bare({ kind: 'read' });
    case 'stop':
      return bare({ kind: 'stop' });
    default:
      return {
        ok: false,
        error: `Then: ${word} is not an action; the actions are tag:NAME, assign:EMAIL, assign:round-robin, move:COLUMN, archive, snooze:WHEN, read, reply:SAVED and stop`,
      };
  }
}

export function parseActions(then: string | readonly string[], now: Date = new Date()): Read<Action[]> {
  const words = actionWords(then);
  if (words.length === 0) return { ok: false, error: 'Then: give at least one action, as tag:Billing' };
  const out: Action[] = [];
  for (const w of words) {
    const a = actionOf(w, now);
    if (!a.ok) return a;
    out.push(a.value);
  }
  const stop = out.findIndex((a) => a.kind === 'stop');
  if (stop >= 0 && stop < out.length - 1) return { ok: false, error: 'Then: stop goes last (no later rule runs)' };
  const moves = out.filter((a) => a.kind === 'move');
  if (moves.length > 1) return { ok: false, error: 'Then: one move: per rule (a card goes to one column)' };
  if (out.some((a) => a.kind === 'move') && out.some((a) => a.kind === 'archive'))
    return { ok: false, error: 'Then: move: and archive together: the card would leave the column it moved to' };
  return { ok: true, value: out };
}

/** An action in words, as stored and shown: `tag:Billing`. */
export function actionText(a: Action): string {
  switch (a.kind) {
    case 'tag':
      return `tag:${a.name}`;
    case 'assign':
      return `assign:${a.email}`;
    case 'round-robin':
      return 'assign:round-robin';
    case 'move':
      return `move:${a.column}`;
    case 'snooze':
      return `snooze:${a.when}`;
    case 'reply':
      return `reply:${a.saved}`;
    default:
      return a.kind;
  }
}
