/**
 * The board's card filter as the screen uses it: which cards match (worked
 * out by the store's matchCards, cached here) and how to name it.
 */
import type { CardId } from '../api/tolerant.js';
import type { Tag } from '../api/schema.js';
import { matchCards, type CardFilter, type CardTable } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';

export interface BoardFilter {
  spec: CardFilter;
  /** "tag Bug", "billing", "tag Bug + billing" — terminal-safe. */
  label: string;
  ids: ReadonlySet<CardId>;
}

/** How the header and the status bar name a filter (the tag by its name, sanitised). */
export function describeFilter(f: CardFilter, tags: readonly Tag[]): string {
  const parts: string[] = [];
  if (f.tagId !== null) {
    const tag = tags.find((t) => t.Id === f.tagId);
    parts.push(tag === undefined ? 'a deleted tag' : `tag ${sanitize(tag.Name)}`);
  }
  if (f.text !== '') parts.push(sanitize(f.text));
  return parts.join(' + ');
}

/** The last filter worked out, and what it was worked out from. */
export interface FilterCache {
  current: { spec: CardFilter; cards: CardTable; tags: readonly Tag[]; filter: BoardFilter } | null;
}

/**
 * The filter for `spec` over these cards and tags, reused while they are the
 * same objects: the render and the key handlers (which read the store, not
 * the last render) share one result and React sees one stable object.
 */
export function filterFor(
  cache: FilterCache,
  spec: CardFilter | null,
  cards: CardTable | null,
  tags: readonly Tag[],
): BoardFilter | null {
  if (spec === null || cards === null) return null;
  const c = cache.current;
  if (c !== null && c.spec === spec && c.cards === cards && c.tags === tags) return c.filter;
  const filter = { spec, label: describeFilter(spec, tags), ids: matchCards(cards, tags, spec) };
  cache.current = { spec, cards, tags, filter };
  return filter;
}
