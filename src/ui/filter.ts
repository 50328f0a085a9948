/**
 * The board's card filter as the screen uses it: which cards match (worked
 * out by the store's matchFilter, cached here) and how to name it.
 */
import type { CardId } from '../api/read-model.js';
import type { Tag } from '../api/schema.js';
import { matchFilter, type CardFilter, type CardTable } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';

export interface BoardFilter {
  spec: CardFilter;
  /** "tag Bug", "billing", "unread · tag:billing · \"invoice\"", "tag Bug + SAML" — terminal-safe. */
  label: string;
  ids: ReadonlySet<CardId>;
  /** Why part of the typed text is not applied (half-typed, assignee:me without an email); null when all is. */
  error: string | null;
}

/** How the header and the status bar name a filter (the tag by its name, sanitised; the text as read). */
export function describeFilter(f: CardFilter, tags: readonly Tag[], described: string): string {
  const parts: string[] = [];
  if (f.tagId !== null) {
    const tag = tags.find((t) => t.Id === f.tagId);
    parts.push(tag === undefined ? 'a deleted tag' : `tag ${sanitize(tag.Name)}`);
  }
  if (described !== '') parts.push(described);
  return parts.join(' + ');
}

/** What a filter is worked out from, besides the cards: your email and, for date terms, the minute. */
export interface FilterInputs {
  spec: CardFilter;
  cards: CardTable;
  tags: readonly Tag[];
  me: string | null;
}

/** The last filter worked out, and what it was worked out from. */
export interface FilterCache {
  current: (FilterInputs & { minute: number | null; filter: BoardFilter }) | null;
}

const MINUTE = 60_000;

/**
 * The filter for `spec` over these cards and tags, reused while they are the
 * same objects (and, when it names due dates, within the same minute): the
 * render and the key handlers (which read the store, not the last render)
 * share one result and React sees one stable object.
 */
export function filterFor(
  cache: FilterCache,
  spec: CardFilter | null,
  cards: CardTable | null,
  tags: readonly Tag[],
  me: string | null = null,
  now: number = Date.now(),
): BoardFilter | null {
  if (spec === null || cards === null) return null;
  const minute = Math.floor(now / MINUTE);
  const c = cache.current;
  if (
    c !== null &&
    c.spec === spec &&
    c.cards === cards &&
    c.tags === tags &&
    c.me === me &&
    (c.minute === null || c.minute === minute)
  )
    return c.filter;
  const m = matchFilter(cards, tags, spec, { me, now });
  const filter = { spec, label: describeFilter(spec, tags, m.described), ids: m.ids, error: m.error };
  cache.current = { spec, cards, tags, me, minute: m.timed ? minute : null, filter };
  return filter;
}
