/**
 * What the store's action modules share: the client, state access with view
 * and cursor upkeep, and the log that lets a late list response be patched
 * with what the server confirmed while it was in flight.
 */
import type { CardId } from '../api/tolerant.js';
import type { Client } from '../api/types.js';
import { sanitize } from '../text/sanitize.js';
import { fixCursor } from './cursor.js';
import type { KeyedQueue } from './queue.js';
import type { BoardData, BoardState, Mutation } from './types.js';
import { deriveView } from './view.js';

export interface Core {
  readonly client: Client;
  readonly pageSize: number;
  readonly concurrency: number;
  readonly queue: KeyedQueue;
  readonly folds: FoldLog;
  /** Bumped by openBoard: answers for an older generation are dropped. */
  generation: number;
  get(): BoardState;
  /** Applies `patch`, then re-derives the view and re-validates the cursor. */
  update(patch: Partial<BoardData>): void;
  /** Records a failure for the status bar. */
  fail(e: unknown): string;
}

/** The server's words for any thrown value, made safe for the terminal. */
export function errorText(e: unknown): string {
  const raw = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error';
  return sanitize(raw.trim() === '' ? 'Request failed' : raw);
}

/** HTTP status of an ApiError (duck-typed: any Error with a numeric status). */
export function errorStatus(e: unknown): number | undefined {
  const s = (e as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : undefined;
}

export function makeUpdate(get: () => BoardState, set: (p: Partial<BoardData>) => void) {
  return (patch: Partial<BoardData>): void => {
    const s = get();
    const next = { ...s, ...patch };
    const out: Partial<BoardData> = { ...patch };
    if (patch.confirmed || patch.pending || patch.columns || patch.boardId !== undefined) {
      out.view = deriveView(s.view, next.confirmed, next.pending, next.boardId, next.columns);
      out.pendingCount = next.pending.length;
    }
    out.cursor = fixCursor(patch.cursor ?? s.cursor, next.columns, out.view ?? s.view);
    set(out);
  };
}

interface Fold {
  at: number;
  m: Mutation;
  id: CardId;
  result: unknown;
}

/**
 * Folds recorded while a list request is in flight. When its answer lands it
 * replaces confirmed state, then these are folded again on top, because the
 * answer may predate them: a late list response must not undo a move.
 */
export class FoldLog {
  private counter = 0;
  private entries: Fold[] = [];
  private readonly open = new Map<number, number>();
  private nextToken = 0;
  /** Cards our own mutations changed since the last refresh (not "changed by others"). */
  readonly ownTouched = new Set<CardId>();

  begin(): number {
    const token = ++this.nextToken;
    this.open.set(token, this.counter);
    return token;
  }

  /** Folds made since `token` began; closes it. */
  end(token: number): Fold[] {
    const start = this.open.get(token) ?? this.counter;
    this.open.delete(token);
    const since = this.entries.filter((f) => f.at > start);
    const oldest = Math.min(...this.open.values());
    this.entries = this.open.size === 0 ? [] : this.entries.filter((f) => f.at > oldest);
    return since;
  }

  record(m: Mutation, id: CardId, result: unknown): void {
    this.ownTouched.add(id);
    this.counter++;
    if (this.open.size > 0) this.entries.push({ at: this.counter, m, id, result });
  }
}
