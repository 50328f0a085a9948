/**
 * Which cards the board shows (`/` text, and a tag from the tag manager's
 * Enter). The criteria are store state, so a flow can set them like any
 * other change and a board switch or a deleted tag resets them; the cards
 * that match are worked out from the view (the UI caches the result).
 */
import type { CardId, Tag } from '../api/tolerant.js';
import type { CardTable } from './card-table.js';
import type { Core } from './core.js';

/** Which cards the board shows; `null` in state when none. */
export interface CardFilter {
  /** Typed with `/`: title, tag name or assignee contains it ('' for none). */
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

/**
 * Cards carrying the tag (when one is set) whose title, a tag name or an
 * assignee contains the text (any case). What the screen shows: the view,
 * pending changes included.
 */
export function matchCards(cards: CardTable, tags: readonly Tag[], f: CardFilter): Set<CardId> {
  const needle = f.text.trim().toLocaleLowerCase();
  const out = new Set<CardId>();
  const tagName = new Map(tags.map((t) => [t.Id, t.Name.toLocaleLowerCase()]));
  for (const card of cards.values()) {
    if (f.tagId !== null && !card.tagIds.includes(f.tagId)) continue;
    const hit =
      needle === '' ||
      card.title.toLocaleLowerCase().includes(needle) ||
      card.tagIds.some((id) => tagName.get(id)?.includes(needle) === true) ||
      (card.assignees ?? []).some((a) => a.toLocaleLowerCase().includes(needle));
    if (hit) out.add(card.id);
  }
  return out;
}
