/**
 * The tags marked in `t`, applied: each card changed by one request — the
 * reference's POST /v2/card/:id/tags for a single tag added, else one
 * replacement of its tags (the `setTags` extension) — and of several cards,
 * one step for `u`. A server that cannot replace tags gets a POST per tag
 * added, and is said to keep the ones it cannot remove.
 */
import type { CardId } from '../../api/read-model.js';
import { sanitize } from '../../text/sanitize.js';
import type { Flow } from './flow.js';
import { names, onCards, refreshDetail, sameSet, sendAll, withMarks } from './marks.js';

/** Tag ids the card has, as the screen shows them (a detail's list when the card isn't loaded). */
export function appliedTo(f: Flow, cardId: CardId): readonly number[] {
  const s = f.store.getState();
  return (
    s.view.cards.get(cardId)?.tagIds ??
    (s.detail?.cardId === cardId ? (s.detail.data?.Tags ?? []).map((t) => t.Id) : [])
  );
}

interface Change {
  id: CardId;
  from: readonly number[];
  to: number[];
}

export function applyTags(
  f: Flow,
  cardIds: readonly CardId[],
  on: readonly number[],
  off: readonly number[],
  addOnly: boolean,
): void {
  const s = f.store.getState();
  const nameOf = (id: number) => sanitize(s.tags.find((t) => t.Id === id)?.Name ?? String(id));
  const wanted = cardIds.map((id): Change => {
    const from = appliedTo(f, id);
    return { id, from, to: withMarks(from, on, off) };
  });
  // What this server cannot take off stays on: said, not tried.
  const kept = addOnly ? off.filter((t) => wanted.some((c) => c.from.includes(t))) : [];
  const changes = wanted
    .map((c) => (addOnly ? { ...c, to: withMarks(c.from, on, []) } : c))
    .filter((c) => !sameSet(c.from, c.to));
  const keptWords =
    kept.length === 0
      ? ''
      : `${names(kept.map(nameOf))} ${kept.length === 1 ? 'is' : 'are'} already on the card; this server cannot remove tags`;
  if (changes.length === 0) return f.notify(keptWords === '' ? 'No change' : keptWords);
  const added = on.filter((t) => changes.some((c) => c.to.includes(t) && !c.from.includes(t)));
  const removed = off.filter((t) => changes.some((c) => c.from.includes(t) && !c.to.includes(t)));
  const ids = changes.map((c) => c.id);
  const byId = new Map(changes.map((c) => [c.id, c]));
  sendAll(f, ids, `tags of ${ids.length} cards`, (id) => {
    const c = byId.get(id);
    if (c === undefined) return [];
    const plus = c.to.filter((t) => !c.from.includes(t));
    const gone = c.from.some((t) => !c.to.includes(t));
    const single = plus[0];
    if (!gone && plus.length === 1 && single !== undefined) return [s.addTag(id, single)];
    if (addOnly) return plus.map((t) => s.addTag(id, t));
    return [s.setTags(id, c.to)];
  }).then(
    () => {
      const said = [
        added.length > 0 ? `Tagged ${names(added.map(nameOf))}` : '',
        removed.length > 0
          ? `${added.length > 0 ? 'removed' : 'Removed'} tag${removed.length > 1 ? 's' : ''} ${names(removed.map(nameOf))}`
          : '',
      ]
        .filter((t) => t !== '')
        .join('; ');
      f.notify(`${said}${onCards(ids.length)}${keptWords === '' ? '' : ` (${keptWords})`}`);
      refreshDetail(f, ids);
    },
    () => undefined, // rolled back; the status bar has the server's words
  );
}
