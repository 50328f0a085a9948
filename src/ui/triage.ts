/**
 * Triage (`i`): a column's cards one at a time, one key per decision. It
 * walks the column's card ids as they were when it opened (the filter's
 * matches, when one is set), with the cards later pages bring appended, so
 * a card leaving the column — moved, archived — shifts nothing; cards no
 * longer in the column are stepped over. What it did is counted from the
 * board as it is now (triage-tally.ts).
 */
import type { CardId } from '../api/read-model.js';
import type { BoardState, BoardStore, Card } from '../store/index.js';
import { isServerId } from '../store/index.js';
import { sanitize } from '../text/sanitize.js';
import { truncate } from '../text/width.js';
import type { BoardFilter } from './filter.js';
import { TriageTally, type Did } from './triage-tally.js';
import type { SeenClock } from './keys/seen-clock.js';

/** Cards left ahead in the walk below which the column's next page is asked for. */
const LOAD_AHEAD = 5;

export interface TriageOptions {
  store: BoardStore;
  /** The board filter now: triage walks its matches. */
  filter: () => BoardFilter | null;
  /** Draws a card: the store's detail opened on it (and marked read, as opening a card does). */
  open: (cardId: CardId) => void;
  /** Whether a card has been seen long enough for a key to move or archive it (keys/seen-clock.ts). */
  clock: SeenClock<CardId>;
}

export type TriagePhase = 'card' | 'loading' | 'done';

export class Triage {
  private readonly ids: CardId[] = [];
  private readonly known = new Set<CardId>();
  private at = 0;
  /** What triage did, counted from the board as it is now. */
  private readonly tally: TriageTally;
  private list: readonly Card[] | undefined;
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private readonly stop: () => void;
  /** A move or archive the server refused: the card is back in the column, behind the one on screen. */
  refused: { id: CardId; title: string } | null = null;
  /** Lines the card on screen is scrolled by. */
  scroll = 0;
  /** The filter whose matches triage walks, as the status bar names it; null without one. */
  readonly filterLabel: string | null;

  /** Starts on the column `column` (a label) at `from`, or its first card. */
  constructor(
    private readonly o: TriageOptions,
    readonly column: string,
    from: CardId | null,
  ) {
    const s = o.store.getState();
    this.tally = new TriageTally(column);
    this.filterLabel = o.filter()?.label ?? null;
    this.take(s);
    const i = from === null ? -1 : this.ids.indexOf(from);
    this.at = Math.max(0, i);
    this.stop = o.store.subscribe((next) => this.sync(next));
    this.arrive();
  }

  /** Why triage can't start on the board's focused column, or null. */
  static unavailable(s: BoardState, filter: BoardFilter | null): string | null {
    const col = s.columns[s.cursor.col];
    if (col === undefined) return 'No column here';
    const any = (s.view.columns[col.label] ?? []).some((c) => Triage.eligible(c, filter));
    if (any) return null;
    return filter !== null ? 'No card in this column matches the filter' : 'No cards in this column to triage';
  }

  private static eligible(c: Card, filter: BoardFilter | null): boolean {
    return c.unreadable === undefined && isServerId(c.id) && (filter === null || filter.ids.has(c.id));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly getVersion = (): number => this.version;

  private bump(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Adds the column's cards not walked yet (a page loaded, a card the server just numbered). */
  private take(s: BoardState): boolean {
    this.list = s.view.columns[this.column];
    const filter = this.o.filter();
    const before = this.ids.length;
    for (const c of this.list ?? []) {
      if (this.known.has(c.id) || !Triage.eligible(c, filter)) continue;
      this.known.add(c.id);
      this.ids.push(c.id);
    }
    return this.ids.length > before;
  }

  private sync(s: BoardState): void {
    this.tally.sync(s);
    if (s.view.columns[this.column] === this.list) return;
    const waiting = this.at >= this.ids.length;
    if (!this.take(s)) return;
    // Past the end, waiting for a page: go on with its first card. Not
    // inside the store's notification: opening the card changes the store.
    if (waiting) queueMicrotask(() => this.arrive());
    this.bump();
  }

  /** A card became the one on screen (or the walk ended): draw it, read the next one ahead. */
  private arrive(): void {
    this.scroll = 0;
    this.o.clock.clear();
    const s = this.o.store.getState();
    const id = this.current();
    if (id !== null) {
      this.tally.saw(id, s.view.cards.get(id));
      this.o.open(id);
      const next = this.nextIndex(s, 1);
      if (next !== null) {
        s.readAhead(this.ids[next] as CardId);
        // Its email thread too, so Space draws the next card's messages at once.
        void s.loadThread(this.ids[next] as CardId);
      }
    } else if (s.detail !== null) s.closeCard();
    this.loadAhead(s);
    this.bump();
  }

  /** Asks for the column's next page when the walk nears the end of what is loaded. */
  private loadAhead(s: BoardState): void {
    const p = s.paging[this.column];
    if (p === undefined || !p.hasMore || p.loading || p.pages === 0 || p.error !== null) return;
    let left = 0;
    for (let i = this.at + 1; i < this.ids.length && left < LOAD_AHEAD; i++)
      if (this.inColumn(s, this.ids[i] as CardId)) left++;
    if (left < LOAD_AHEAD) s.loadMore(this.column).catch(() => undefined);
  }

  /** The card on screen, or null once the walk is past the column's last card. */
  current(): CardId | null {
    return this.ids[this.at] ?? null;
  }

  inColumn(s: BoardState, id: CardId): boolean {
    return s.view.cards.get(id)?.columnLabel === this.column;
  }

  columnName(s: BoardState): string {
    return s.columns.find((c) => c.label === this.column)?.displayName ?? this.column;
  }

  /** The index of the next (or previous) card of the walk still in the column, or null. */
  private nextIndex(s: BoardState, dir: 1 | -1): number | null {
    for (let i = Math.min(this.at, this.ids.length) + dir; i >= 0 && i < this.ids.length; i += dir)
      if (this.inColumn(s, this.ids[i] as CardId)) return i;
    return null;
  }

  hasPrevious(): boolean {
    return this.nextIndex(this.o.store.getState(), -1) !== null;
  }

  /** Steps to the next card still in the column (past the last one: the walk is done), or back to the one before. */
  step(dir: 1 | -1): void {
    const s = this.o.store.getState();
    const i = this.nextIndex(s, dir);
    if (i === null && dir === -1) return;
    this.at = i ?? this.ids.length;
    if (this.refused?.id === this.current()) this.refused = null;
    this.arrive();
  }

  phase(s: BoardState): TriagePhase {
    if (this.current() !== null) return 'card';
    const p = s.paging[this.column];
    return p !== undefined && p.pages > 0 && p.error === null && (p.loading || p.hasMore) ? 'loading' : 'done';
  }

  /** The card on screen was drawn (the screen calls this as it draws one): since when it is seen. */
  drawn(id: CardId): void {
    this.o.clock.drawn(id);
  }

  /** Whether the card on screen has been seen long enough for a key to be a decision about it. */
  seen(): boolean {
    const id = this.current();
    return id !== null && this.o.clock.seen(id);
  }

  scrollBy(lines: number): void {
    this.scroll = Math.max(0, this.scroll + lines);
    this.bump();
  }

  record(id: CardId, did: Did): void {
    this.tally.record(id, did);
    this.bump();
  }

  /** A move or archive of `id` the server refused: the card is back, and the screen says where. */
  refusedOn(id: CardId, title: string): void {
    this.refused = { id, title };
    this.bump();
  }

  /** How many cards each thing was done to, as the board is now; only what was done. */
  counts(s: BoardState): [Did, number][] {
    return this.tally.counts(s);
  }

  /** `7 of 23 · 5 moved · 2 archived · 1 tagged` */
  progress(s: BoardState): string {
    return `${Math.min(this.at + 1, this.ids.length)} of ${this.ids.length}${this.tally.text(s)}`;
  }

  /** `Column done: 23 cards · 18 moved · 5 archived` */
  doneLine(s: BoardState): string {
    const n = this.ids.length;
    return `Column done: ${n} ${n === 1 ? 'card' : 'cards'}${this.tally.text(s)}`;
  }

  /** The refused card's title, terminal-safe, for the line that says it is back. */
  refusedText(s: BoardState): string | null {
    if (this.refused === null) return null;
    const r = this.refused;
    if (!this.inColumn(s, r.id)) return null;
    const behind = this.ids.indexOf(r.id) < this.at;
    return `“${truncate(sanitize(r.title), 60)}” is back in ${this.columnName(s)}: the server refused${behind ? ' — k goes back to it' : ''}`;
  }

  /**
   * Ends triage: the card the board's cursor should go to — the one on
   * screen wherever it is now, else the walk's next card still in the
   * column, else its previous one — or null (the column's top).
   */
  close(): CardId | null {
    this.stop();
    this.listeners.clear();
    const s = this.o.store.getState();
    const id = this.current();
    if (id !== null && s.view.cards.get(id) !== undefined) return id;
    const i = this.nextIndex(s, 1) ?? this.nextIndex(s, -1);
    return i === null ? null : (this.ids[i] ?? null);
  }
}
