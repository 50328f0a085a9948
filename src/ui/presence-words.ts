/**
 * Teammates on cards (store `presence`), said on screen: on a board row as
 * initials with a mark (`✎SR` writing a reply, `◉SR` viewing), in the
 * detail, the preview and triage in words ("sam.rivera@example.com is
 * replying"). Every email passes sanitize first.
 */
import type { CardId } from '../api/read-model.js';
import type { Presence } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { initials } from './card-meta.js';

/** By card: the row's marks, writers first. */
export function presenceMarks(presence: readonly Presence[]): ReadonlyMap<CardId, string> {
  const by = new Map<CardId, Presence[]>();
  for (const p of presence) by.set(p.CardId, [...(by.get(p.CardId) ?? []), p]);
  const out = new Map<CardId, string>();
  for (const [id, ps] of by) {
    const ordered = [...ps].sort((a, b) => Number(b.Writing) - Number(a.Writing));
    const first = ordered[0];
    if (first === undefined) continue;
    const mark = `${first.Writing ? '✎' : '◉'}${initials(sanitize(first.Email))}`;
    out.set(id, ordered.length > 1 ? `${mark}+${ordered.length - 1}` : mark);
  }
  return out;
}

/** The card's teammates in words, one line each (deduplicated by person: writing wins). */
export function presenceLines(presence: readonly Presence[], cardId: CardId | null): string[] {
  if (cardId === null) return [];
  const who = new Map<string, boolean>();
  for (const p of presence) {
    if (p.CardId !== cardId) continue;
    const email = p.Email.toLowerCase();
    who.set(email, (who.get(email) ?? false) || p.Writing);
  }
  return [...who].map(([email, writing]) => `${sanitize(email)} is ${writing ? 'replying' : 'viewing'}`);
}
