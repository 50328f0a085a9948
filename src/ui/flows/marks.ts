/**
 * Pickers of several (tags, assignees) over one card or a selection: what
 * each item's mark starts as, what each card ends with once the marks are
 * applied, and sending those changes as one step for `u`.
 */
import type { CardId } from '../../api/read-model.js';
import type { Flow } from './flow.js';

/** Marked: what every card has; "some": what only some of them have. */
export function startMarks(lists: readonly (readonly string[])[]): { on: string[]; some: string[] } {
  const all = [...new Set(lists.flat())];
  const on = all.filter((v) => lists.every((l) => l.includes(v)));
  return { on, some: all.filter((v) => !on.includes(v)) };
}

/** A card's list once the marks apply: its own less what was unmarked, plus what was marked (in list order). */
export function withMarks<T>(own: readonly T[], on: readonly T[], off: readonly T[]): T[] {
  const kept = own.filter((v) => !off.includes(v));
  return [...kept, ...on.filter((v) => !kept.includes(v))];
}

export const sameSet = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((v) => b.includes(v));

/**
 * Sends each card's change (`send` returns its requests): of several cards,
 * as one change for `u`. Resolves once all are answered; rejects if one was
 * refused (rolled back; the status bar has the server's words).
 */
export function sendAll(f: Flow, cardIds: readonly CardId[], label: string, send: (id: CardId) => Promise<void>[]) {
  const s = f.store.getState();
  const sent: Promise<void>[] = [];
  const all = () => cardIds.forEach((id) => sent.push(...send(id)));
  if (cardIds.length === 1) all();
  else s.together(label, all);
  return Promise.all(sent);
}

/** Reads the open detail's card again when it is one of `cardIds`: it shows the change now. */
export function refreshDetail(f: Flow, cardIds: readonly CardId[]): void {
  const open = f.store.getState().detail?.cardId;
  if (open !== undefined && cardIds.includes(open)) void f.store.getState().openCard(open);
}

/** `Urgent`, `Urgent and Bug`, `Urgent, Bug and VIP`. */
export function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`;
}

/** " on 3 cards" for a selection; nothing for one card. */
export const onCards = (n: number): string => (n === 1 ? '' : ` on ${n} cards`);
