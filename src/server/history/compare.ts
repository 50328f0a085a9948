/**
 * What changed on a card between two of its states, as history entries.
 * Pure: record.ts reads the states and writes the entries.
 */
import type { EventKind } from '../../api/schema-events.js';
import type { HistoryKind } from '../../api/schema-history.js';

/** What a card's history follows, as kept in `card_states` (JSON). */
export interface CardState {
  boardId: number;
  board: string;
  column: string;
  title: string;
  due: string | null;
  /** Until when, in words ("2026-12-01T09:00:00.000Z or an answer"); null when not snoozed. */
  snoozed: string | null;
  archived: boolean;
  tags: string[];
  assignees: string[];
  /** The newest reply's and customer message's ids: a higher one is a new message. */
  lastOut: number;
  lastIn: number;
  /** What the newest message sent was (messages.kind: reply, forward, new); absent in states kept before it was. */
  lastOutKind?: string | null;
}

export interface EntryDetail {
  From?: string | null;
  To?: string | null;
  Added?: string[];
  Removed?: string[];
  Via?: string;
}

export interface Entry {
  kind: HistoryKind;
  detail: EntryDetail;
}

const place = (s: CardState, other: CardState | undefined) =>
  other === undefined || other.boardId === s.boardId ? s.column : `${s.board} › ${s.column}`;

const difference = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));

function listChange(kind: HistoryKind, before: string[], now: string[]): Entry[] {
  const Added = difference(now, before);
  const Removed = difference(before, now);
  return Added.length + Removed.length === 0 ? [] : [{ kind, detail: { Added, Removed } }];
}

/**
 * The entries from `before` to `now`. Without `before` (a card made before
 * history was kept, or just created) only what the write's kinds say is
 * told, with the values as they are now.
 */
export function compare(
  before: CardState | undefined,
  now: CardState,
  kinds: ReadonlySet<EventKind>,
  via: string | null,
): Entry[] {
  if (before === undefined) return firstSeen(now, kinds, via);
  const out: Entry[] = [];
  if (before.archived !== now.archived) {
    out.push(
      now.archived
        ? { kind: 'archived', detail: { From: before.column } }
        : { kind: 'restored', detail: { To: now.column } },
    );
  } else if (before.column !== now.column || before.boardId !== now.boardId) {
    out.push({ kind: 'moved', detail: { From: place(before, now), To: place(now, before) } });
  }
  if (before.title !== now.title) out.push({ kind: 'renamed', detail: { From: before.title, To: now.title } });
  out.push(...listChange('tagged', before.tags, now.tags));
  out.push(...listChange('assigned', before.assignees, now.assignees));
  if (before.due !== now.due) out.push({ kind: 'due', detail: { From: before.due, To: now.due } });
  if (before.snoozed !== now.snoozed && !now.archived) {
    if (now.snoozed !== null) out.push({ kind: 'snoozed', detail: { From: before.snoozed, To: now.snoozed } });
    else
      out.push({ kind: 'woken', detail: { From: before.snoozed, To: kinds.has('card-woken') ? 'by itself' : null } });
  }
  if (now.lastIn > before.lastIn) out.push({ kind: 'answered', detail: {} });
  if (now.lastOut > before.lastOut)
    out.push({ kind: now.lastOutKind === 'forward' ? 'forwarded' : 'replied', detail: {} });
  return out;
}

function firstSeen(now: CardState, kinds: ReadonlySet<EventKind>, via: string | null): Entry[] {
  if (kinds.has('card-created')) return [{ kind: 'created', detail: { To: now.column, Via: via ?? 'api' } }];
  const out: Entry[] = [];
  if (kinds.has('card-moved')) out.push({ kind: 'moved', detail: { From: null, To: now.column } });
  if (kinds.has('card-archived')) out.push({ kind: 'archived', detail: { From: now.column } });
  if (kinds.has('card-restored')) out.push({ kind: 'restored', detail: { To: now.column } });
  if (kinds.has('tags')) out.push({ kind: 'tagged', detail: { To: now.tags.join(', ') } });
  if (kinds.has('card-snoozed') && now.snoozed !== null) out.push({ kind: 'snoozed', detail: { To: now.snoozed } });
  if (kinds.has('card-woken')) out.push({ kind: 'woken', detail: { To: 'by itself' } });
  return out;
}
