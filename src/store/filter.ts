/**
 * Which cards the board shows (`/` text, and a tag from the tag manager's
 * Enter). The criteria are store state, so a flow can set them like any
 * other change and a board switch or a deleted tag resets them; the cards
 * that match are worked out from the view (the UI caches the result).
 */
import type { CardId, Tag } from '../api/tolerant.js';
import { foldText } from '../text/fold.js';
import type { Card } from './card.js';
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

/** A card's title and assignees folded once per card object (cards keep their identity while unchanged). */
const folded = new WeakMap<Card, { title: string; assignees: string[] }>();
function foldedOf(card: Card): { title: string; assignees: string[] } {
  let f = folded.get(card);
  if (f === undefined) {
    f = { title: foldText(card.title), assignees: (card.assignees ?? []).map(foldText) };
    folded.set(card, f);
  }
  return f;
}

/**
 * Cards carrying the tag (when one is set) whose title, a tag name or an
 * assignee contains the text, ignoring case and accents (as the pickers do).
 * What the screen shows: the view, pending changes included.
 */
export function matchCards(cards: CardTable, tags: readonly Tag[], f: CardFilter): Set<CardId> {
  const needle = foldText(f.text.trim());
  const out = new Set<CardId>();
  const tagName = new Map(tags.map((t) => [t.Id, foldText(t.Name)]));
  for (const card of cards.values()) {
    if (f.tagId !== null && !card.tagIds.includes(f.tagId)) continue;
    if (needle === '') {
      out.add(card.id);
      continue;
    }
    const c = foldedOf(card);
    const hit =
      c.title.includes(needle) ||
      card.tagIds.some((id) => tagName.get(id)?.includes(needle) === true) ||
      c.assignees.some((a) => a.includes(needle));
    if (hit) out.add(card.id);
  }
  return out;
}
