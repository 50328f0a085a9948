/**
 * Which cards the board shows (`/` text, and a tag from the tag manager's
 * Enter). The criteria are store state, so a flow can set them like any
 * other change and a board switch or a deleted tag resets them; the cards
 * that match are worked out from the view (the UI caches the result).
 */
import type { CardId, Tag } from '../api/read-model.js';
import type { CardTable } from './card-table.js';
import { compileQuery } from './filter-match.js';
import { describeQuery, MISSING_ME, parseFilterQuery, usesMe, usesTime } from './filter-query.js';
import type { Core } from './core.js';

/** Which cards the board shows; `null` in state when none. */
export interface CardFilter {
  /** Typed with `/`, in the syntax of filter-query.ts: free text and is:, due:, tag:, assignee: terms ('' for none). */
  readonly text: string;
  /** Only cards carrying this tag (the tag manager's Enter). */
  readonly tagId: number | null;
}

export interface FilterData {
  /** The open board's card filter; reset when another board opens. */
  filter: CardFilter | null;
}

export interface FilterActions {
  /** Sets the card filter; no text and no tag clears it. */
  setFilter(filter: CardFilter | null): void;
}

/** No text and no tag is no filter. */
export function normaliseFilter(f: CardFilter | null): CardFilter | null {
  if (f === null || (f.text === '' && f.tagId === null)) return null;
  return f;
}

export const makeFilterActions = (core: Core<FilterData>): FilterActions => ({
  setFilter: (filter) => core.set({ filter: normaliseFilter(filter) }),
});

/** What a filter shows: the matching cards, and why part of it is not applied (else null). */
export interface FilterMatch {
  readonly ids: Set<CardId>;
  readonly error: string | null;
  /** Whether the answer changes with the clock alone (is:overdue, due:today, due:week). */
  readonly timed: boolean;
  /** The typed text as read, terminal-safe, for the header (filter-query.ts describeQuery). */
  readonly described: string;
}

/**
 * Cards carrying the tag (when one is set) that match every term of the
 * typed text (filter-query.ts: free text over title, tag names and
 * assignees, ignoring case and accents as the pickers do; is:, due:, tag:,
 * assignee:). What the screen shows: the view, pending changes included.
 * A term that cannot be read or checked yet (typed half-way, assignee:me
 * with no email known) is left out, and `error` says why.
 */
export function matchFilter(
  cards: CardTable,
  tags: readonly Tag[],
  f: CardFilter,
  ctx: { me?: string | null; now?: number } = {},
): FilterMatch {
  const parsed = parseFilterQuery(f.text);
  const { test, error } = compileQuery(parsed.query, { tags, me: ctx.me ?? null, now: ctx.now ?? Date.now() });
  const ids = new Set<CardId>();
  for (const card of cards.values()) {
    if (f.tagId !== null && !card.tagIds.includes(f.tagId)) continue;
    if (test(card)) ids.add(card.id);
  }
  return { ids, error: parsed.error ?? error, timed: usesTime(parsed.query), described: describeQuery(parsed.query) };
}

/** What is wrong with the typed filter text, in words; null when it can be applied whole. */
export function filterProblem(text: string, me: string | null): string | null {
  const parsed = parseFilterQuery(text);
  return parsed.error ?? (me === null && usesMe(parsed.query) ? MISSING_ME : null);
}

/** The cards `matchFilter` keeps. */
export function matchCards(
  cards: CardTable,
  tags: readonly Tag[],
  f: CardFilter,
  ctx: { me?: string | null; now?: number } = {},
): Set<CardId> {
  return matchFilter(cards, tags, f, ctx).ids;
}
