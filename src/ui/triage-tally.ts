/**
 * What triage did to each card, counted from the board as it is now: a
 * move the server refused, or one undone, no longer counts; a card archived
 * since counts as it was last seen.
 */
import type { CardId } from '../api/read-model.js';
import type { BoardState, Card } from '../store/index.js';

/** What triage did to a card, in the order the progress line counts them. */
export const DIDS = [
  'moved',
  'archived',
  'snoozed',
  'tagged',
  'assigned',
  'dated',
  'commented',
  'noted',
  'subTasks',
  'replied',
  'forwarded',
] as const;
export type Did = (typeof DIDS)[number];
const WORDS: Record<Did, string> = {
  moved: 'moved',
  archived: 'archived',
  snoozed: 'snoozed',
  tagged: 'tagged',
  assigned: 'assigned',
  dated: 'dated',
  commented: 'commented',
  noted: 'noted',
  subTasks: 'with sub-tasks',
  replied: 'answered',
  forwarded: 'forwarded',
};

export class TriageTally {
  /** Each card as triage first showed it: what its tags, assignees and due date were. */
  private readonly first = new Map<CardId, Card>();
  private readonly acted = new Map<CardId, Set<Did>>();
  /** Cards triage acted on, as last seen on the board: what a card archived since was left with. */
  private readonly last = new Map<CardId, Card>();

  /** `column`: the label of the column triage walks. */
  constructor(private readonly column: string) {}

  /** The card `id` is on screen: the first time, remember it as it was. */
  saw(id: CardId, card: Card | undefined): void {
    if (!this.first.has(id) && card !== undefined) this.first.set(id, card);
  }

  record(id: CardId, did: Did): void {
    const dids = this.acted.get(id) ?? new Set<Did>();
    dids.add(did);
    this.acted.set(id, dids);
  }

  /** The board changed: keep the cards acted on as they are now. */
  sync(s: BoardState): void {
    for (const id of this.acted.keys()) {
      const card = s.view.cards.get(id);
      if (card !== undefined) this.last.set(id, card);
    }
  }

  /** How many cards each thing was done to, as the board is now; only what was done. */
  counts(s: BoardState): [Did, number][] {
    const n = new Map<Did, number>();
    for (const [id, dids] of this.acted) {
      const card = s.view.cards.get(id);
      const was = this.first.get(id);
      for (const d of dids) if (this.holds(d, card, this.last.get(id), was)) n.set(d, (n.get(d) ?? 0) + 1);
    }
    return DIDS.filter((d) => n.has(d)).map((d) => [d, n.get(d) ?? 0]);
  }

  /** ` · 5 moved · 2 archived`, or '' before anything was done. */
  text(s: BoardState): string {
    return this.counts(s)
      .map(([d, n]) => ` · ${n} ${WORDS[d]}`)
      .join('');
  }

  /**
   * Whether what triage did still shows on the board (a refused or undone
   * change does not); of a card gone since, as it was last seen.
   */
  private holds(d: Did, card: Card | undefined, last: Card | undefined, was: Card | undefined): boolean {
    const now = card ?? last;
    switch (d) {
      case 'moved':
        return card !== undefined && card.columnLabel !== this.column;
      case 'archived':
      case 'snoozed':
        return card === undefined;
      case 'tagged':
        return now !== undefined && !sameSet(now.tagIds, was?.tagIds ?? []);
      case 'assigned':
        return now !== undefined && !sameSet(now.assignees ?? [], was?.assignees ?? []);
      case 'dated':
        return now !== undefined && now.dueDate !== (was?.dueDate ?? null);
      default:
        return true;
    }
  }
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
