/**
 * Idempotency keys of the mutations that add something (a card, a comment,
 * a note, a sub-task, a restored card: the kinds whose record has an
 * `identity`). A failure after the server committed (a reset, a
 * timeout, a cut-off answer) looks like any other, so the key of a failed
 * one is kept by what it adds: when the user sends the same text again it
 * goes with the same key, and the service replays its first answer instead
 * of adding a second card.
 */
import { randomUUID } from 'node:crypto';
import type { CardId } from '../api/read-model.js';
import { kindOf } from './kinds/index.js';
import type { MutationInput } from './mutation-kinds.js';

/** One send's key, and what it adds (how a retry of it is recognised). */
export interface Ticket {
  readonly identity: string;
  readonly key: string;
}

export class IdempotencyKeys {
  /** Keys of failed sends, by identity. */
  private readonly failed = new Map<string, string>();

  /**
   * The key to send `m` with: its failed twin's, else a fresh one; none for
   * kinds that add nothing. `resolve` gives a created card's real id.
   */
  ticket(m: MutationInput, boardId: number | null, resolve: (id: CardId) => CardId): Ticket | undefined {
    const identity = identityOf(m, boardId, resolve);
    if (identity === undefined) return undefined;
    return { identity, key: this.failed.get(identity) ?? randomUUID() };
  }

  succeeded(t: Ticket | undefined): void {
    if (t !== undefined) this.failed.delete(t.identity);
  }

  /** Kept for a resend of the same text (not for a cancelled one: it never left). */
  failedWith(t: Ticket | undefined): void {
    if (t !== undefined) this.failed.set(t.identity, t.key);
  }
}

function identityOf(m: MutationInput, boardId: number | null, resolve: (id: CardId) => CardId): string | undefined {
  const identity = kindOf(m).identity;
  return identity === null ? undefined : JSON.stringify([m.kind, ...identity(m, boardId, resolve)]);
}
