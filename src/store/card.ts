/**
 * A card as the store keeps it: the type, how a listed row becomes one, and
 * the comparison that lets an unchanged card keep its identity (selectors on
 * it then stay stable).
 */
import type { Card as ListedCard, CardId, CardRow, Snooze } from '../api/read-model.js';
import { isUnreadable } from '../api/read-model.js';
import { sanitize } from '../text/sanitize.js';
import { unreadableId } from './pending-ids.js';

/** A card as the store keeps it (made from the client's read model, api/read-model.ts `Card`). */
export interface Card {
  /**
   * The server's id, exact and opaque (see api/tolerant.ts); a pending id
   * (pending-ids.ts) while a created card waits for its real one.
   */
  readonly id: CardId;
  /** The title as the server has it (raw: send back as is). */
  readonly title: string;
  /** `title` through sanitize(), single line: what the terminal may show. */
  readonly displayTitle: string;
  /** The key of the column it is in (ColumnInfo.label), never parsed. */
  readonly columnLabel: string;
  readonly boardId: number;
  readonly unread: boolean;
  readonly assignees: readonly string[] | null;
  readonly tagIds: readonly number[];
  readonly owner: string;
  readonly createdAt: string;
  readonly dueDate: string | null;
  /** An email thread's sender and the listing's preview, sanitised, when the server gives them. */
  readonly sender?: string;
  readonly snippet?: string;
  /** The card's web address when the server gives one (api/read-model.ts `Url`): never drawn, given to your commands. */
  readonly url?: string;
  /** The server's version of the card (extension), absent on a server without versions: a write sends it back. */
  readonly version?: number;
  /**
   * Extension (waiting): since when the customer has waited for an answer
   * (ISO), when the board's response target falls due and which target;
   * absent where the server doesn't say.
   */
  readonly waitingSince?: string | null;
  readonly responseDue?: string | null;
  readonly responseTarget?: 'first' | 'next' | null;
  /** Extension (snooze): the card's snooze; a snoozed card is in no column's listing, so on the board it is null. */
  readonly snoozed?: Snooze | null;
  /** Extension (snooze): it woke from a snooze by itself and no one has read it since. */
  readonly backFromSnooze?: boolean;
  /** Why the client could not read this row; such a card is shown, never acted on. */
  readonly unreadable?: string;
  /** View only: a mutation touching this card has not settled yet. */
  readonly pending: boolean;
  /** View only: one of them got no answer and the server is being read to learn its outcome. */
  readonly checking?: boolean;
}

/**
 * A listed row as the store keeps it, in the column it was listed under
 * (`columnLabel`): the label a card carries is not trusted to name a column.
 * A row the client could not read becomes a card that says so.
 */
export function cardFromWire(row: CardRow, columnLabel: string, boardId: number, position: string): Card {
  if (isUnreadable(row)) {
    return {
      id: unreadableId(`${columnLabel}-${position}`, row.rawId),
      title: '',
      displayTitle: sanitize(`${row.rawId ?? '(no id)'} — unreadable: ${row.unreadable}`),
      columnLabel,
      boardId,
      unread: false,
      assignees: null,
      tagIds: [],
      owner: '',
      createdAt: '',
      dueDate: null,
      unreadable: row.unreadable,
      pending: false,
    };
  }
  return listedCard(row, columnLabel, boardId);
}

function listedCard(w: ListedCard, columnLabel: string, boardId: number): Card {
  return {
    id: w.ServiceTaskId,
    title: w.TaskName,
    displayTitle: sanitize(w.TaskName),
    columnLabel,
    boardId: w.BoardId ?? boardId,
    unread: w.ReadUnreadStatus === 0,
    assignees: w.Assignees,
    tagIds: (w.Tags ?? []).map((t) => t.Id),
    owner: w.ThreadOwnerEmail,
    createdAt: w.CreatedAt ?? '',
    dueDate: w.DueDate,
    ...(w.Sender !== undefined ? { sender: sanitize(w.Sender) } : {}),
    ...(w.Snippet !== undefined ? { snippet: sanitize(w.Snippet) } : {}),
    ...(w.Url !== undefined ? { url: w.Url } : {}),
    ...(w.Version !== undefined ? { version: w.Version } : {}),
    ...(w.WaitingSince !== undefined ? { waitingSince: w.WaitingSince } : {}),
    ...(w.ResponseDue !== undefined ? { responseDue: w.ResponseDue } : {}),
    ...(w.ResponseTarget !== undefined ? { responseTarget: w.ResponseTarget } : {}),
    ...(w.Snoozed !== undefined ? { snoozed: w.Snoozed } : {}),
    ...(w.BackFromSnooze !== undefined ? { backFromSnooze: w.BackFromSnooze } : {}),
    pending: false,
  };
}

const sameList = <T>(a: readonly T[] | null, b: readonly T[] | null): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

const sameSnooze = (a: Snooze | null | undefined, b: Snooze | null | undefined): boolean =>
  a === b || (a != null && b != null && a.Until === b.Until && a.UntilReply === b.UntilReply && a.By === b.By);

export function sameCard(a: Card, b: Card): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    a.columnLabel === b.columnLabel &&
    a.boardId === b.boardId &&
    a.unread === b.unread &&
    sameList(a.assignees, b.assignees) &&
    sameList(a.tagIds, b.tagIds) &&
    a.owner === b.owner &&
    a.createdAt === b.createdAt &&
    a.dueDate === b.dueDate &&
    a.sender === b.sender &&
    a.snippet === b.snippet &&
    a.url === b.url &&
    a.version === b.version &&
    a.waitingSince === b.waitingSince &&
    a.responseDue === b.responseDue &&
    a.responseTarget === b.responseTarget &&
    sameSnooze(a.snoozed, b.snoozed) &&
    a.backFromSnooze === b.backFromSnooze &&
    a.unreadable === b.unreadable &&
    a.pending === b.pending &&
    a.checking === b.checking
  );
}

/**
 * Whether someone changed the card between `a` and `b`: what the server
 * works out for it (when its answer is due, by the board's targets) is no
 * one's change to the card.
 */
export const changedByPeople = (a: Card, b: Card): boolean =>
  !sameCard(a, { ...b, responseDue: a.responseDue, responseTarget: a.responseTarget });

/** `next` where it differs from `prev`, else `prev` (keeps identity). */
export const keep = (prev: Card | undefined, next: Card): Card =>
  prev !== undefined && sameCard(prev, next) ? prev : next;

export function withTitle(card: Card, title: string): Card {
  return { ...card, title, displayTitle: sanitize(title) };
}
