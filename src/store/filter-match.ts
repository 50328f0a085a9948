/**
 * The `/` filter's terms checked against a card (filter-query.ts reads
 * them): a card's text folded once per card object, dates as the local day,
 * waiting times at the context's `now`.
 */
import type { Tag } from '../api/read-model.js';
import { dueInstant } from '../text/due-parse.js';
import { foldText } from '../text/fold.js';
import type { Card } from './card.js';
import { MISSING_ME, type FilterQuery, type Term } from './filter-query.js';

/** What terms are checked against besides the card: the board's tags, your email, the time. */
export interface MatchContext {
  readonly tags: readonly Tag[];
  /** Your email (config, else GET /v2/me); null when unknown. */
  readonly me: string | null;
  readonly now: number;
}

/** A card's searchable text folded once per card object (cards keep their identity while unchanged). */
const folded = new WeakMap<Card, { title: string; assignees: string[] }>();
function foldedOf(card: Card): { title: string; assignees: string[] } {
  let f = folded.get(card);
  if (f === undefined) {
    f = { title: foldText(card.title), assignees: (card.assignees ?? []).map(foldText) };
    folded.set(card, f);
  }
  return f;
}

const startOfDay = (t: number, plusDays = 0): number => {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + plusDays).getTime();
};

/**
 * The query as a test of one card, with the problem it has in this context
 * (assignee:me with no email known); a term that cannot be checked is left
 * out, so the others still filter. A card the client could not read matches
 * no term.
 */
export function compileQuery(
  q: FilterQuery,
  ctx: MatchContext,
): { test: (card: Card) => boolean; error: string | null } {
  let error: string | null = null;
  const tagNames = ctx.tags.map((t) => ({ id: t.Id, name: foldText(t.Name) }));
  const today = startOfDay(ctx.now);
  const weekEnd = startOfDay(ctx.now, 8);
  const checks: ((card: Card) => boolean)[] = [];
  for (const term of q.terms) {
    const check = termCheck(term);
    if (check === null) continue;
    checks.push(term.negated ? (c) => !check(c) : check);
  }
  function termCheck(t: Term): ((card: Card) => boolean) | null {
    switch (t.kind) {
      case 'text': {
        const needle = foldText(t.text);
        const ids = new Set(tagNames.filter((n) => n.name.includes(needle)).map((n) => n.id));
        return (c) => {
          const f = foldedOf(c);
          return (
            f.title.includes(needle) ||
            c.tagIds.some((id) => ids.has(id)) ||
            f.assignees.some((a) => a.includes(needle))
          );
        };
      }
      case 'is':
        if (t.what === 'overdue')
          return (c) => {
            const d = dueAt(c);
            return d !== null && d < ctx.now;
          };
        if (t.what === 'waiting') return (c) => waitedMs(c, ctx.now) !== null;
        if (t.what === 'late')
          return (c) => {
            const due = instantOf(c.responseDue);
            return waitedMs(c, ctx.now) !== null && due !== null && due < ctx.now;
          };
        // Snoozed cards are in no column's listing: on the board none is.
        if (t.what === 'snoozed') return (c) => c.snoozed != null;
        return t.what === 'unread' ? (c) => c.unread : (c) => !c.unread;
      case 'waiting':
        return (c) => {
          const ms = waitedMs(c, ctx.now);
          return ms !== null && (t.over ? ms > t.seconds * 1000 : ms < t.seconds * 1000);
        };
      case 'due':
        if (t.when === 'none') return (c) => c.dueDate === null || c.dueDate === '';
        if (t.when === 'today')
          return (c) => {
            const d = dueAt(c);
            return d !== null && startOfDay(d) === today;
          };
        return (c) => {
          const d = dueAt(c);
          return d !== null && d >= ctx.now && d < weekEnd;
        };
      case 'tag': {
        const name = foldText(t.name);
        const exact = tagNames.filter((n) => n.name === name);
        const ids = new Set(
          (exact.length > 0 ? exact : tagNames.filter((n) => n.name.includes(name))).map((n) => n.id),
        );
        return (c) => c.tagIds.some((id) => ids.has(id));
      }
      case 'assignee': {
        if (t.me) {
          if (ctx.me === null) {
            error ??= MISSING_ME;
            return null;
          }
          const me = foldText(ctx.me.trim());
          return (c) => foldedOf(c).assignees.some((a) => a === me);
        }
        const part = foldText(t.who);
        return (c) => foldedOf(c).assignees.some((a) => a.includes(part));
      }
    }
  }
  return {
    error,
    test: (card) => (checks.length === 0 ? true : card.unreadable === undefined && checks.every((ch) => ch(card))),
  };
}

const instantOf = (v: string | null | undefined): number | null => {
  if (v == null) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
};

/** How long a customer has waited on the card at `now` (ms); null when nobody waits (or the server doesn't say). */
function waitedMs(card: Card, now: number): number | null {
  const since = instantOf(card.waitingSince);
  return since === null ? null : Math.max(0, now - since);
}

/** A card's due date as an instant (ms); null when it has none or it cannot be read. */
function dueAt(card: Card): number | null {
  if (card.dueDate === null || card.dueDate === '') return null;
  return dueInstant(card.dueDate)?.getTime() ?? null;
}
