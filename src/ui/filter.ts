/** `/` filter: which cards match the typed text (title, tag name or assignee, any case). */
import type { Tag } from '../api/schema.js';
import type { Card } from '../store/index.js';

export interface BoardFilter {
  text: string;
  ids: ReadonlySet<number>;
}

export function matchCards(cards: Readonly<Record<number, Card>>, tags: readonly Tag[], text: string): Set<number> {
  const needle = text.trim().toLocaleLowerCase();
  const out = new Set<number>();
  const tagName = new Map(tags.map((t) => [t.Id, t.Name.toLocaleLowerCase()]));
  for (const card of Object.values(cards) as Card[]) {
    const hit =
      needle === '' ||
      card.title.toLocaleLowerCase().includes(needle) ||
      card.tagIds.some((id) => tagName.get(id)?.includes(needle) === true) ||
      (card.assignees ?? []).some((a) => a.toLocaleLowerCase().includes(needle));
    if (hit) out.add(card.id);
  }
  return out;
}
