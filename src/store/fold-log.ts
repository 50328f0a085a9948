/**
 * Folds recorded while a list request is in flight. When its answer lands it
 * replaces (or extends) confirmed state, then these are folded again on top,
 * because the answer may predate them: a late list answer must not undo a
 * move (docs/architecture.md, "The mutation protocol").
 */
import type { CardId } from '../api/read-model.js';
import type { Draft } from './draft.js';
import { applyEffect } from './kinds/index.js';
import type { Mutation } from './mutation-kinds.js';

interface Fold {
  at: number;
  m: Mutation;
  id: CardId;
  result: unknown;
}

export class FoldLog {
  private counter = 0;
  private entries: Fold[] = [];
  private readonly open = new Map<number, number>();
  private nextToken = 0;
  /** Cards our own mutations changed since the last refresh (not "changed by others"). */
  readonly ownTouched = new Set<CardId>();

  /** Call when a list request starts; pass the token to `refold` or `end` when it is over. */
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

  /** Closes `token` and applies again, on `d` (the list's answer), every fold made while it was in flight. */
  refold(token: number, d: Draft): void {
    for (const f of this.end(token)) applyEffect(d, f.m, f.id, f.result);
  }

  /** Called by the engine for every fold into confirmed state. */
  record(m: Mutation, id: CardId, result: unknown): void {
    this.ownTouched.add(id);
    this.counter++;
    if (this.open.size > 0) this.entries.push({ at: this.counter, m, id, result });
  }
}
