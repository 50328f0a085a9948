/**
 * Whether a card is still as a change left it (undo) or found it (redo):
 * what differs, in words, for the "changed since — undo anyway?" question.
 */
import type { Card } from './card.js';
import type { Look } from './mutation-kinds.js';

/** How `card` differs from `want`, in words; null when it is as expected. */
export function cardChanged(
  card: Card | undefined,
  want: Look,
  columnName: (label: string) => string,
  quoteTitle: (title: string) => string,
): string | null {
  if (want.onBoard === false) return card === undefined ? null : 'it is back on the board';
  if (card === undefined) return 'it is no longer on this board';
  if (want.columnLabel !== undefined && card.columnLabel !== want.columnLabel)
    return `it is now in ${columnName(card.columnLabel)}`;
  if (want.title !== undefined && card.title !== want.title) return `its title is now ${quoteTitle(card.title)}`;
  if (want.unread !== undefined && card.unread !== want.unread) return `it is now ${card.unread ? 'unread' : 'read'}`;
  if (want.dueDate !== undefined && card.dueDate !== want.dueDate) return 'its due date changed';
  if (want.assignees !== undefined && !sameList(card.assignees ?? [], want.assignees ?? []))
    return 'its assignees changed';
  if (want.tagIds !== undefined && !sameList([...card.tagIds].sort(), [...want.tagIds].sort()))
    return 'its tags changed';
  return null;
}

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);
