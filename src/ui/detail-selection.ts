/**
 * What Tab selects in the card detail: its notes, comments and sub-tasks in
 * the order the screen shows them. A selected comment is what `e` and `d`
 * change, a selected sub-task what Space ticks.
 */
import type { CardDetail } from '../api/read-model.js';

/** `attachment`: a file of the card's email, by its place in the thread's attachments (`[` and `]` select it). */
export type DetailItemKind = 'note' | 'comment' | 'subTask' | 'attachment';

export interface DetailSel {
  readonly kind: DetailItemKind;
  readonly id: number;
}

/** Every selectable item, in screen order (the real service's single `Note` text has no id: not one). */
export function detailItems(d: CardDetail | null | undefined): DetailSel[] {
  if (d === null || d === undefined) return [];
  return [
    ...(d.Notes ?? []).map((n) => ({ kind: 'note' as const, id: n.NoteId })),
    ...(d.Comments ?? []).map((c) => ({ kind: 'comment' as const, id: c.CommentId })),
    ...(d.SubTasks ?? []).map((t) => ({ kind: 'subTask' as const, id: t.SubTaskId })),
  ];
}

export const sameSel = (a: DetailSel | null, b: DetailSel | null): boolean =>
  a === b || (a !== null && b !== null && a.kind === b.kind && a.id === b.id);

/** The item after (or before) `at`, wrapping to none past either end, as Tab in a list of fields does. */
export function stepSel(items: readonly DetailSel[], at: DetailSel | null, dir: 1 | -1): DetailSel | null {
  const i = at === null ? -1 : items.findIndex((x) => sameSel(x, at));
  if (i < 0) return (dir === 1 ? items[0] : items.at(-1)) ?? null;
  return items[i + dir] ?? null;
}
