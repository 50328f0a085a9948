/**
 * Card details read ahead of Enter (detail-prefetch.ts) or by an earlier
 * opening, so the detail's first frame can carry the notes, comments and
 * sub-tasks instead of "loading…". A hint, never the truth: opening a card
 * shows the cached answer at once and still asks the server again.
 *
 * Bounded (oldest entry out first), and an answer is kept only if nothing
 * dropped its card since the request was sent: `version` before sending,
 * `put(id, answer, version)` after. The card's own mutations drop it
 * (detail-prefetch.ts watches `pending`), a refresh or a board switch drops
 * all.
 */
import type { CardDetail, CardId } from '../api/read-model.js';

/** Entries kept: a few screens of cursor moves (one detail is a few KB). */
export const DETAIL_CACHE_SIZE = 32;
/** Older answers are not shown (the auto-refresh, every 30 s by default, clears them sooner). */
export const DETAIL_CACHE_MAX_AGE_MS = 120_000;

interface Entry {
  readonly data: CardDetail;
  readonly at: number;
}

export class DetailCache {
  private readonly entries = new Map<CardId, Entry>();
  /** Bumped by every drop and clear; answers carry the value from when they were asked for. */
  private stamp = 0;
  private clearedAt = 0;
  /** Card → the stamp of its last drop (emptied by clear, which outdates them all). */
  private readonly droppedAt = new Map<CardId, number>();
  /** The read ahead in flight (at most one), so an Enter meanwhile waits for it instead of asking twice. */
  private ahead: { readonly id: CardId; readonly answer: Promise<CardDetail>; readonly version: number } | null = null;
  /** Called once an answer is kept, so views drawn from the cache (detail-peek.ts) draw it. */
  onStored: (() => void) | null = null;

  constructor(
    private readonly limit = DETAIL_CACHE_SIZE,
    private readonly maxAgeMs = DETAIL_CACHE_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: CardId): CardDetail | undefined {
    const e = this.entries.get(id);
    if (e === undefined) return undefined;
    if (this.now() - e.at > this.maxAgeMs) {
      this.entries.delete(id);
      return undefined;
    }
    return e.data;
  }

  has(id: CardId): boolean {
    return this.get(id) !== undefined;
  }

  /** What to hand back to `put` with the answer of a request sent now. */
  version(): number {
    return this.stamp;
  }

  /** Keeps `data` unless the card was dropped since `version`; says whether it did. */
  put(id: CardId, data: CardDetail, version: number): boolean {
    if (version < this.clearedAt || version < (this.droppedAt.get(id) ?? 0)) return false;
    this.entries.delete(id);
    this.entries.set(id, { data, at: this.now() });
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.onStored?.();
    return true;
  }

  drop(id: CardId): void {
    this.droppedAt.set(id, ++this.stamp);
    this.entries.delete(id);
    if (this.ahead?.id === id) this.ahead = null;
  }

  clear(): void {
    this.clearedAt = ++this.stamp;
    this.droppedAt.clear();
    this.entries.clear();
    this.ahead = null;
  }

  /** Records a read ahead of `id`; its answer is kept if still current when it lands. */
  readAhead(id: CardId, answer: Promise<CardDetail>): void {
    const version = this.version();
    const entry = { id, answer, version };
    this.ahead = entry;
    answer.then(
      (data) => {
        if (this.ahead === entry) this.ahead = null;
        this.put(id, data, version);
      },
      () => {
        if (this.ahead === entry) this.ahead = null;
      },
    );
  }

  /** Whether a read ahead is in flight (of any card). */
  get reading(): boolean {
    return this.ahead !== null;
  }

  /** The read ahead of `id` in flight, if any, with the version it was sent at. */
  inFlight(id: CardId): { answer: Promise<CardDetail>; version: number } | undefined {
    return this.ahead?.id === id ? this.ahead : undefined;
  }

  /** Entries held (expired ones included until read). */
  get size(): number {
    return this.entries.size;
  }
}

/** Deep equality of two read answers (plain JSON-like values): a revalidation that changes nothing draws nothing. */
export function sameDetail(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !sameDetail((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}
