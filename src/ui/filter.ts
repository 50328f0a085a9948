/** `/` filter: which cards match the typed text (title, tag name or assignee, any case). */
import type { Tag } from '../api/schema.js';
import type { CardTable } from '../store/index.js';

export interface BoardFilter {
  text: string;
  ids: ReadonlySet<number>;
}

export function matchCards(cards: CardTable, tags: readonly Tag[], text: string): Set<number> {
  const needle = text.trim().toLocaleLowerCase();
  const out = new Set<number>();
  const tagName = new Map(tags.map((t) => [t.Id, t.Name.toLocaleLowerCase()]));
  for (const card of cards.values()) {
    const hit =
      needle === '' ||
      card.title.toLocaleLowerCase().includes(needle) ||
      card.tagIds.some((id) => tagName.get(id)?.includes(needle) === true) ||
      (card.assignees ?? []).some((a) => a.toLocaleLowerCase().includes(needle));
    if (hit) out.add(card.id);
  }
  return out;
}

/** The last filter worked out, and what it was worked out from. */
export interface FilterCache {
  current: { text: string; cards: CardTable; tags: readonly Tag[]; filter: BoardFilter } | null;
}

/**
 * The filter for `text` over these cards and tags, reused while they are the
 * same objects: the render and the key handlers (which read the latest text
 * and the store, not the last render) share one result and React sees one
 * stable object.
 */
export function filterFor(
  cache: FilterCache,
  text: string | null,
  cards: CardTable | null,
  tags: readonly Tag[],
): BoardFilter | null {
  if (text === null || cards === null) return null;
  const c = cache.current;
  if (c !== null && c.text === text && c.cards === cards && c.tags === tags) return c.filter;
  const filter = { text, ids: matchCards(cards, tags, text) };
  cache.current = { text, cards, tags, filter };
  return filter;
}
